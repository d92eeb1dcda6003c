/**
 * Refreshing stored views (decision 0200, engine/src/db/stored-view.ts) before a read: the parts
 * marked stale since the last refresh, and the companies whose `asOf` value (business date) has
 * moved on, are computed again by the view and written to its rows table, in one transaction under
 * an advisory lock (one refresher per view at a time, on any number of servers).
 *
 * Correctness never depends on this: until a part is refreshed, the entity's view reads its live
 * rows. What it buys is speed: a list by forecast date reads the indexed rows table.
 *
 *   await refreshBehind(db, reg, entity)   // before listing, exporting or reading `entity`
 *   await refreshAllStored(db, reg)         // once a minute in every server process
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { quoteIdent as q } from '../db/database.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { ASOF, LIVE, ROWS, STALE, freshCondition, movedCompanies, storedEntities } from '../db/stored-view.ts';
import { columnType } from '../db/schema-model.ts';
import { readsName } from '../db/names.ts';

const behind = new WeakMap<Registry, Map<string, EntityDef[]>>();

/** The stored views an entity reads: itself, and those its view's SELECT reads (through views). */
export function storedBehind(reg: Registry, e: EntityDef): EntityDef[] {
  let byEntity = behind.get(reg);
  if (!byEntity) behind.set(reg, (byEntity = new Map()));
  const known = byEntity.get(e.name);
  if (known) return known;
  const stored = storedEntities(reg);
  const out = new Set<EntityDef>();
  const seen = new Set<string>();
  const visit = (x: EntityDef) => {
    if (seen.has(x.name)) return;
    seen.add(x.name);
    if (x.stored) out.add(x);
    if (!x.view) return;
    for (const v of reg.entities.values()) if (v.view && v.name !== x.name && readsName(x.view, v.table)) visit(v);
  };
  visit(e);
  const list = stored.filter((s) => out.has(s));
  byEntity.set(e.name, list);
  return list;
}


/**
 * Before a read of `e`: stores again the stale parts of every stored view behind it (a few
 * aircraft: tens of milliseconds). A company whose date moved on is computed again in the
 * background (seconds at fleet scale; the view reads its rows live meanwhile), as is everything
 * when another process is already refreshing. Inside a caller's transaction it does nothing (the
 * view reads live rows for what is stale).
 */
export async function refreshBehind(db: DB, reg: Registry, e: EntityDef): Promise<void> {
  if (db.isTransaction) return;
  for (const s of storedBehind(reg, e)) {
    const r = await refreshStored(db, reg, s, { companies: false });
    if (r.companiesWaiting) inBackground(db, reg, s);
  }
}

/** Every stored view brought up to date (the server runs it once a minute, so a new business date is computed before anyone reads it). */
export async function refreshAllStored(db: DB, reg: Registry): Promise<Refreshed[]> {
  const out: Refreshed[] = [];
  if (db.isTransaction) return out;
  for (const s of storedEntities(reg)) out.push(await refreshStored(db, reg, s, { companies: true }));
  return out;
}

const background = new Set<Promise<unknown>>();
function inBackground(db: DB, reg: Registry, e: EntityDef): void {
  const p = refreshStored(db, reg, e, { companies: true })
    .catch((err: unknown) => console.error(`stored view ${e.name}: background refresh failed: ${(err as Error).message}`))
    .finally(() => background.delete(p));
  background.add(p);
}

/** Resolves when the background refreshes this process started have finished (tests, shutdown). */
export async function storedSettled(): Promise<void> {
  while (background.size) await Promise.all(background);
}

/** What a refresh did: companies computed again, parts refreshed, and whether companies are left to do. */
export interface Refreshed {
  companies: string[];
  parts: number;
  /** Companies whose date moved on were left (not asked for, or another process holds the refresh). */
  companiesWaiting: boolean;
  /** Another process was refreshing: nothing was done. */
  busy?: true;
}

/**
 * Brings one stored view's rows up to date (a no-op costing one small query when nothing is
 * stale): with `companies`, the companies whose date moved on too. Never waits for another
 * refresher (a try-lock): what it leaves is read live and done by the next one.
 */
export async function refreshStored(db: DB, reg: Registry, e: EntityDef, opts: { companies: boolean }): Promise<Refreshed> {
  const s = e.stored!;
  const t = e.table;
  const asOf = reg.entity(s.asOf.entity);
  const moved = sql.raw(movedCompanies(e, asOf.table));
  const need = (await sql<{ stale: boolean; moved: boolean }>`select exists (select 1 from ${sql.table(t + STALE)}) as stale, exists (${moved}) as moved`.execute(db)).rows[0];
  if (!need?.stale && !need?.moved) return { companies: [], parts: 0, companiesWaiting: false };
  if (!need.stale && !opts.companies) return { companies: [], parts: 0, companiesWaiting: true };
  const cols = [e.key, ...(e.companyScoped ? ['compcode'] : []), ...e.fields.map((f) => f.name)].map(q).join(', ');
  const partField = e.fields.find((f) => f.name === s.part)!;
  const partType = columnType(partField, reg).startsWith('varchar') ? 'text' : columnType(partField, reg);
  return db.transaction().execute(async (tx) => {
    const locked = (await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`stored view ${t}`})) as ok`.execute(tx)).rows[0]?.ok;
    if (!locked) return { companies: [], parts: 0, companiesWaiting: Boolean(need.moved), busy: true as const };
    // the companies whose business date moved on (or never computed): all their rows again; the
    // date is read before the rows are computed, so a date moving on in between is seen next time
    const companies = opts.companies ? (await sql<{ compcode: string; day: string | null }>`${moved}`.execute(tx)).rows : [];
    for (const c of companies) {
      await sql`delete from ${sql.table(t + ROWS)} where compcode = ${c.compcode}`.execute(tx);
      await sql`insert into ${sql.table(t + ROWS)} (${sql.raw(cols)}) select ${sql.raw(cols)} from ${sql.table(t + LIVE)} where compcode = ${c.compcode}`.execute(tx);
      await sql`insert into ${sql.table(t + ASOF)} (compcode, day) values (${c.compcode}, ${c.day}::date) on conflict (compcode) do update set day = excluded.day`.execute(tx);
    }
    // the stale parts: only the markers committed before this statement are taken; a writer
    // still at work keeps its own (its rows are read live until the next refresh)
    const marked = (await sql<{ part: unknown }>`delete from ${sql.table(t + STALE)} returning part`.execute(tx)).rows;
    const parts = [...new Set(marked.map((r) => r.part))];
    if (parts.length) {
      const list = sql`${sql.val(parts)}::${sql.raw(partType)}[]`;
      await sql`delete from ${sql.table(t + ROWS)} where ${sql.ref(s.part)} = any(${list})`.execute(tx);
      await sql`insert into ${sql.table(t + ROWS)} (${sql.raw(cols)}) select ${sql.raw(cols)} from ${sql.table(t + LIVE)} where ${sql.ref(s.part)} = any(${list})`.execute(tx);
    }
    // a company's rows written again: the planner's figures of the table follow (a page by
    // forecast date keeps walking its index)
    if (companies.length) await sql`analyze ${sql.table(t + ROWS)}`.execute(tx);
    return { companies: companies.map((c) => c.compcode), parts: parts.length, companiesWaiting: !opts.companies && Boolean(need.moved) };
  });
}

/**
 * For a stored view entity: its rows table, and the condition (for the same statement) that holds
 * when every stored row is what the view gives: nothing marked stale, no company's date moved on.
 */
export function storedSource(reg: Registry, e: EntityDef): { rows: string; fresh: string; live: string; moved: string } | undefined {
  if (!e.stored || !e.view) return undefined;
  const asOf = reg.entity(e.stored.asOf.entity).table;
  return { rows: e.table + ROWS, fresh: freshCondition(e, asOf), live: e.table + LIVE, moved: `exists (${movedCompanies(e, asOf)})` };
}
