/**
 * Menu Access's letters (spec §6; the letters themselves, their names and their written form are
 * ui/letters.ts's): menu entries in tree order with their depth, and letters switched on or off.
 *
 *   normaliseLetters('rcx')   // 'CR'
 *   withLetters({ 7: 'CR' }, [['7', 'D', true], ['7', 'C', false]])   // { 7: 'RD' }
 */
import type { MenuEntry } from '../../api/types';
import { LETTERS, LETTER_NAMES, normaliseLetters, type Letter } from '../../ui/letters';

export { LETTERS, LETTER_NAMES, normaliseLetters, type Letter };

export interface MatrixRow {
  entry: MenuEntry;
  depth: number;
}

/** The entries in tree order (a parent before its children), with their depth. */
export function treeRows(entries: readonly MenuEntry[]): MatrixRow[] {
  const byParent = new Map<string, MenuEntry[]>();
  const ids = new Set(entries.map((e) => String(e.menu_id)));
  const roots: MenuEntry[] = [];
  for (const e of entries) {
    const p = e.parent_id === null || e.parent_id === undefined ? null : String(e.parent_id);
    if (p !== null && ids.has(p) && p !== String(e.menu_id)) {
      const list = byParent.get(p) ?? [];
      list.push(e);
      byParent.set(p, list);
    } else roots.push(e);
  }
  const out: MatrixRow[] = [];
  const seen = new Set<string>();
  const walk = (list: MenuEntry[], depth: number) => {
    for (const e of list) {
      const id = String(e.menu_id);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ entry: e, depth });
      walk(byParent.get(id) ?? [], depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

/** The letters by menu id with each change applied: a letter switched on or off for an entry. */
export function withLetters(value: Record<string, string>, changes: Array<[string, Letter, boolean]>): Record<string, string> {
  const next = { ...value };
  for (const [id, l, on] of changes) {
    const cur = next[id] ?? '';
    next[id] = normaliseLetters(on ? cur + l : cur.replace(l, ''));
  }
  return next;
}
