/** Menus: each route and parent exists; entries nest at most three levels (each entry is given its level). */
import type { Registry } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';

export function checkMenus(reg: Registry, problems: MetadataProblem[]): void {
  const levels = new Map<string, number>();
  const byKey = new Map(reg.menus.map((m) => [`${m.module}/${m.name}`, m]));
  for (const m of reg.menus) {
    if (m.route && !reg.screen(m.module, m.route)) {
      problems.push({ file: m.file, path: `/menus/[${m.name}]/route`, reason: `route '${m.route}' does not exist in module ${m.module}` });
    }
    if (m.parent && !byKey.has(`${m.module}/${m.parent}`)) {
      problems.push({ file: m.file, path: `/menus/[${m.name}]/parent`, reason: `parent menu '${m.parent}' does not exist in module ${m.module}` });
    }
  }
  const levelOf = (m: (typeof reg.menus)[number], depth = 0): number => {
    if (depth > 10) return 99;
    const k = `${m.module}/${m.name}`;
    const known = levels.get(k);
    if (known !== undefined) return known;
    const parent = m.parent ? byKey.get(`${m.module}/${m.parent}`) : undefined;
    const l = parent ? levelOf(parent, depth + 1) + 1 : 1;
    levels.set(k, l);
    return l;
  };
  for (const m of reg.menus) {
    m.level = levelOf(m);
    if (m.level > 3) problems.push({ file: m.file, path: `/menus/[${m.name}]/parent`, reason: `menus nest at most three levels (or the parents form a cycle)` });
  }
}
