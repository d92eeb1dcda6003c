/**
 * Turns a demo/trial registration into a company and its first user (admin screen company-add).
 * The user is named as requested, administers the new company (every letter on every menu there)
 * and must change the temporary password at first sign-in; the password is returned once to the
 * admin who converted the registration. The company starts with the reference fixtures every
 * company has (fixtures/reference: default roles, approval workflows, notification kinds, ATA
 * chapters, authorities, MEL categories ...), loaded in the same transaction.
 */
import { definePlugin, type ActionContext, type ActionInput } from '../../engine/src/plugins/host.ts';
import { appError } from '../../engine/src/errors.ts';
import { hashPassword, temporaryPassword } from '../../engine/src/auth/passwords.ts';
import { versionedUpdate, writeAudit } from '../../engine/src/crud/versioned.ts';
import { inTransaction } from '../../engine/src/crud/repository.ts';
import { loadFixtures } from '../../engine/src/fixtures/loader.ts';
import { referenceFixtures } from '../../engine/src/fixtures/read-fixtures.ts';
import '../errors.ts';

/** A company code from the name: the initials (or first letters), upper case, unique. */
function companyCodeFrom(name: string, taken: Set<string>): string {
  const words = name.toUpperCase().replace(/[^A-Z0-9 ]/g, ' ').split(/\s+/).filter(Boolean);
  let base = words.length >= 3 ? words.map((w) => w[0]).join('').slice(0, 6) : (words.join('').slice(0, 4) || 'CO');
  if (base.length < 3) base = (base + words.join('')).slice(0, 4).padEnd(3, 'X');
  let code = base;
  for (let i = 2; taken.has(code); i++) code = `${base}${i}`;
  return code;
}

/** The action `convert_registration` (metadata `run: registration/index#convertRegistration`). */
export async function convertRegistration(ctx: ActionContext, input: ActionInput) {
  const regkey = Number(input.key);
  if (!Number.isSafeInteger(regkey)) throw appError('ERR_NOT_FOUND');
  const requested = typeof input.body.compcode === 'string' ? input.body.compcode.trim().toUpperCase() : '';
  if (requested && !/^[A-Z0-9]{2,20}$/.test(requested)) {
    throw appError('ERR_VALIDATION', { errors: [{ path: '/compcode', message: 'must be 2 to 20 letters or digits' }] });
  }
  const temp = temporaryPassword();
  const hash = await hashPassword(temp);
  return inTransaction(ctx.db, async (tx) => {
    const reg = await tx.selectFrom('registration').selectAll().where('regkey', '=', regkey).forUpdate().executeTakeFirst();
    if (!reg) throw appError('ERR_NOT_FOUND');
    if (reg.status !== 'new') throw appError('ERR_REGISTRATION_DONE');
    const username = String(reg.username).toLowerCase();
    const clash = await tx.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirst();
    if (clash) throw appError('ERR_DUPLICATE', { message: `The requested login name '${username}' is already taken.` });
    const taken = new Set((await tx.selectFrom('company').select('compcode').execute()).map((r) => r.compcode as string));
    if (requested && taken.has(requested)) throw appError('ERR_DUPLICATE', { message: `The company code '${requested}' is already used.` });
    const compcode = requested || companyCodeFrom(String(reg.company), taken);
    await tx
      .insertInto('company')
      .values({
        compcode,
        company: reg.company,
        compaddr1: reg.compaddr1,
        compaddr2: reg.compaddr2,
        compaddr3: reg.compaddr3,
        PhoneNo: reg.compphone,
        compfax: reg.compfax,
        compemail: reg.compemail,
        holding: compcode,
        isholding: false,
        matauang: 'USD',
        created_by: ctx.user.username,
      })
      .execute();
    const user = await tx
      .insertInto('users')
      .values({
        username,
        full_name: reg.contact_name,
        email: reg.compemail,
        mobile: reg.contact_number,
        usergroup: 'admin',
        active: true,
        password_hash: hash,
        mustchangepw: true,
        last_compcode: compcode,
        created_by: ctx.user.username,
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    const userId = user.user_id as number;
    await tx.insertInto('user_company').values({ compcode, user_id: userId, created_by: ctx.user.username }).execute();
    // Registrations of prospects are the platform operator's (the holding's): a new company's
    // administrator gets every letter on every active entry except the holding-only ones.
    const menus = await tx.selectFrom('menu').select('menu_id').where('active', '=', true).where('holdingonly', 'is not', true).execute();
    if (menus.length) {
      await tx
        .insertInto('user_menu')
        .values(menus.map((m) => ({ compcode, user_id: userId, menu_id: m.menu_id, permission: 'CRUDPO', created_by: ctx.user.username })))
        .execute();
    }
    // the company starts with the reference data every company has, entered by the converting admin
    await loadFixtures({ db: tx, reg: ctx.reg, repo: ctx.repo, plugins: ctx.plugins }, await referenceFixtures(), { companies: [compcode], actor: ctx.user });
    await versionedUpdate(tx, ctx.reg.entity('registration'), regkey, { status: 'converted', converted_compcode: compcode, converted_user_id: userId }, { user: ctx.user, before: reg, reason: 'convert_registration', extra: { compcode, user_id: userId, username } });
    await writeAudit(tx, ctx.user, ctx.reg.entity('company'), compcode, 'insert', { from_registration: regkey });
    return { success: 1, message: `Company ${compcode} and user ${username} created.`, company: { compcode, company: reg.company }, user: { user_id: userId, username }, default_password: temp };
  });
}

export default definePlugin({
  name: 'registration',
  actions: {
    convert_registration: {
      entity: 'registration',
      handler: convertRegistration,
      run: convertRegistration,
    },
  },
});
