/**
 * The second half of the `run:` check (the first, its form, is the loader's cross-check
 * cross-checks/action-run.ts): with the plugins registered, every screen action's `run:
 * module/file#export` names a file under plugins/ that exports a function of that name, and the
 * action registered under the entry's name is bound to that very function (its `handler`, compared
 * by identity), so the YAML is one true hop from the code that runs (decision 0400). `engine#send`
 * and `engine#cancel` are checked the same way against engine/src/workflow/actions.ts.
 *
 *   const problems = await checkActionHandlers(reg, host);   // [] or `file: path: reason` problems
 *   if (problems.length) throw new MetadataError(problems);
 *
 * The server runs it at start (server/src/boot.ts), `npm run check:metadata` with the product's plugins.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Registry } from './registry.ts';
import type { MetadataProblem } from './loader.ts';
import type { PluginHost } from '../plugins/host.ts';
import { ENGINE_HANDLERS } from '../workflow/actions.ts';
import { declaredActions, runTarget } from './cross-checks/action-run.ts';

/** Sources (tsx, vitest) import plugins/**\/*.ts, the compiled server dist/plugins/**\/*.js: the same folder relative to this file. */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const PLUGINS_DIR = fileURLToPath(new URL('../../../plugins/', import.meta.url));

export interface HandlerCheckOptions {
  /** The plugins folder (default: the project's plugins/, or dist/plugins for the compiled server). */
  pluginsDir?: string;
}

export async function checkActionHandlers(reg: Registry, host: PluginHost, opts: HandlerCheckOptions = {}): Promise<MetadataProblem[]> {
  const dir = opts.pluginsDir ?? PLUGINS_DIR;
  const problems: MetadataProblem[] = [];
  const modules = new Map<string, Promise<Record<string, unknown>>>();
  for (const d of declaredActions(reg)) {
    const { name, run } = d.action;
    const at = `${d.path}/run`;
    const t = runTarget(run);
    if (!t) continue; // its form is the loader's problem
    let fn: unknown;
    let where: string;
    if (t.kind === 'engine') {
      fn = ENGINE_HANDLERS[t.export];
      where = `engine/src/workflow/actions.ts (ENGINE_HANDLERS.${t.export})`;
    } else {
      where = `plugins/${t.module}/${t.file}.ts`;
      const path = join(dir, t.module, `${t.file}${EXT}`);
      if (!existsSync(path)) {
        problems.push({ file: d.file, path: at, reason: `${where} does not exist` });
        continue;
      }
      let loading = modules.get(path);
      if (!loading) modules.set(path, (loading = import(pathToFileURL(path).href) as Promise<Record<string, unknown>>));
      fn = (await loading)[t.export];
      if (typeof fn !== 'function') {
        problems.push({ file: d.file, path: at, reason: `${where} exports no function '${t.export}'` });
        continue;
      }
    }
    const registered = host.action(name);
    if (!registered) {
      problems.push({ file: d.file, path: at, reason: `no plugin registers the action '${name}'` });
      continue;
    }
    if (!registered.handler) {
      problems.push({ file: d.file, path: at, reason: `the registered action '${name}' declares no handler: give it handler: ${t.export} (the function its run calls)` });
      continue;
    }
    if (registered.handler !== fn) {
      problems.push({ file: d.file, path: at, reason: `the action '${name}' is registered bound to ${registered.handler.name || 'another function'}, not to ${t.export} of ${where}` });
    }
  }
  return problems;
}
