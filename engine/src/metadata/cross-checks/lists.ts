/**
 * The checks of list and report screens: their columns, filters and sort name fields of the entity
 * (columns and filters given their labels, a duration column its H:MM format), a chart draws the
 * list's own columns and filters, a list's actions, search, form, fixed filter and the context it opens, and the
 * filter the open context fills.
 */
import type { EntityDef, ListScreenDef, Registry, ReportScreenDef } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';
import { labelOf } from '../labels.ts';
import { checkFieldPath, fieldAt } from './field-paths.ts';

type At = (suffix: string) => string;

/** Columns, filters, the search and the default sort name fields of the entity; labels filled from the fields. */
export function checkColumns(reg: Registry, s: ListScreenDef | ReportScreenDef, entity: EntityDef, at: At, problems: MetadataProblem[]): void {
  s.columns.forEach((c) => {
    const err = checkFieldPath(reg, entity, c.field);
    if (err) problems.push({ file: s.file, path: at(`/columns/[${c.field}]`), reason: err });
    else {
      if (!c.label) c.label = labelOf(reg, entity, c.field);
      // a duration field shows as H:MM unless the column says otherwise
      if (!c.format && fieldAt(reg, entity, c.field)?.format === 'duration') c.format = 'hm';
    }
  });
  s.filters.forEach((f) => {
    const err = checkFieldPath(reg, entity, f.field);
    if (err) problems.push({ file: s.file, path: at(`/filters/[${f.field}]`), reason: err });
    else if (!f.label) f.label = labelOf(reg, entity, f.field);
  });
  s.search?.forEach((f) => {
    const err = checkFieldPath(reg, entity, f);
    if (err) problems.push({ file: s.file, path: at(`/search/[${f}]`), reason: err });
  });
  if (s.defaultSort) {
    const err = checkFieldPath(reg, entity, s.defaultSort.field);
    if (err) problems.push({ file: s.file, path: at('/defaultSort/field'), reason: err });
  }
}

/** A chart draws the rows the list shows: each field it names is one of the list's columns, each filter it needs one of the list's filters. */
export function checkChart(s: ListScreenDef | ReportScreenDef, at: At, problems: MetadataProblem[]): void {
  if (!s.chart) return;
  const shown = new Set(s.columns.map((c) => c.field));
  for (const k of ['label', 'note', 'date', 'limit', 'status', 'value'] as const) {
    const f = s.chart[k];
    if (f !== undefined && !shown.has(f)) problems.push({ file: s.file, path: at(`/chart/${k}`), reason: `'${f}' is not a column of the list` });
  }
  const params = new Set(s.filters.map((f) => f.param));
  for (const p of s.chart.needs ?? []) if (!params.has(p)) problems.push({ file: s.file, path: at('/chart/needs'), reason: `'${p}' is not a filter of the list` });
}

/** A list's actions act on one row or on the ticked rows; its form, fixed filter and the fields its context reads exist. */
export function checkList(reg: Registry, s: ListScreenDef, entity: EntityDef, at: At, problems: MetadataProblem[]): void {
  s.actions.forEach((a) => {
    if (a.selection && a.row) problems.push({ file: s.file, path: at(`/actions/[${a.name}]`), reason: 'an action acts on one row (row) or on the ticked rows (selection), not both' });
  });
  if (s.form && !reg.screen(s.module, s.form)) {
    problems.push({ file: s.file, path: at('/form'), reason: `form route '${s.form}' does not exist in module ${s.module}` });
  }
  for (const k of Object.keys(s.fixedFilter ?? {})) {
    const err = checkFieldPath(reg, entity, k);
    if (err) problems.push({ file: s.file, path: at(`/fixedFilter/${k}`), reason: err });
  }
  if (s.opensContext) {
    const { name, reads } = s.opensContext;
    for (const f of reads) {
      if (!entity.fields.some((x) => x.name === f)) problems.push({ file: s.file, path: at('/opensContext/reads'), reason: `a list that opens the ${name} context reads the field '${f}', which entity ${entity.name} does not have` });
    }
    const first = reg.contextList(s.module);
    if (first && first !== s) problems.push({ file: s.file, path: at('/opensContext'), reason: `module ${s.module} already opens its context (${first.opensContext?.name}) from list '${first.route}'` });
  }
}

/**
 * The filter the open context fills (`contextFilter`): an eq filter of the list or report on a
 * reference field of its entity to the entity of the module's list that opens the context
 * (`opensContext`), so the open record's key is a value of it.
 */
export function checkContextFilter(reg: Registry, s: ListScreenDef | ReportScreenDef, entity: EntityDef, at: At, problems: MetadataProblem[]): void {
  if (s.contextFilter === undefined) return;
  const problem = (reason: string) => problems.push({ file: s.file, path: at('/contextFilter'), reason });
  const f = s.filters.find((x) => x.param === s.contextFilter);
  if (!f) return void problem(`'${s.contextFilter}' is not a filter parameter of the ${s.kind}`);
  const opener = reg.contextList(s.module);
  if (!opener?.opensContext) return void problem(`module ${s.module} has no list that opens a context (opensContext)`);
  const ctx = opener.opensContext.name;
  if (f.op !== 'eq') return void problem(`filter '${f.param}' takes the open ${ctx}, so its op must be eq (not ${f.op})`);
  const field = entity.fields.find((x) => x.name === f.field);
  if (field?.type !== 'reference' || field.entity !== opener.entity) {
    problem(`filter '${f.param}' takes the open ${ctx}, so its field must be a reference to entity ${opener.entity} (list '${opener.route}' opens it); '${f.field}' is not`);
  }
}
