import type { EntityDef, Registry } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';

/**
 * Fields whose value is a document's state: a document entity holding one must say in `lifecycle`
 * what that state freezes, so that no approved or posted document stays editable by oversight.
 */
const STATE_FIELDS = ['statuswf', 'posted'];

export function checkLifecycle(reg: Registry, e: EntityDef, problems: MetadataProblem[]): void {
  const at = (suffix: string) => `/entities/[${e.name}]/lifecycle${suffix}`;
  const std = [e.key, 'compcode', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version'];
  if (e.lifecycle && (e.view || e.system)) problems.push({ file: e.file, path: at(''), reason: 'a view or system entity takes no lifecycle (it has no generic writes)' });
  (e.lifecycle ?? []).forEach((rule, i) => {
    for (const [name, value] of Object.entries(rule.when)) {
      const f = e.fields.find((x) => x.name === name);
      if (!f && !std.includes(name)) {
        problems.push({ file: e.file, path: at(`/${i}/when/${name}`), reason: `entity ${e.name} has no field '${name}'` });
        continue;
      }
      if (f?.type === 'enum') {
        for (const v of Array.isArray(value) ? value : [value]) {
          if (!f.values?.some((x) => String(x.code) === String(v))) problems.push({ file: e.file, path: at(`/${i}/when/${name}`), reason: `'${String(v)}' is not one of the codes of ${name}` });
        }
      }
    }
    for (const name of rule.except ?? []) {
      if (!e.fields.some((x) => x.name === name)) problems.push({ file: e.file, path: at(`/${i}/except`), reason: `entity ${e.name} has no field '${name}'` });
    }
    for (const name of rule.exceptLines ?? []) {
      if (!e.children.some((c) => reg.entities.get(c.entity)?.fields.some((x) => x.name === name))) {
        problems.push({ file: e.file, path: at(`/${i}/exceptLines`), reason: `no line entity of ${e.name} has a field '${name}'` });
      }
    }
  });
  if (e.view || e.system || e.parent) return;
  for (const state of STATE_FIELDS) {
    if (!e.fields.some((f) => f.name === state)) continue;
    if (!(e.lifecycle ?? []).some((r) => state in r.when)) {
      problems.push({ file: e.file, path: `/entities/[${e.name}]`, reason: `a document with a '${state}' field must declare a lifecycle rule on it (what an approved/posted document refuses)` });
    }
  }
}
