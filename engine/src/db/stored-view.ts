/**
 * Stored views (metadata `stored` on a view entity, decision 0200): the view's rows kept in a
 * table, read through the entity's own name, indexed for its lists, and never stale.
 *
 * For an entity `x` with `stored` the schema holds:
 *   x__live   the entity's SELECT, as written (the reference)
 *   x__rows   its rows as of the last refresh, with the declared indexes
 *   x__stale  the parts (e.g. aircraft) whose rows changed since: a row per changing statement,
 *             inserted by statement triggers on every table the view reads, in the writer's own
 *             transaction (plain inserts: a writer never waits for a reader or another writer)
 *   x__asof   per company, the `asOf` value (the business date) the rows were computed for
 *   x         a view: the stored rows of the parts that are not stale in companies whose date has
 *             not moved on, and the live rows of everything else
 * so any reader, in any transaction, sees what `x__live` would give; `refreshStored`
 * (engine/src/query/stored.ts) moves stale parts and companies back into `x__rows` before a list
 * reads them, which is what makes the read fast.
 *
 *   storedViewTables(entity, reg)  // the tables, views and triggers above, for the schema model
 */
import { quoteIdent as q } from './database.ts';
import { shortName } from './names.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import type { ColumnModel, IndexModel, TableModel } from './schema-model.ts';

/** A statement trigger marking a stored view's parts stale when a table it reads changes. */
export interface TriggerModel {
  /** Name of the trigger function; the triggers are `<name>_ins`, `_upd`, `_del`. */
  name: string;
  table: string;
  /** The function's plpgsql body (between begin and end). */
  body: string;
  /** Variables of the function (its `declare` section). */
  declare?: string;
  /** The statements creating its triggers, when not a stored view's three statement triggers (the audit chain's, decision 0310). */
  create?: string[];
}

export const LIVE = '__live';
export const ROWS = '__rows';
export const STALE = '__stale';
export const ASOF = '__asof';

const IDENT = /^[a-z_][a-z0-9_]*$/;


export type Stored = NonNullable<EntityDef['stored']>;

/** The entities with `stored`, by name. */
export function storedEntities(reg: Registry): EntityDef[] {
  return [...reg.entities.values()].filter((e) => e.stored && e.view);
}

/** Column types of the stored rows: the view's, with text for strings (a view's text is not cut). */
function rowColumns(view: TableModel): ColumnModel[] {
  return view.columns.map((c) => ({ ...c, type: c.type.startsWith('varchar') ? 'text' : c.type, nullable: !c.primaryKey }));
}

/** The SELECT of parts a change of `entity` makes stale (reading the changed rows as `changed`). */
export function partsSelect(reg: Registry, e: EntityDef, change: Stored['changedBy'][number]): string {
  if (change.part === 'all') return ''; // handled by the caller: the companies start again
  if (IDENT.test(change.part)) return `select ${q(change.part)} from changed`;
  return change.part;
}

/** The plpgsql body marking parts stale for one `changedBy` entry. */
function markBody(reg: Registry, e: EntityDef, change: Stored['changedBy'][number]): string {
  const t = e.table;
  const changed = reg.entity(change.entity);
  if (change.part === 'all') {
    // every part of the changed rows' companies: the companies are computed again
    const scoped = changed.companyScoped;
    const stmt = scoped ? `delete from ${q(t + ASOF)} where compcode in (select compcode from changed)` : `delete from ${q(t + ASOF)}`;
    return `if tg_op = 'UPDATE' then
    with changed as (select * from changed_old union all select * from changed_new) ${stmt};
  else
    ${stmt};
  end if;`;
  }
  const insert = `insert into ${q(t + STALE)} (part) select distinct p from (${partsSelect(reg, e, change)}) s(p) where p is not null`;
  return `if tg_op = 'UPDATE' then
    with changed as (select * from changed_old union all select * from changed_new) ${insert};
  else
    ${insert};
  end if;`;
}

/**
 * The union read through the entity's name (see the head of this file). The parts read live — the
 * stale ones and every part of a company whose `asOf` value moved on — are one array computed once
 * per statement (an InitPlan), so the stored branch keeps its index order (a list's first page
 * walks its sort index and stops) and the live branch reads only those parts (the condition reaches
 * the view's own scans).
 */
function unionView(e: EntityDef, cols: ColumnModel[], asOfTable: string, partTable: { table: string; key: string }): string {
  const s = e.stored!;
  const t = e.table;
  const part = q(s.part);
  const list = (alias: string) => cols.map((c) => `${alias}.${q(c.name)}::${c.type} as ${q(c.name)}`).join(', ');
  const moved = `array(select d.compcode from ${q(asOfTable)} d left join ${q(t + ASOF)} a on a.compcode = d.compcode where a.day is distinct from d.${q(s.asOf.field)})`;
  const live = `array(select s.part from ${q(t + STALE)} s union select p.${q(partTable.key)} from ${q(partTable.table)} p where p.compcode = any(${moved}))`;
  return `select ${list('r')}
  from ${q(t + ROWS)} r
 where not r.${part} = any(${live})
union all
select ${list('l')}
  from ${q(t + LIVE)} l
 where l.${part} = any(${live})`;
}

/** The companies (compcode, day as text) whose `asOf` value is not the one their rows were stored for. */
export function movedCompanies(e: EntityDef, asOfTable: string): string {
  const f = q(e.stored!.asOf.field);
  return `select d.compcode, d.${f}::text as day from ${q(asOfTable)} d left join ${q(e.table + ASOF)} a on a.compcode = d.compcode where a.day is distinct from d.${f}`;
}

/** True in a statement whose snapshot has every stored row fresh (see storedSource). */
export function freshCondition(e: EntityDef, asOfTable: string): string {
  return `(not exists (select 1 from ${q(e.table + STALE)}) and not exists (${movedCompanies(e, asOfTable)}))`;
}

/**
 * The schema objects of a stored view entity: `view` is the entity's own view model (columns
 * from metadata, SELECT as written).
 */
export function storedViewTables(e: EntityDef, reg: Registry, view: TableModel): { tables: TableModel[]; triggers: TriggerModel[] } {
  const s = e.stored!;
  const t = e.table;
  const cols = rowColumns(view);
  const partCol = cols.find((c) => c.name === s.part);
  if (!partCol) throw new Error(`entity ${e.name}: stored.part '${s.part}' is not one of its fields`);
  const asOf = reg.entity(s.asOf.entity);
  const ix = (fields: string[]): IndexModel => ({ name: shortName(`ix_${t}${ROWS}_${fields.join('_')}`), columns: fields, unique: false });
  // company first (every list reads one company) and the key last (lists sort by it after their
  // own sort, for a stable page order), so a first page walks the index and stops
  const indexes = [ix([s.part]), ...(s.indexes ?? []).map((f) => ix([...(f[0] === 'compcode' ? f : ['compcode', ...f]), ...(f.includes(e.key) ? [] : [e.key])]))];
  const rows: TableModel = { name: t + ROWS, entity: e.name, columns: cols, indexes, foreignKeys: [] };
  const stale: TableModel = {
    name: t + STALE,
    entity: e.name,
    columns: [
      { name: 'id', type: 'bigint', nullable: false, primaryKey: true, identity: true },
      { name: 'part', type: partCol.type, nullable: false },
    ],
    indexes: [{ name: shortName(`ix_${t}${STALE}_part`), columns: ['part'], unique: false }],
    foreignKeys: [],
  };
  const asof: TableModel = {
    name: t + ASOF,
    entity: e.name,
    columns: [
      { name: 'compcode', type: 'varchar(20)', nullable: false, primaryKey: true },
      { name: 'day', type: 'date', nullable: true },
    ],
    indexes: [],
    foreignKeys: [],
  };
  const live: TableModel = { ...view, name: t + LIVE };
  const partEntity = reg.entity(e.fields.find((f) => f.name === s.part)?.entity ?? '');
  const union: TableModel = { ...view, view: unionView(e, cols, asOf.table, { table: partEntity.table, key: partEntity.key }) };
  const triggers = s.changedBy.map((c) => ({
    name: shortName(`${t}__mark_${reg.entity(c.entity).table}`),
    table: reg.entity(c.entity).table,
    body: markBody(reg, e, c),
  }));
  return { tables: [rows, stale, asof, live, union], triggers };
}

/** The DDL creating a trigger function and its three statement triggers. */
export function triggerDdl(t: TriggerModel): string[] {
  const fn = q(t.name);
  const func = `create or replace function ${fn}() returns trigger language plpgsql as $mark$\n${t.declare ? `declare ${t.declare}\n` : ''}begin\n  ${t.body}\n  return null;\nend\n$mark$`;
  if (t.create) return [func, ...t.create];
  return [
    func,
    `create trigger ${q(shortName(t.name + '_ins'))} after insert on ${q(t.table)} referencing new table as changed for each statement execute function ${fn}()`,
    `create trigger ${q(shortName(t.name + '_upd'))} after update on ${q(t.table)} referencing old table as changed_old new table as changed_new for each statement execute function ${fn}()`,
    `create trigger ${q(shortName(t.name + '_del'))} after delete on ${q(t.table)} referencing old table as changed for each statement execute function ${fn}()`,
  ];
}

/** The DDL removing a trigger function and (cascade) its triggers. */
export function dropTriggerDdl(t: TriggerModel): string {
  return `drop function if exists ${q(t.name)}() cascade`;
}
