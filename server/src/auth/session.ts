/**
 * Per-request identity: the token's user (read from the database, or from the per-process cache
 * that every committed change of the auth tables empties, so a disabled user, a changed company or
 * changed letters take effect on the next request), the active company, and the CASL ability
 * built from the letters in that company.
 */
import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { UsersTable } from '../../../engine/src/db/schema.gen.ts';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import { sharedAbility, type AppAbility, type MenuGrant } from '../../../engine/src/access/ability.ts';
import type { UserRef } from '../../../engine/src/crud/repository.ts';
import { appError } from '../../../engine/src/errors.ts';
import type { AccessClaims } from './tokens.ts';
import type { AuthCache } from './cache.ts';
import type { CompanyRow as ApiCompanyRow, PeriodDates, Session } from '../api/types.ts';

/**
 * The user row as the session reads it (USER_COLUMNS), typed by the users table
 * (engine/src/db/schema.gen.ts): `token_gen` is the generation access tokens carry (a raised one
 * ends them, sessions.ts), `language` the language the user reads the product in (decision 0144).
 */
export type UserRow = Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>;

/** The active company's row as the session reads it (its fields; a customer's extra fields too). */
export type CompanyRow = Omit<ApiCompanyRow, 'created_at' | 'created_by' | 'updated_at' | 'updated_by' | 'version'> & Record<string, unknown>;

export interface RequestAuth {
  claims: AccessClaims;
  user: UserRow;
  company: CompanyRow;
  ref: UserRef;
  grants: MenuGrant[];
  ability: AppAbility;
}

export const USER_COLUMNS = [
  'user_id',
  'username',
  'full_name',
  'email',
  'mobile',
  'usergroup',
  'jabatan',
  'departemen',
  'departkd',
  'crewnik',
  'active',
  'password_hash',
  'mustchangepw',
  'last_compcode',
  'pw_changed_at',
  'token_gen',
  'language',
] as const;

export async function findUserByName(db: DB, username: string): Promise<UserRow | undefined> {
  return (await db.selectFrom('users').select([...USER_COLUMNS]).where('username', '=', username.trim().toLowerCase()).executeTakeFirst()) as UserRow | undefined;
}

export async function findUser(db: DB, userId: number): Promise<UserRow | undefined> {
  return (await db.selectFrom('users').select([...USER_COLUMNS]).where('user_id', '=', userId).executeTakeFirst()) as UserRow | undefined;
}

/** The companies the user may work in, in compcode order. */
export async function userCompanies(db: DB, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_company').select('compcode').where('user_id', '=', userId).orderBy('compcode').execute();
  return rows.map((r) => r.compcode as string);
}

/** The active company: the last one used when still allowed, else the first allowed one. */
export async function activeCompany(db: DB, user: UserRow): Promise<CompanyRow> {
  const allowed = await userCompanies(db, user.user_id);
  if (allowed.length === 0) throw appError('ERR_COMPANY_FORBIDDEN', { message: 'This account is not assigned to any company.' });
  const code = user.last_compcode && allowed.includes(user.last_compcode) ? user.last_compcode : allowed[0];
  return companyByCode(db, code);
}

/** A company's row by its code (it must exist). */
export async function companyByCode(db: DB, code: string): Promise<CompanyRow> {
  return (await db.selectFrom('company').selectAll().where('compcode', '=', code).executeTakeFirstOrThrow()) as CompanyRow;
}

const companyColumnCache = new WeakMap<Registry, { names: string[]; hash: string }>();

/** The company table's columns as this process's metadata has them (key, fields, standard columns). */
function companyColumnsOf(reg: Registry): { names: string[]; hash: string } {
  let c = companyColumnCache.get(reg);
  if (!c) {
    const e = reg.entity('company');
    const names = [...new Set([e.key, ...e.fields.filter((f) => f.type !== 'binary').map((f) => f.name)])];
    c = { names, hash: createHash('sha1').update(names.join(',')).digest('hex').slice(0, 12) };
    companyColumnCache.set(reg, c);
  }
  return c;
}

/**
 * One round trip: the user, the active company (the last one used when still allowed, else the
 * first allowed one, as `activeCompany`) and the user's letters in it. Read fresh on every
 * request; a request used to cost four statements one after the other before its own work.
 */
export interface AuthRow {
  user: UserRow;
  company: CompanyRow | null;
  grants: MenuGrant[];
}

async function authRow(db: DB, reg: Registry, userId: number): Promise<AuthRow | undefined> {
  // Named columns, not c.*: the statement is prepared once per connection (PREPARED in
  // engine/src/db/database.ts), and a column added by a later migration must not change its result.
  const companyColumns = companyColumnsOf(reg);
  const r = await sql<Record<string, unknown>>`${sql.raw(`/* prepared:auth_row_${companyColumns.hash} */`)}
    select ${sql.join(USER_COLUMNS.map((c) => sql`u.${sql.ref(c)} as ${sql.ref(`u__${c}`)}`))},
           ${sql.join(companyColumns.names.map((c) => sql`c.${sql.ref(c)}`))},
           (select coalesce(json_agg(json_build_object('module', m.modulname, 'menu', m.name, 'route', m.route, 'letters', p.permission)), '[]'::json)
              from user_menu p join menu m on m.menu_id = p.menu_id
             where p.user_id = u.user_id and p.compcode = c.compcode and m.active
               and (not coalesce(m.holdingonly, false) or coalesce(c.isholding, false))) as u__grants
      from users u
      left join lateral (
        select uc.compcode from user_company uc where uc.user_id = u.user_id
         order by coalesce(uc.compcode = u.last_compcode, false) desc, uc.compcode limit 1
      ) a on true
      left join company c on c.compcode = a.compcode
     where u.user_id = ${userId}`.execute(db);
  const row = r.rows[0];
  if (!row) return undefined;
  const user = {} as Record<string, unknown>;
  const company = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(row)) {
    if (k.startsWith('u__')) user[k.slice(3)] = v;
    else company[k] = v;
  }
  const raw = user.grants;
  delete user.grants;
  const grants = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as MenuGrant[];
  return { user: user as unknown as UserRow, company: company.compcode ? (company as CompanyRow) : null, grants };
}

/**
 * The request's identity from its verified claims. With a cache (server/src/auth/cache.ts, decision
 * 0132) the auth row is read once per user until a change of the auth tables is committed; each
 * request gets its own copies of the user and company objects.
 */
export async function loadAuth(db: DB, reg: Registry, claims: AccessClaims, cache?: AuthCache<AuthRow>): Promise<RequestAuth> {
  let found = cache?.get(claims.sub);
  if (!found) {
    const epoch = cache?.epoch ?? 0;
    found = await authRow(db, reg, claims.sub);
    if (!found) throw appError('ERR_AUTH_REQUIRED');
    cache?.set(claims.sub, found, epoch);
  }
  const user = { ...found.user };
  const company = found.company ? { ...found.company } : null;
  // sign-out, a password change or reset and deactivation raise the generation: older tokens end
  if ((claims.gen ?? 0) !== Number(user.token_gen ?? 0)) throw appError('ERR_TOKEN_EXPIRED');
  if (!user.active) throw appError('ERR_USER_INACTIVE');
  if (!company) throw appError('ERR_COMPANY_FORBIDDEN', { message: 'This account is not assigned to any company.' });
  const grants = claims.scope === 'full' ? [...found.grants] : [];
  return {
    claims,
    user,
    company,
    ref: { user_id: user.user_id, username: user.username, compcode: company.compcode },
    grants,
    ability: sharedAbility(reg, { compcode: company.compcode, grants, user_id: user.user_id }),
  };
}

const joinAddress = (c: Record<string, unknown>) =>
  [c.compaddr1, c.compaddr2, c.compaddr3].filter((x) => typeof x === 'string' && x.trim() !== '').join(' ');

const flag = (v: unknown): 0 | 1 => (v ? 1 : 0);

/** The user session object of spec §3. */
export function sessionObject(user: UserRow, c: CompanyRow): Session {
  return {
    username: user.username,
    user_id: user.user_id,
    group: user.usergroup,
    language: user.language === 'id' ? 'id' : 'en',
    full_name: user.full_name,
    email: user.email,
    mobile: user.mobile,
    jabatan: user.jabatan,
    compcode: c.compcode,
    company: c.company,
    compaddr: joinAddress(c),
    compwebsite: c.compwebsite ?? null,
    compcolor: c.compcolor ?? null,
    cashinflowNo: c.cashinflowNo ?? null,
    cashinflowNm: c.cashinflowNm ?? null,
    use_wfservice: flag(c.use_wfservice),
    use_procure: flag(c.use_procure),
    holding: c.holding ?? null,
    matauang: c.matauang ?? null,
    remain_pc_due: c.remain_pc_due ?? null,
    remain_day_due: c.remain_day_due ?? null,
    ad_primary: c.ad_primary ?? null,
    consumable_inveCatg: c.consumable_inveCatg ?? null,
    insp_group_overhaul: c.insp_group_overhaul ?? null,
    insp_group_timelimit: c.insp_group_timelimit ?? null,
  };
}

export function periodDates(c: CompanyRow): PeriodDates {
  return { tglaktif: c.tglaktif ?? null, tglkoran: c.tglkoran ?? null };
}
