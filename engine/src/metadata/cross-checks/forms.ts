/**
 * The checks of form screens: sections and lines name fields of the entity and of its children, the
 * list exists, actions' conditions name fields, related lists exist and match on their filters
 * (each related list given its title).
 */
import type { EntityDef, FormScreenDef, Registry } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';

type At = (suffix: string) => string;

export function checkForm(reg: Registry, s: FormScreenDef, entity: EntityDef, at: At, problems: MetadataProblem[]): void {
  s.sections.forEach((sec, i) =>
    sec.fields.forEach((f) => {
      if (!entity.fields.some((x) => x.name === f.field)) {
        problems.push({ file: s.file, path: at(`/sections/${i}/fields/[${f.field}]`), reason: `entity ${entity.name} has no field '${f.field}'` });
      }
    }),
  );
  s.lines.forEach((l, i) => {
    const child = entity.children.find((c) => c.name === l.child);
    const childEntity = child && reg.entities.get(child.entity);
    if (!child || !childEntity) {
      problems.push({ file: s.file, path: at(`/lines/${i}/child`), reason: `entity ${entity.name} has no child '${l.child}'` });
      return;
    }
    l.columns.forEach((c) => {
      const field = childEntity.fields.find((x) => x.name === c.field);
      if (!field) {
        problems.push({ file: s.file, path: at(`/lines/${i}/columns/[${c.field}]`), reason: `entity ${childEntity.name} has no field '${c.field}'` });
      } else if (c.widget === 'letters' && field.type !== 'string') {
        problems.push({ file: s.file, path: at(`/lines/${i}/columns/[${c.field}]/widget`), reason: `the letters widget edits a string field of permission letters; ${childEntity.name}.${c.field} is ${field.type}` });
      }
    });
  });
  s.sections.forEach((sec, i) => {
    for (const f of sec.fields) {
      const field = entity.fields.find((x) => x.name === f.field);
      if (f.widget === 'letters' && field && field.type !== 'string') {
        problems.push({ file: s.file, path: at(`/sections/${i}/fields/[${f.field}]/widget`), reason: `the letters widget edits a string field of permission letters; ${entity.name}.${f.field} is ${field.type}` });
      }
    }
  });
  if (s.list && !reg.screen(s.module, s.list)) {
    problems.push({ file: s.file, path: at('/list'), reason: `list route '${s.list}' does not exist in module ${s.module}` });
  }
  const fieldOf = (name: string) => name === entity.key || entity.fields.some((x) => x.name === name);
  s.actions.forEach((a) => {
    for (const k of Object.keys(a.visibleWhen ?? {})) {
      if (!fieldOf(k)) problems.push({ file: s.file, path: at(`/actions/[${a.name}]/visibleWhen/${k}`), reason: `entity ${entity.name} has no field '${k}'` });
    }
    if (a.selection) problems.push({ file: s.file, path: at(`/actions/[${a.name}]/selection`), reason: 'a form acts on its open record: selection is for lists' });
    // an input of type line offers the open record's lines of its child, named by fields of the line
    for (const inp of a.inputs ?? []) {
      const where = at(`/actions/[${a.name}]/inputs/[${inp.name}]`);
      if (inp.type === 'enum' && !inp.values?.length) problems.push({ file: s.file, path: where, reason: 'an enum input lists its values' });
      if (inp.type !== 'line') continue;
      const child = entity.children.find((c) => c.name === inp.child);
      const lineEntity = child && reg.entities.get(child.entity);
      if (!lineEntity) {
        problems.push({ file: s.file, path: `${where}/child`, reason: `entity ${entity.name} has no child '${String(inp.child)}'` });
        continue;
      }
      for (const f of inp.show ?? []) if (!lineEntity.fields.some((x) => x.name === f)) problems.push({ file: s.file, path: `${where}/show`, reason: `entity ${lineEntity.name} has no field '${f}'` });
    }
  });
  s.related.forEach((r, i) => {
    const target = reg.screen(r.module, r.route);
    if (!target || (target.kind !== 'list' && target.kind !== 'report')) {
      problems.push({ file: s.file, path: at(`/related/${i}/list`), reason: `'${r.module}/${r.route}' is not a list or report` });
      return;
    }
    if (!r.title) r.title = target.title;
    for (const [param, field] of Object.entries(r.match)) {
      if (!target.filters.some((f) => f.param === param && f.op === 'eq')) {
        problems.push({ file: s.file, path: at(`/related/${i}/match/${param}`), reason: `list ${r.route} has no equality filter '${param}'` });
      }
      if (!fieldOf(field)) problems.push({ file: s.file, path: at(`/related/${i}/match/${param}`), reason: `entity ${entity.name} has no field '${field}'` });
    }
    for (const c of r.columns ?? []) {
      if (!target.columns.some((x) => x.field === c)) problems.push({ file: s.file, path: at(`/related/${i}/columns/[${c}]`), reason: `list ${r.route} has no column '${c}'` });
    }
  });
}
