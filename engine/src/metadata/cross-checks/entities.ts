/** The checks of each entity on its own: its fields, what a view may have, its numbering, display and indexes. */
import { checkLookup } from '../../query/lookup.ts';
import type { EntityDef, Registry } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';
import { checkFieldPath } from './field-paths.ts';

/** Reference targets, lookups, and the formats each field type takes. */
export function checkFields(reg: Registry, e: EntityDef, problems: MetadataProblem[]): void {
  const at = (suffix: string) => `/entities/[${e.name}]${suffix}`;
  e.fields.forEach((f) => {
    if (f.type === 'reference' && f.entity && !reg.entities.has(f.entity)) {
      problems.push({ file: e.file, path: at(`/fields/[${f.name}]/entity`), reason: `reference to unknown entity '${f.entity}'` });
    }
    if (f.lookup) {
      const parent = [...reg.entities.values()].find((x) => x.children.some((c) => c.entity === e.name));
      for (const reason of checkLookup(reg, e, f, parent)) problems.push({ file: e.file, path: at(`/fields/[${f.name}]/lookup`), reason });
    }
    if (f.format === 'duration' && f.type !== 'integer') {
      problems.push({ file: e.file, path: at(`/fields/[${f.name}]/format`), reason: 'format duration is for integer fields (minutes)' });
    }
    if ((f.format === 'email' || f.format === 'username') && f.type !== 'string') {
      problems.push({ file: e.file, path: at(`/fields/[${f.name}]/format`), reason: `format ${f.format} is for string fields` });
    }
    for (const reason of patternProblems(f)) problems.push({ file: e.file, path: at(`/fields/[${f.name}]/pattern`), reason });
  });
}

/** A field's own pattern: on a string field without a format, a valid regular expression, with its words. */
function patternProblems(f: EntityDef['fields'][number]): string[] {
  if (f.pattern === undefined) return f.patternMessage !== undefined ? ['patternMessage is given without a pattern'] : [];
  const out: string[] = [];
  if (f.type !== 'string') out.push(`a pattern is for string fields, not ${f.type}`);
  if (f.format) out.push(`a field has a pattern or a format (${f.format}), not both`);
  if (!f.patternMessage) out.push('a pattern needs patternMessage: the words the field says when a value does not match');
  try {
    new RegExp(f.pattern, 'u'); // as ajv compiles it (unicodeRegExp)
  } catch (err) {
    out.push(`not a regular expression: ${(err as Error).message}`);
  }
  return out;
}

/** A view has no numbering, children or indexes; the numbering, display and index fields exist. */
export function checkShape(reg: Registry, e: EntityDef, problems: MetadataProblem[]): void {
  const at = (suffix: string) => `/entities/[${e.name}]${suffix}`;
  if (e.view && (e.numbering || e.children.length || e.indexes?.length)) {
    problems.push({ file: e.file, path: at('/view'), reason: 'a view-backed entity cannot have numbering, children or indexes' });
  }
  if (e.numbering && !e.fields.some((f) => f.name === e.numbering?.field && f.type === 'string')) {
    problems.push({ file: e.file, path: at('/numbering/field'), reason: `numbering field '${e.numbering.field}' is not a string field of the entity` });
  }
  if (e.display && checkFieldPath(reg, e, e.display)) {
    problems.push({ file: e.file, path: at('/display'), reason: checkFieldPath(reg, e, e.display) ?? '' });
  }
  e.indexes?.forEach((ix, i) =>
    ix.fields.forEach((f) => {
      const err = f.includes('.') ? `index fields cannot go through references` : checkFieldPath(reg, e, f);
      if (err) problems.push({ file: e.file, path: at(`/indexes/${i}`), reason: err });
    }),
  );
}

/**
 * Each child entity exists and points at its document through a reference field, has one parent
 * and the same companyScoped; the child is given its `parent` (the lifecycle and the repository
 * read it).
 */
export function linkChildren(reg: Registry, e: EntityDef, problems: MetadataProblem[]): void {
  const at = (suffix: string) => `/entities/[${e.name}]${suffix}`;
  for (const c of e.children) {
    const child = reg.entities.get(c.entity);
    if (!child) {
      problems.push({ file: e.file, path: at(`/children/[${c.entity}]`), reason: `child entity '${c.entity}' does not exist` });
      continue;
    }
    const fk = child.fields.find((f) => f.name === c.foreignKey);
    if (!fk || fk.type !== 'reference' || fk.entity !== e.name) {
      problems.push({
        file: e.file,
        path: at(`/children/[${c.entity}]/foreignKey`),
        reason: `'${c.foreignKey}' must be a reference field of ${c.entity} pointing at ${e.name}`,
      });
      continue;
    }
    if (child.parent) {
      problems.push({ file: e.file, path: at(`/children/[${c.entity}]`), reason: `${c.entity} is already a child of ${child.parent.entity}` });
    }
    child.parent = { entity: e.name, foreignKey: c.foreignKey };
    if (child.companyScoped !== e.companyScoped) {
      problems.push({ file: e.file, path: at(`/children/[${c.entity}]`), reason: `a child must have the same companyScoped as its parent` });
    }
  }
}

/** A hidden field or the key is never personal. */
export function checkPersonal(e: EntityDef, problems: MetadataProblem[]): void {
  for (const f of e.fields) {
    if (f.personal && (f.hidden || f.name === e.key)) problems.push({ file: e.file, path: `/entities/[${e.name}]/fields/[${f.name}]/personal`, reason: 'a hidden field or the key cannot be personal' });
  }
}

/** Seals (decision 0305): each kind once, its fields the entity's, its lines a child of the entity with that child's fields, its revision a covered field. */
export function checkSeals(reg: Registry, e: EntityDef, problems: MetadataProblem[]): void {
  const kinds = new Set<string>();
  (e.seals ?? []).forEach((s, i) => {
    const at = (suffix: string) => `/entities/[${e.name}]/seals/${i}${suffix}`;
    if (kinds.has(s.kind)) problems.push({ file: e.file, path: at('/kind'), reason: `seal '${s.kind}' is declared twice` });
    kinds.add(s.kind);
    const own = new Set(e.fields.map((f) => f.name));
    s.fields.forEach((f, j) => {
      if (!own.has(f)) problems.push({ file: e.file, path: at(`/fields/${j}`), reason: `'${f}' is not a field of ${e.name}` });
    });
    if (s.revision && !s.fields.includes(s.revision)) problems.push({ file: e.file, path: at('/revision'), reason: `the revision field '${s.revision}' must be one of the seal's fields` });
    (s.lines ?? []).forEach((l, j) => {
      const child = e.children.find((c) => c.name === l.child);
      if (!child) {
        problems.push({ file: e.file, path: at(`/lines/${j}/child`), reason: `'${l.child}' is not a child collection of ${e.name}` });
        return;
      }
      const fields = new Set(reg.entities.get(child.entity)?.fields.map((f) => f.name) ?? []);
      l.fields.forEach((f, k) => {
        if (!fields.has(f)) problems.push({ file: e.file, path: at(`/lines/${j}/fields/${k}`), reason: `'${f}' is not a field of ${child.entity}` });
      });
    });
  });
}
