/**
 * The layers point one way: no module of engine/src, server/src or plugins imports itself back
 * through others (an import circle: load order then decides what is undefined). Reads the sources'
 * import statements; `import type` is erased by the compiler and may close a circle (the plugin
 * contract's contexts carry the repository that runs the plugins' hooks). A circle fails the test
 * with its files named.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const DIRS = ['engine/src', 'server/src', 'plugins'];

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** The files one file loads: relative imports and re-exports that are not type-only, and dynamic `import('…')`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statements = /^\s*(?:import|export)\s+(type\s)?[^;]*?from\s*'(\.{1,2}\/[^']+)'|^\s*import\s*'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/gm;
  for (const m of text.matchAll(statements)) {
    if (m[1]) continue;
    found.push(resolve(dirname(file), m[2] ?? m[3] ?? m[4]));
  }
  return found;
}

/** Every circle of the graph, each once (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('import circles', () => {
  it('finds a circle in a small hand-made graph and none in a chain', () => {
    // a → b → c → a is one circle; d → a hangs off it and is not part of it
    const circle = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(importCircles(circle)).toEqual([['a', 'b', 'c']]);
    expect(importCircles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('engine/src, server/src and plugins import in one direction only', () => {
    const graph = new Map<string, string[]>();
    for (const dir of DIRS) for (const f of sources(join(ROOT, dir))) graph.set(f, importsOf(f));
    expect(graph.size).toBeGreaterThan(50);
    const circles = importCircles(graph).map((c) => c.map((f) => relative(ROOT, f)));
    expect(circles).toEqual([]);
  });
});
