/**
 * Checks of `stored` on view entities (decision 0200): the part and the indexes name fields, the
 * `asOf` view is keyed by company, and every table the view reads (through the views it reads)
 * is watched by a `changedBy` entry, so no change can leave stored rows behind unnoticed.
 */
import type { MetadataProblem } from '../loader.ts';
import type { EntityDef, Registry } from '../registry.ts';
import { readsName } from '../../db/names.ts';

/** The tables (not views) a view reads, through the views it reads, with the entity names. */
export function tablesRead(reg: Registry, e: EntityDef): EntityDef[] {
  const out = new Map<string, EntityDef>();
  const seen = new Set<string>([e.name]);
  const visit = (sqlText: string) => {
    for (const x of reg.entities.values()) {
      if (seen.has(x.name) || !readsName(sqlText, x.table)) continue;
      seen.add(x.name);
      if (x.view) visit(x.view);
      else out.set(x.name, x);
    }
  };
  visit(e.view ?? '');
  return [...out.values()];
}

export function checkStoredViews(reg: Registry, problems: MetadataProblem[]): void {
  for (const e of reg.entities.values()) {
    const s = e.stored;
    if (!s) continue;
    const at = (suffix: string) => `/entities/[${e.name}]/stored${suffix}`;
    const problem = (path: string, reason: string) => problems.push({ file: e.file, path: at(path), reason });
    if (!e.view) {
      problem('', 'stored is for view entities (view or viewFile)');
      continue;
    }
    if (!e.companyScoped) problem('', 'a stored view must be company scoped (its rows are computed per company)');
    const has = (name: string) => name === 'compcode' || e.fields.some((f) => f.name === name);
    if (!e.fields.some((f) => f.name === s.part)) problem('/part', `entity ${e.name} has no field '${s.part}'`);
    (s.indexes ?? []).forEach((ix, i) => ix.forEach((name, j) => has(name) || problem(`/indexes/${i}/${j}`, `entity ${e.name} has no field '${name}'`)));
    const asOf = reg.entities.get(s.asOf.entity);
    if (!asOf) problem('/asOf/entity', `unknown entity '${s.asOf.entity}'`);
    else {
      if (asOf.key !== 'compcode') problem('/asOf/entity', `entity ${asOf.name} is not keyed by company (compcode)`);
      if (!asOf.fields.some((f) => f.name === s.asOf.field && f.type === 'date')) problem('/asOf/field', `entity ${asOf.name} has no date field '${s.asOf.field}'`);
    }
    s.changedBy.forEach((c, i) => {
      const x = reg.entities.get(c.entity);
      if (!x) problem(`/changedBy/${i}/entity`, `unknown entity '${c.entity}'`);
      else if (x.view) problem(`/changedBy/${i}/entity`, `entity ${x.name} is a view: name the tables it reads`);
      else if (/^[a-z_][a-z0-9_]*$/.test(c.part) && c.part !== 'all' && !x.fields.some((f) => f.name === c.part) && x.key !== c.part) {
        problem(`/changedBy/${i}/part`, `entity ${x.name} has no field '${c.part}'`);
      }
    });
    const watched = new Set(s.changedBy.map((c) => c.entity));
    for (const t of tablesRead(reg, e)) {
      if (!watched.has(t.name)) problem('/changedBy', `the view reads ${t.table} (entity ${t.name}) but no changedBy entry watches it: a change of it would leave stored rows stale`);
    }
  }
}
