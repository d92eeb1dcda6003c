/**
 * Administration behaviour metadata cannot express:
 * - a user created on Manage User joins the active company (users are global identities; without a
 *   company link nobody could see or manage them);
 * - saving a role merges its letters into the letters of every user it is assigned to, in that
 *   company (union: a role never removes letters; Menu Access edits them per user);
 * - an admin resets a user's password to a temporary one shown once (action reset_user_password).
 */
import { sql } from 'kysely';
import { definePlugin, type HookContext } from '../../engine/src/plugins/host.ts';
import { appError } from '../../engine/src/errors.ts';
import { normaliseLetters } from '../../engine/src/access/ability.ts';
import { hashPassword, temporaryPassword } from '../../engine/src/auth/passwords.ts';

async function applyRole(ctx: HookContext): Promise<void> {
  const roleId = ctx.row.id as number;
  const compcode = ctx.user.compcode;
  const menus = await ctx.db.selectFrom('role_menu').select(['menu_id', 'permission']).where('role', '=', roleId).execute();
  const users = await ctx.db.selectFrom('role_user').select(['user_id']).where('role', '=', roleId).execute();
  for (const u of users) {
    for (const m of menus) {
      const existing = await ctx.db
        .selectFrom('user_menu')
        .select(['id', 'permission'])
        .where('compcode', '=', compcode)
        .where('user_id', '=', u.user_id as number)
        .where('menu_id', '=', m.menu_id as number)
        .forUpdate()
        .executeTakeFirst();
      const merged = normaliseLetters(`${(existing?.permission as string | undefined) ?? ''}${String(m.permission)}`);
      if (!merged) continue;
      if (existing) {
        if (merged !== existing.permission) {
          await ctx.db.updateTable('user_menu').set({ permission: merged, version: sql`version + 1`, updated_at: sql`now()`, updated_by: ctx.user.username }).where('id', '=', existing.id as number).execute();
        }
      } else {
        await ctx.db.insertInto('user_menu').values({ compcode, user_id: u.user_id, menu_id: m.menu_id, permission: merged, created_by: ctx.user.username }).execute();
      }
    }
  }
}

/**
 * A user works in several companies; changing or deleting the account affects all of them, so it
 * needs U (change) or D (delete) on Manage User in every company the user works in.
 */
async function mayManageEverywhere(ctx: HookContext, letter: 'U' | 'D'): Promise<void> {
  const userId = Number(ctx.before?.user_id ?? ctx.row.user_id);
  const companies = await ctx.db.selectFrom('user_company').select('compcode').where('user_id', '=', userId).execute();
  for (const { compcode } of companies) {
    const grant = await ctx.db
      .selectFrom('user_menu as p')
      .innerJoin('menu as m', 'm.menu_id', 'p.menu_id')
      .select('p.permission')
      .where('p.user_id', '=', ctx.user.user_id)
      .where('p.compcode', '=', compcode as string)
      .where('m.modulname', '=', 'admin')
      .where('m.route', '=', 'user')
      .executeTakeFirst();
    if (!String(grant?.permission ?? '').includes(letter)) {
      throw appError('ERR_FORBIDDEN', { message: 'This user also works in a company where you may not manage users.' });
    }
  }
}

export default definePlugin({
  name: 'admin-access',
  hooks: {
    users: {
      beforeUpdate: async (ctx) => mayManageEverywhere(ctx, 'U'),
      beforeDelete: async (ctx) => mayManageEverywhere(ctx, 'D'),
      afterCreate: async (ctx) => {
        await ctx.db.insertInto('user_company').values({ compcode: ctx.user.compcode, user_id: Number(ctx.row.user_id), created_by: ctx.user.username }).execute();
      },
      beforeCreate: async (ctx) => {
        if (typeof ctx.row.username === 'string') ctx.row.username = ctx.row.username.trim().toLowerCase();
        ctx.row.mustchangepw = true;
      },
    },
    role: { afterCreate: applyRole, afterUpdate: applyRole },
    role_menu: {
      beforeCreate: async (ctx) => {
        const p = normaliseLetters(String(ctx.row.permission ?? ''));
        if (!p) throw appError('ERR_VALIDATION', { errors: [{ path: '/permission', message: 'must hold some of the letters C R U D P O' }] });
        ctx.row.permission = p;
      },
    },
  },
  actions: {
    reset_user_password: {
      entity: 'users',
      async run(ctx, input) {
        const userId = Number(input.key);
        // the account is shared by every company the user works in
        await mayManageEverywhere({ db: ctx.db, user: ctx.user, row: { user_id: userId } }, 'U');
        const temp = temporaryPassword();
        const hash = await hashPassword(temp);
        await ctx.db.transaction().execute(async (tx) => {
          const done = await tx
            .updateTable('users')
            .set({ password_hash: hash, mustchangepw: true, pw_changed_at: sql`now()`, version: sql`version + 1`, updated_at: sql`now()`, updated_by: ctx.user.username })
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) !== 1) throw appError('ERR_NOT_FOUND');
          await tx.updateTable('sys_refresh_token').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
          await tx
            .insertInto('sys_audit')
            .values({ entity: 'users', record_key: String(userId), action: 'action', company: ctx.user.compcode, user_id: ctx.user.user_id, username: ctx.user.username, changes: JSON.stringify({ action: 'reset password' }) })
            .execute();
        });
        return { success: 1, message: 'Reset Password Successfully', default_password: temp };
      },
    },
  },
});
