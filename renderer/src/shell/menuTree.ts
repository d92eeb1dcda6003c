import type { MenuEntry } from '../api/types';

export interface MenuNode {
  entry: MenuEntry;
  children: MenuNode[];
}

const idOf = (v: number | string | null | undefined): string | null =>
  v === null || v === undefined || v === '' ? null : String(v);

/**
 * Builds the tree of a module's menu from the flat, ordered list: entries with a null parent_id
 * are level 1, entries pointing at them their children (and so on). Orphans become roots.
 */
export function buildMenuTree(entries: readonly MenuEntry[], maxDepth = 10): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const e of entries) nodes.set(String(e.menu_id), { entry: e, children: [] });
  const roots: MenuNode[] = [];
  for (const e of entries) {
    const node = nodes.get(String(e.menu_id));
    if (!node) continue;
    const parent = idOf(e.parent_id);
    const parentNode = parent !== null && parent !== String(e.menu_id) ? nodes.get(parent) : undefined;
    if (parentNode) parentNode.children.push(node);
    else roots.push(node);
  }
  const prune = (list: MenuNode[], depth: number): MenuNode[] =>
    list.map((n) => ({ entry: n.entry, children: depth >= maxDepth ? [] : prune(n.children, depth + 1) }));
  return prune(roots, 1);
}

/** Where an entry leads; groups without a url lead nowhere. */
export function menuUrl(entry: MenuEntry): string | null {
  const url = entry.url?.trim();
  if (!url) return null;
  return /^https?:\/\//i.test(url) || url.startsWith('/') ? url : `/${url}`;
}
