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
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { quoteIdent as q } from '../db/database.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { ASOF, LIVE, ROWS, STALE, storedEntities } from '../db/stored-view.ts';
import { columnType } from '../db/schema-model.ts';

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

/** Whether a SELECT names a table or view (a whole identifier, quoted or not). */
export function readsName(sqlText: string, name: string): boolean {
  return new RegExp(`(^|[^a-zA-Z0-9_."])"?${name}"?($|[^a-zA-Z0-9_"])`).test(sqlText);
}

/** Refreshes every stored view behind `e`; inside a caller's transaction it does nothing (the view reads live rows). */
export async function refreshBehind(db: DB, reg: Registry, e: EntityDef): Promise<void> {
  if (db.isTransaction) return;
  for (const s of storedBehind(reg, e)) await refreshStored(db, reg, s);
}

/** What a refresh did: companies computed again, parts refreshed. */
export interface Refreshed {
  companies: string[];
  parts: number;
}

/** Brings one stored view's rows up to date (a no-op costing one small query when nothing is stale). */
export async function refreshStored(db: DB, reg: Registry, e: EntityDef): Promise<Refreshed> {
  const s = e.stored!;
  const t = e.table;
  const asOf = reg.entity(s.asOf.entity);
  const moved = sql.raw(
    `select d.compcode, d.${q(s.asOf.field)}::text as day from ${q(asOf.table)} d left join ${q(t + ASOF)} a on a.compcode = d.compcode where a.day is distinct from d.${q(s.asOf.field)}`,
  );
  const need = await sql<{ need: boolean }>`select (exists (select 1 from ${sql.table(t + STALE)}) or exists (${moved})) as need`.execute(db);
  if (!need.rows[0]?.need) return { companies: [], parts: 0 };
  const cols = [e.key, ...(e.companyScoped ? ['compcode'] : []), ...e.fields.map((f) => f.name)].map(q).join(', ');
  const partField = e.fields.find((f) => f.name === s.part)!;
  const partType = columnType(partField, reg).startsWith('varchar') ? 'text' : columnType(partField, reg);
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`stored view ${t}`}))`.execute(tx);
    // the companies whose business date moved on (or never computed): all their rows again; the
    // date is read before the rows are computed, so a date moving on in between is seen next time
    const companies = (await sql<{ compcode: string; day: string | null }>`${moved}`.execute(tx)).rows;
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
    return { companies: companies.map((c) => c.compcode), parts: parts.length };
  });
}
