import type { EntityDef, Registry } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';

/** `participants` names reference fields of the right entities (docs/metadata.md). */
export function checkParticipants(reg: Registry, e: EntityDef, problems: MetadataProblem[]): void {
  const p = e.participants;
  if (!p) return;
  const at = (suffix: string) => `/entities/[${e.name}]/participants${suffix}`;
  const ref = (entity: EntityDef | undefined, name: string | undefined, to: string) => {
    const f = entity?.fields.find((x) => x.name === name);
    return f?.type === 'reference' && f.entity === to;
  };
  if (!p.owner && !p.via && !p.through) problems.push({ file: e.file, path: at(''), reason: 'name owner, via or through' });
  if (p.owner && !ref(e, p.owner, 'users')) problems.push({ file: e.file, path: at('/owner'), reason: `'${p.owner}' must be a reference field of ${e.name} to users` });
  if (p.via) {
    const via = reg.entities.get(p.via.entity);
    if (!ref(via, p.via.field, e.name)) problems.push({ file: e.file, path: at('/via/field'), reason: `'${p.via.field}' must be a reference field of ${p.via.entity} to ${e.name}` });
    if (!ref(via, p.via.user, 'users')) problems.push({ file: e.file, path: at('/via/user'), reason: `'${p.via.user}' must be a reference field of ${p.via.entity} to users` });
  }
  if (p.through) {
    const f = e.fields.find((x) => x.name === p.through);
    const target = f?.entity ? reg.entities.get(f.entity) : undefined;
    if (f?.type !== 'reference' || !target?.participants || target.participants.through) {
      problems.push({ file: e.file, path: at('/through'), reason: `'${p.through}' must be a reference field to an entity with participants of its own (owner or via)` });
    }
  }
  if (p.unless && !reg.entities.has(p.unless.entity)) problems.push({ file: e.file, path: at('/unless/entity'), reason: `unknown entity '${p.unless.entity}'` });
}
