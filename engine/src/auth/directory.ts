/**
 * The user directory's reads: the active users of a company (the user pick of routing, the
 * company user list) and the companies a user works in, each one page with its total; the link
 * of a user to a company; the last company a user worked in.
 *
 *   const { list, total } = await companyUsers(db, 'GAT', { page: 1, limit: 10, sortBy: 'username', desc: false });
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

/** A LIKE argument matching `s` anywhere, its wildcards escaped. */
function likeArg(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PageOf {
  page: number;
  limit: number;
  desc: boolean;
}

/** The company's active users matching the filters (contains, any case), one page and the total. */
export async function companyUsers(
  db: DB,
  compcode: string,
  o: PageOf & { sortBy: 'username' | 'full_name' | 'company' | 'jabatan'; username?: string; full_name?: string; company?: string },
) {
  let q = db
    .selectFrom('users as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
    .innerJoin('company as c', 'c.compcode', 'uc.compcode')
    .where('uc.compcode', '=', compcode)
    .where('u.active', '=', true);
  if (o.username) q = q.where('u.username', 'ilike', likeArg(o.username));
  if (o.full_name) q = q.where('u.full_name', 'ilike', likeArg(o.full_name));
  if (o.company) q = q.where('c.company', 'ilike', likeArg(o.company));
  const sortCol = o.sortBy === 'company' ? 'c.company' : (`u.${o.sortBy}` as const);
  const [list, total] = await Promise.all([
    q
      .select(['u.user_id', 'u.username', 'u.full_name', 'c.company', 'u.jabatan', 'u.crewnik', 'u.user_id as crewkey'])
      .orderBy(sortCol, o.desc ? 'desc' : 'asc')
      .orderBy('u.user_id')
      .limit(o.limit)
      .offset((o.page - 1) * o.limit)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

/** The companies the user works in (of one group when `holding` is given; `text` in name or code), one page and the total. */
export async function companiesOfUser(db: DB, userId: number, o: PageOf & { sortBy: 'company' | 'compcode'; holding?: string; text?: string }) {
  let q = db.selectFrom('company as c').innerJoin('user_company as uc', 'uc.compcode', 'c.compcode').where('uc.user_id', '=', userId);
  if (o.holding) q = q.where('c.holding', '=', o.holding);
  const text = o.text;
  if (text) q = q.where((eb) => eb.or([eb('c.company', 'ilike', likeArg(text)), eb('c.compcode', 'ilike', likeArg(text))]));
  const [rows, total] = await Promise.all([
    q
      .select(['c.compcode', 'c.company', 'c.compaddr1', 'c.compaddr2', 'c.compaddr3', 'c.PhoneNo', 'c.compfax', 'c.holding', 'c.isholding', 'c.compcolor'])
      .orderBy(`c.${o.sortBy}` as const, o.desc ? 'desc' : 'asc')
      .limit(o.limit)
      .offset((o.page - 1) * o.limit)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The user works in the company (a user_company link). */
export async function worksIn(db: DB, userId: number, compcode: string): Promise<boolean> {
  return Boolean(await db.selectFrom('user_company').select('user_id').where('user_id', '=', userId).where('compcode', '=', compcode).executeTakeFirst());
}

/**
 * Records the company the user switched to (users.last_compcode) in the caller's transaction. The
 * switch is audited by the caller as an action; the user's row keeps its version (a preference,
 * as the spec's switch has always been).
 */
export async function rememberLastCompany(tx: DB, userId: number, compcode: string): Promise<void> {
  await tx.updateTable('users').set({ last_compcode: compcode }).where('user_id', '=', userId).execute();
}
