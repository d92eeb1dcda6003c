/**
 * What a referenced row is travels with the reference (`lookup: {copy, fill: true}`, docs/metadata.md
 * "Lookups", decision 0290): when a row is written with such a reference set and a field the
 * lookup copies left empty, the server fills it from the referenced row, as the form does when
 * the row is chosen. A master item's part number, description and unit so reach every line
 * written by a form, an action (MR → PR → canvass → PO → receipt), an import or the API.
 *
 * Only rows the lookup would offer are read (the writer's company, the lookup's filter and match:
 * a line's `match` reads its document's header, e.g. the stock of the transfer's sending store); a value
 * typed is never replaced; a text longer than the field is cut to its length.
 */
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { EntityDef, FieldDef, Registry } from '../metadata/registry.ts';
import { scopedByKey } from '../db/schema-model.ts';
import { evaluate } from '../query/lookup.ts';

type Row = Record<string, unknown>;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The reference fields of an entity whose lookup fills (computed once per entity). */
const filling = new WeakMap<EntityDef, FieldDef[]>();
function fillingFields(e: EntityDef): FieldDef[] {
  let out = filling.get(e);
  if (!out) {
    out = e.fields.filter((f) => f.type === 'reference' && f.entity && f.lookup?.fill && f.lookup.copy);
    filling.set(e, out);
  }
  return out;
}

/**
 * Fills `values` (the row about to be written; `before`: the stored row of an update) in place.
 * A field counts as empty when the written value is empty, or, not written, the stored one is. On
 * an update only a reference that changes fills (a stored row is not rewritten by a save that
 * leaves its reference alone).
 */
export async function fillFromReferences(tx: DB, reg: Registry, e: EntityDef, values: Row, compcode: string | null | undefined, before?: Row): Promise<void> {
  for (const f of fillingFields(e)) {
    const ref = values[f.name] !== undefined ? values[f.name] : before?.[f.name];
    if (blank(ref)) continue;
    if (before && String(before[f.name] ?? '') === String(ref)) continue;
    const targets = Object.entries(f.lookup?.copy ?? {}).filter((c): c is [string, string] => typeof c[1] === 'string');
    const empty = targets.filter(([to]) => blank(values[to] !== undefined ? values[to] : before?.[to]));
    if (empty.length === 0) continue;
    const target = reg.entity(String(f.entity));
    if (!target.companyScoped && target.companyVia) continue;
    let q = loose(tx).selectFrom(`${target.table} as r`).selectAll('r').where(`r.${target.key}`, '=', ref as string);
    if (target.companyScoped) {
      if (!compcode) continue;
      q = q.where(scopedByKey(target) ? `r.${target.key}` : 'r.compcode', '=', compcode);
    }
    // `match`: only rows whose field equals the open document's (a line's: its header's)
    const matchOk = await matchRows(tx, reg, e, f, values, before);
    if (!matchOk) continue;
    for (const [k, v] of Object.entries(matchOk)) q = v === null || v === undefined ? q.where(`r.${k}`, 'is', null) : q.where(`r.${k}`, '=', v as string);
    for (const [k, want] of Object.entries(f.lookup?.filter ?? {})) {
      q = Array.isArray(want) ? q.where(`r.${k}`, 'in', want as string[]) : want === null ? q.where(`r.${k}`, 'is', null) : q.where(`r.${k}`, '=', want as string);
    }
    const row = (await q.executeTakeFirst()) as Row | undefined;
    if (!row) continue;
    for (const [to, expr] of empty) {
      let v = evaluate(expr, row);
      if (blank(v)) continue;
      const field = e.fields.find((x) => x.name === to);
      if (typeof v === 'string' && field?.maxLength && v.length > field.maxLength) v = v.slice(0, field.maxLength);
      values[to] = v;
    }
  }
}

/**
 * The values a reference's `match` requires of the referenced row (target field → value), read
 * from the row itself or, for a line, from its document's header (by the line's foreign key);
 * `undefined` when the header is not found (nothing is filled then).
 */
async function matchRows(tx: DB, reg: Registry, e: EntityDef, f: FieldDef, values: Row, before?: Row): Promise<Row | undefined> {
  const match = Object.entries(f.lookup?.match ?? {});
  if (match.length === 0) return {};
  let doc: Row | undefined = { ...before, ...values };
  if (e.parent) {
    const parent = reg.entity(e.parent.entity);
    const fk = values[e.parent.foreignKey] ?? before?.[e.parent.foreignKey];
    if (blank(fk)) return undefined;
    doc = (await loose(tx).selectFrom(parent.table).selectAll().where(parent.key, '=', fk as string).executeTakeFirst()) as Row | undefined;
    if (!doc) return undefined;
  }
  return Object.fromEntries(match.map(([target, from]) => [target, doc![String(from)] ?? null]));
}
