/**
 * Lookups declared on a reference field (`lookup: {filter, match, copy}`, docs/metadata.md
 * "Lookups", decision 0150): which referenced rows the lookup dialog offers, and what choosing one
 * copies into the form (pull-forward). One mechanism for every "document from the document before
 * it": a receipt's purchase order brings its vendor, currency and open lines.
 *
 *   lookup:
 *     filter: { statuswf: '111', outstand: 1 }            # only approved, open orders
 *     notPast: [valid_until]                              # (dates) empty or not before today
 *     copy:
 *       source: "'PO'"                                     # a constant
 *       vendor: vendor                                     # form field <- chosen row's field
 *       lines: { from: lines, filter: { outstand: 1 }, positive: quantity,
 *                fields: { po_line: podtlkey, quantity: quantity - qty_received - qty_cancelled } }
 *
 * `lookupConditions` gives the CASL conditions the lookup route reads the referenced rows under
 * (company + filter + match), so the copy is taken only from a row the lookup offers; `copyFrom`
 * is a pure function of the chosen row (with its children).
 */
import type { FieldDef, EntityDef, Registry } from '../metadata/registry.ts';

type Scalar = string | number | boolean | null;
export type LookupConditions = Record<string, Scalar | Scalar[]>;
export type Row = Record<string, unknown>;

/** The field names an expression reads: `a`, `a - b + c`. */
function expressionFields(expr: string): string[] {
  if (/^'.*'$/.test(expr.trim())) return [];
  return expr
    .split(/[+-]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A quoted constant (`'PO'`), a field's value, or the sum/difference of numeric fields (rounded to 6 decimals). */
export function evaluate(expr: string, row: Row): unknown {
  const literal = /^'(.*)'$/.exec(expr.trim());
  if (literal) return literal[1];
  const tokens = expr.match(/[+-]|[^+-\s][^+-]*/g)?.map((t) => t.trim()) ?? [];
  if (tokens.length === 1) return row[tokens[0]] ?? null;
  let total = 0;
  let sign = 1;
  for (const t of tokens) {
    if (t === '+' || t === '-') {
      sign = t === '-' ? -1 : 1;
      continue;
    }
    const v = row[t];
    const n = v === null || v === undefined || v === '' ? 0 : Number(v);
    if (!Number.isFinite(n)) return null;
    total += sign * n;
  }
  return Math.round(total * 1e6) / 1e6;
}

function holds(conditions: LookupConditions | undefined, row: Row): boolean {
  for (const [k, want] of Object.entries(conditions ?? {})) {
    const v = row[k] ?? null;
    const ok = Array.isArray(want) ? want.some((w) => String(w) === String(v)) : want === null ? v === null : String(want) === String(v);
    if (!ok) return false;
  }
  return true;
}

/** CASL conditions of a lookup: the declared filter and the matched values the form sends (`m.<field>`). */
export function lookupConditions(field: FieldDef, matched: Record<string, string | number | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(field.lookup?.filter ?? {})) out[k] = Array.isArray(v) ? { $in: v } : v;
  for (const target of Object.keys(field.lookup?.match ?? {})) {
    const v = matched[target];
    if (v !== undefined && v !== '') out[target] = v;
  }
  return out;
}

/**
 * `notPast`: each listed date empty or not before `today` (the company's business date, decision
 * 0122), as the alternatives a row may meet (one CASL rule each, which the access compiler joins
 * with OR): for [a, b] the four of {a empty | a >= today} × {b empty | b >= today}. `[{}]` when
 * the lookup declares none.
 */
export function notPastAlternatives(field: FieldDef, today: string): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const f of field.lookup?.notPast ?? []) out = out.flatMap((c) => [{ ...c, [f]: null }, { ...c, [f]: { $gte: today } }]);
  return out;
}

/**
 * The `among` condition of a line's lookup: only the values of `among.field` on the stored
 * document's `among.lines` child (`doc`, read with its lines), as an `$in` on the target's key.
 */
export function amongCondition(field: FieldDef, target: EntityDef, doc: Row): Record<string, unknown> {
  const a = field.lookup?.among;
  if (!a) return {};
  const lines = Array.isArray(doc[a.lines]) ? (doc[a.lines] as Row[]) : [];
  const values = [...new Set(lines.map((l) => l[a.field]).filter((v) => v !== null && v !== undefined && v !== ''))];
  // nothing listed: nothing offered (a key is never null)
  return { [target.key]: { $in: values.length ? values : [null] } };
}

/**
 * What choosing `row` (read with its children) copies into the form: header values, and for a
 * lines copy the new lines (the child rows meeting `filter`, without those whose `positive` field
 * comes out zero or below).
 */
export function copyFrom(field: FieldDef, row: Row): Row {
  const out: Row = {};
  for (const [to, how] of Object.entries(field.lookup?.copy ?? {})) {
    if (typeof how === 'string') {
      out[to] = evaluate(how, row);
      continue;
    }
    const children = Array.isArray(row[how.from]) ? (row[how.from] as Row[]) : [];
    out[to] = children
      .filter((c) => holds(how.filter, c))
      .map((c) => Object.fromEntries(Object.entries(how.fields).map(([f, expr]) => [f, evaluate(expr, c)])))
      .filter((l) => !how.positive || Number(l[how.positive] ?? 0) > 0);
  }
  return out;
}

/**
 * Load-time checks of a reference field's lookup on `entity` (the entity the field belongs to;
 * `parent` is the document whose header `match` reads when the entity is a line).
 */
export function checkLookup(reg: Registry, entity: EntityDef, field: FieldDef, parent: EntityDef | undefined): string[] {
  const l = field.lookup;
  const target = field.entity ? reg.entities.get(field.entity) : undefined;
  if (!l || !target) return [];
  const problems: string[] = [];
  const has = (e: EntityDef, name: string) => name === e.key || e.fields.some((f) => f.name === name);
  for (const k of Object.keys(l.filter ?? {})) if (!has(target, k)) problems.push(`filter: ${target.name} has no field '${k}'`);
  for (const [k, from] of Object.entries(l.match ?? {})) {
    if (!has(target, k)) problems.push(`match: ${target.name} has no field '${k}'`);
    const doc = parent ?? entity;
    if (!has(doc, from)) problems.push(`match: ${doc.name} has no field '${from}'`);
  }
  if (l.among) {
    const child = parent?.children.find((c) => c.name === l.among?.lines);
    const line = child ? reg.entities.get(child.entity) : undefined;
    const listed = line?.fields.find((f) => f.name === l.among?.field);
    if (!parent) problems.push(`among: ${entity.name} is not a line of a document`);
    else if (!child || !line) problems.push(`among: ${parent.name} has no child '${l.among.lines}'`);
    else if (!listed) problems.push(`among: ${line.name} has no field '${l.among.field}'`);
    else if (listed.type !== 'reference' || listed.entity !== field.entity) problems.push(`among: ${line.name}.${listed.name} is not a reference to ${field.entity}`);
  }
  for (const f of l.notPast ?? []) {
    const d = target.fields.find((x) => x.name === f);
    if (!d) problems.push(`notPast: ${target.name} has no field '${f}'`);
    else if (d.type !== 'date') problems.push(`notPast: ${target.name}.${f} is not a date field`);
  }
  if (l.fill && !Object.values(l.copy ?? {}).some((how) => typeof how === 'string')) problems.push('fill: the lookup copies no field to fill');
  for (const [to, how] of Object.entries(l.copy ?? {})) {
    if (typeof how === 'string') {
      if (!has(entity, to)) problems.push(`copy: ${entity.name} has no field '${to}'`);
      for (const f of expressionFields(how)) if (!has(target, f)) problems.push(`copy ${to}: ${target.name} has no field '${f}'`);
      continue;
    }
    const mine = entity.children.find((c) => c.name === to);
    const theirs = target.children.find((c) => c.name === how.from);
    if (!mine) problems.push(`copy: ${entity.name} has no child '${to}'`);
    if (!theirs) problems.push(`copy ${to}: ${target.name} has no child '${how.from}'`);
    if (!mine || !theirs) continue;
    const line = reg.entities.get(mine.entity);
    const source = reg.entities.get(theirs.entity);
    if (!line || !source) continue;
    for (const k of Object.keys(how.filter ?? {})) if (!has(source, k)) problems.push(`copy ${to} filter: ${source.name} has no field '${k}'`);
    for (const [f, expr] of Object.entries(how.fields)) {
      if (!has(line, f)) problems.push(`copy ${to}: ${line.name} has no field '${f}'`);
      for (const s of expressionFields(expr)) if (!has(source, s)) problems.push(`copy ${to}.${f}: ${source.name} has no field '${s}'`);
    }
    if (how.positive && !(how.positive in how.fields)) problems.push(`copy ${to}: positive '${how.positive}' is not one of the copied fields`);
  }
  return problems;
}
