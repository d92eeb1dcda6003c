/**
 * Derives the physical schema (tables, columns, indexes, foreign keys) from entity metadata.
 * The model is plain JSON so that the migrator can store it and diff the next one against it.
 *
 *   const model = schemaFromRegistry(registry);
 *   model.tables.company.columns.find(c => c.name === 'compcode')
 */
import { shortName } from './names.ts';
import type { EntityDef, FieldDef, Registry } from '../metadata/registry.ts';
import { storedViewTables, type TriggerModel } from './stored-view.ts';
import { chainTriggers } from '../records/chain.ts';
import { retentionTriggers } from '../records/retention.ts';

const TENANT_ENTITY = 'company';
const COMPANY_COLUMN = 'compcode';
const STRING_KEY_LENGTH = 100;

export interface ColumnModel {
  name: string;
  /** SQL type as written in DDL: varchar(50), numeric(18,2), bigint, … */
  type: string;
  nullable: boolean;
  /** SQL default expression, already quoted. */
  default?: string;
  primaryKey?: boolean;
  identity?: boolean;
  /** Recorded only: a required column added to a table with rows, kept nullable on purpose. */
  relaxed?: boolean;
}

export interface IndexModel {
  name: string;
  columns: string[];
  unique: boolean;
}

export interface ForeignKeyModel {
  name: string;
  column: string;
  refTable: string;
  refColumn: string;
  onDelete: 'restrict' | 'cascade' | 'set null';
}

/** A CHECK constraint behind a field's bounds (`min`, `max`, `allowNegative: false`). */
export interface CheckModel {
  name: string;
  /** The condition, e.g. "quantity" >= 0 */
  expr: string;
}

export interface TableModel {
  name: string;
  entity: string;
  /** Set for a view-backed entity: the SELECT defining it (no indexes, keys or foreign keys). */
  view?: string;
  columns: ColumnModel[];
  indexes: IndexModel[];
  foreignKeys: ForeignKeyModel[];
  /** Absent in models recorded before checks existed (read as none). */
  checks?: CheckModel[];
}

export interface SchemaModel {
  tables: Record<string, TableModel>;
  /** Statement triggers of stored views (decision 0200), by function name; absent in older models. */
  triggers?: Record<string, TriggerModel>;
}


function sqlLiteral(v: string | number | boolean | null): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return `'${v.replace(/'/g, "''")}'`;
}

function keyColumnType(e: EntityDef): string {
  return e.keyType === 'string' ? `varchar(${STRING_KEY_LENGTH})` : 'bigint';
}

export function columnType(f: FieldDef, reg: Registry): string {
  switch (f.type) {
    case 'string':
      return `varchar(${f.maxLength ?? 255})`;
    case 'text':
      return 'text';
    case 'integer':
      return 'bigint';
    case 'decimal':
      return `numeric(${f.precision ?? 18},${f.scale ?? 2})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    case 'enum': {
      const numeric = f.values?.every((v) => typeof v.code === 'number');
      if (numeric) return 'integer';
      const len = Math.max(1, ...(f.values ?? []).map((v) => String(v.code).length));
      return `varchar(${Math.max(len, 10)})`;
    }
    case 'reference':
      return keyColumnType(reg.entity(f.entity ?? ''));
    case 'attachment':
      return 'bigint';
    case 'binary':
      return 'bytea';
  }
}

/** True when the entity's company column is its own key (the tenant table itself). */
export function scopedByKey(e: EntityDef): boolean {
  return e.companyScoped && e.key === COMPANY_COLUMN;
}

const INDEXED_OPS = new Set(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'in']);
const STANDARD_SORTABLE = new Set(['created_at', 'updated_at', 'created_by', 'updated_by']);

/**
 * The columns of `e` that some list or report sorts by default or filters by equality or range
 * (text filters, `contains`/`startswith`, cannot use a B-tree index). Key and company excluded.
 */
function listedFields(reg: Registry, e: EntityDef): string[] {
  const out = new Set<string>();
  const own = (name: string) => name !== e.key && name !== COMPANY_COLUMN && (STANDARD_SORTABLE.has(name) || e.fields.some((f) => f.name === name && f.type !== 'text' && f.type !== 'binary'));
  for (const s of reg.screens.values()) {
    if (s.kind !== 'list' && s.kind !== 'report') continue;
    const source = reg.entities.get(s.entity);
    if (!source || source.view) continue;
    const wanted = [...(s.defaultSort ? [s.defaultSort.field] : []), ...s.filters.filter((f) => INDEXED_OPS.has(f.op)).map((f) => f.field)];
    for (const path of wanted) {
      const [first, second] = path.split('.');
      if (second === undefined) {
        if (source.name === e.name && own(first)) out.add(first);
        continue;
      }
      const ref = source.fields.find((f) => f.name === first);
      if (ref?.type === 'reference' && ref.entity === e.name && own(second)) out.add(second);
    }
  }
  return [...out].sort();
}

function tableFromEntity(e: EntityDef, reg: Registry): TableModel {
  const t = e.table;
  if (e.view) {
    const cols: ColumnModel[] = [{ name: e.key, type: keyColumnType(e), nullable: false, primaryKey: true }];
    if (e.companyScoped && !scopedByKey(e)) cols.push({ name: 'compcode', type: 'varchar(20)', nullable: false });
    for (const f of e.fields) cols.push({ name: f.name, type: columnType(f, reg), nullable: true });
    return { name: t, entity: e.name, view: e.view.trim(), columns: cols, indexes: [], foreignKeys: [] };
  }
  const columns: ColumnModel[] = [];
  const indexes: IndexModel[] = [];
  const foreignKeys: ForeignKeyModel[] = [];
  const scoped = e.companyScoped && !scopedByKey(e);
  const ix = (cols: string[], unique: boolean) => {
    const name = shortName(`${unique ? 'ux' : 'ix'}_${t}_${cols.join('_')}`);
    if (!indexes.some((i) => i.name === name)) indexes.push({ name, columns: cols, unique });
  };

  columns.push(
    e.keyType === 'string'
      ? { name: e.key, type: keyColumnType(e), nullable: false, primaryKey: true }
      : { name: e.key, type: 'bigint', nullable: false, primaryKey: true, identity: true },
  );
  if (scoped) {
    columns.push({ name: 'compcode', type: 'varchar(20)', nullable: false });
    ix(['compcode'], false);
    if (reg.entities.has(TENANT_ENTITY)) {
      const tenant = reg.entity(TENANT_ENTITY);
      foreignKeys.push({ name: shortName(`fk_${t}_compcode`), column: 'compcode', refTable: tenant.table, refColumn: tenant.key, onDelete: 'restrict' });
    }
  }
  const checks: CheckModel[] = [];
  for (const f of e.fields) {
    // the database holds a number field's bounds too (stock never negative), whatever path writes it
    if (f.type === 'integer' || f.type === 'decimal') {
      const min = f.min ?? (f.allowNegative === false ? 0 : undefined);
      const bounds = [...(min !== undefined ? [`"${f.name}" >= ${min}`] : []), ...(f.max !== undefined ? [`"${f.name}" <= ${f.max}`] : [])];
      if (bounds.length) checks.push({ name: shortName(`ck_${t}_${f.name}`), expr: bounds.join(' and ') });
    }
    const col: ColumnModel = { name: f.name, type: columnType(f, reg), nullable: !f.required };
    if (f.default !== undefined && f.default !== null) col.default = sqlLiteral(f.default);
    columns.push(col);
    if (f.unique) ix(scoped ? ['compcode', f.name] : [f.name], true);
    else if (f.index) ix(scoped ? ['compcode', f.name] : [f.name], false);
    if (f.type === 'reference' && f.entity) {
      const target = reg.entity(f.entity);
      foreignKeys.push({
        name: shortName(`fk_${t}_${f.name}`),
        column: f.name,
        refTable: target.table,
        refColumn: target.key,
        onDelete: f.onDelete ?? 'restrict',
      });
      if (!f.unique && !f.index) ix([f.name], false);
    }
  }
  columns.push(
    { name: 'created_at', type: 'timestamptz', nullable: false, default: 'now()' },
    { name: 'created_by', type: 'varchar(50)', nullable: true },
    { name: 'updated_at', type: 'timestamptz', nullable: true },
    { name: 'updated_by', type: 'varchar(50)', nullable: true },
    { name: 'version', type: 'integer', nullable: false, default: '1' },
  );
  for (const i of e.indexes ?? []) {
    const cols = scoped && !i.fields.includes('compcode') ? ['compcode', ...i.fields] : i.fields;
    ix(cols, i.unique ?? false);
  }
  // Every list's default sort and equality/range filters on this table get an index, unless one
  // already leads with the same columns (the lists of other entities count too, through a
  // reference: `request.requestdate` sorts by material_request.requestdate).
  for (const field of listedFields(reg, e)) {
    const cols = scoped ? ['compcode', field] : [field];
    if (!indexes.some((i) => cols.every((c, n) => i.columns[n] === c))) ix(cols, false);
  }
  return { name: t, entity: e.name, columns, indexes, foreignKeys, ...(checks.length ? { checks } : {}) };
}

export function schemaFromRegistry(reg: Registry): SchemaModel {
  const tables: Record<string, TableModel> = {};
  const triggers: Record<string, TriggerModel> = {};
  for (const e of reg.entities.values()) {
    const t = tableFromEntity(e, reg);
    if (!e.stored || !e.view) {
      tables[e.table] = t;
      continue;
    }
    const stored = storedViewTables(e, reg, t);
    for (const x of stored.tables) tables[x.name] = x;
    for (const x of stored.triggers) triggers[x.name] = x;
  }
  // the audit trail's chain and append-only rule (decisions 0310, 0311), where its tables are declared
  if (['sys_audit', 'sys_audit_link', 'sys_audit_head'].every((n) => reg.entities.has(n))) for (const x of chainTriggers()) triggers[x.name] = x;
  for (const x of retentionTriggers(reg)) triggers[x.name] = x;
  return Object.keys(triggers).length ? { tables, triggers } : { tables };
}
