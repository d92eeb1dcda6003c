/**
 * Field paths of a list resolved to SQL: `field` on the row (`t.field`) or `ref.field` on a
 * reference's target (a left join, or an inner join for a required reference, named `j_ref`), with
 * the type a filter value must have and, for a personal field, the row its condition is on. A
 * column shown on a reference of the target shows that reference's label, never its key. Hidden
 * fields are unknown (400), and personal ones may be shown but never filtered or sorted on.
 *
 *   const { resolve, joins } = resolver(reg, reg.entity('purchase_order'));
 *   resolve('vendor.name');            // { ref: 'j_vendor.name', type: 'string' }, joins has j_vendor
 *   resolve('qty', 'filter');          // { ref: 't.qty', type: 'decimal' }
 */
import { appError } from '../errors.ts';
import type { EntityDef, FieldDef, Registry } from '../metadata/registry.ts';
import { scopedByKey } from '../db/schema-model.ts';

const STANDARD = ['compcode', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];

export interface Joined {
  alias: string;
  table: string;
  key: string;
  via: string;
  /** The alias the reference column `via` is on: the row (`t`), or a joined target (a reference's label, below). */
  from?: string;
  /** A required reference: every row has its target, so an inner join (the planner can then walk an index of the target in order). */
  inner: boolean;
  /** Both sides company scoped: the target is in the row's company (lets the planner use the target's company index). */
  sameCompany: boolean;
  /** Used by a condition (filter, search, fixed value): needed to count, not only to show or sort. */
  filtering: boolean;
}

/** How a resolved field is used: shown, or a condition (filter, search, fixed value) or sort key. */

export type Use = 'select' | 'filter' | 'sort';

export interface Resolved {
  ref: string;
  type: string;
  /** An enum's codes (a filter value must be one of them). */
  codes?: unknown[];
  /** A personal field: shown only under its condition (access/personal.ts) on the row `alias` of `entity`. */
  personal?: { entity: EntityDef; alias: string };
}


/** The type a filter value must have: a reference takes its target's key type, an enum its codes. */
function typeOf(reg: Registry, f: FieldDef): { type: string; codes?: unknown[] } {
  if (f.type === 'reference') return { type: f.entity && reg.entity(f.entity).keyType === 'string' ? 'string' : 'reference' };
  if (f.type === 'enum') return { type: 'enum', codes: (f.values ?? []).map((v) => v.code) };
  return { type: f.type };
}

/** The label of a reference to `entity`: its display field, when it is a plain column anyone reading the row may see. */
function labelOf(reg: Registry, entity: string): { entity: EntityDef; field: FieldDef } | undefined {
  const target = reg.entity(entity);
  const field = target.display ? target.fields.find((f) => f.name === target.display) : undefined;
  return field && !field.hidden && !field.personal && field.type !== 'reference' ? { entity: target, field } : undefined;
}

/** Resolves `field` or `ref.field` to a qualified SQL reference, adding a left join when needed. */
export function resolver(reg: Registry, e: EntityDef) {
  const joins = new Map<string, Joined>();
  const unknown = (path: string) => appError('ERR_BAD_REQUEST', { message: `Unknown field '${path}'.` });
  const resolve = (path: string, use: Use = 'select'): Resolved => {
    const filtering = use === 'filter';
    const parts = path.split('.');
    if (parts.length === 1) {
      if (path === e.key || (STANDARD.includes(path) && (!e.view || path === 'compcode'))) {
        const col = path === 'compcode' && scopedByKey(e) ? e.key : path;
        return { ref: `t.${col}`, type: path.endsWith('_at') ? 'datetime' : path === e.key && e.keyType !== 'string' ? 'key' : 'string' };
      }
      const f = e.fields.find((x) => x.name === path);
      if (!f || f.hidden || (f.personal && use !== 'select')) throw unknown(path);
      return { ref: `t.${f.name}`, ...typeOf(reg, f), ...(f.personal ? { personal: { entity: e, alias: 't' } } : {}) };
    }
    const ref = e.fields.find((x) => x.name === parts[0]);
    if (!ref || ref.type !== 'reference' || !ref.entity) throw unknown(path);
    const target = reg.entity(ref.entity);
    const tf = target.fields.find((x) => x.name === parts[1]);
    const isKey = parts[1] === target.key;
    if (((!tf || tf.hidden) && !isKey) || (tf?.personal && use !== 'select')) throw unknown(path);
    const alias = `j_${ref.name}`;
    if (!joins.has(alias)) {
      joins.set(alias, {
        alias,
        table: target.table,
        key: target.key,
        via: ref.name,
        inner: Boolean(ref.required),
        sameCompany: e.companyScoped && !scopedByKey(e) && target.companyScoped && !scopedByKey(target) && !e.view && !target.view,
        filtering,
      });
    } else if (filtering) joins.get(alias)!.filtering = true;
    // a column shown (or sorted) on a reference of the target (`purchase_order.vendor`) shows that
    // reference's label (its entity's display field), never its key; filters keep the key
    const label = use !== 'filter' && tf?.type === 'reference' && tf.entity ? labelOf(reg, tf.entity) : undefined;
    if (tf && label) {
      const via = `${alias}__${tf.name}`;
      if (!joins.has(via)) joins.set(via, { alias: via, table: label.entity.table, key: label.entity.key, via: tf.name, from: alias, inner: false, sameCompany: false, filtering: false });
      return { ref: `${via}.${label.field.name}`, ...typeOf(reg, label.field) };
    }
    return { ref: `${alias}.${parts[1]}`, ...(tf ? typeOf(reg, tf) : { type: target.keyType === 'string' ? 'string' : 'key' }), ...(tf?.personal ? { personal: { entity: target, alias } } : {}) };
  };
  return { resolve, joins };
}

export type Resolve = ReturnType<typeof resolver>['resolve'];
