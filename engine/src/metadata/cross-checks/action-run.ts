import type { Registry } from '../registry.ts';
import type { MetadataProblem } from '../loader.ts';

/**
 * `run: module/file#export`: the function of plugins/<module>/<file>.ts that does the action (a file
 * may sit in a folder of its module: `stores/documents/inventory-issue#…`); `engine#send` and
 * `engine#cancel` the engine's own (engine/src/workflow/actions.ts). Decision 0400.
 */
export const RUN_FORM = /^(?<module>[a-z0-9][a-z0-9-]*)\/(?<file>[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*)#(?<export>[A-Za-z_$][A-Za-z0-9_$]*)$/;
export const ENGINE_RUN = /^engine#(?<export>send|cancel)$/;

/** What a `run:` names: a plugin file's export, or one of the engine's workflow actions. */
export type RunTarget = { kind: 'plugin'; module: string; file: string; export: string } | { kind: 'engine'; export: 'send' | 'cancel' };

export function runTarget(run: string): RunTarget | undefined {
  const e = ENGINE_RUN.exec(run);
  if (e) return { kind: 'engine', export: e.groups!.export as 'send' | 'cancel' };
  const p = RUN_FORM.exec(run);
  if (p) return { kind: 'plugin', module: p.groups!.module, file: p.groups!.file, export: p.groups!.export };
  return undefined;
}

/** Every screen action in the order declared, with where it is (`/forms/3/actions/2`). */
export function declaredActions(reg: Registry): { file: string; path: string; module: string; route: string; entity: string; action: { name: string; run: string } }[] {
  const out: ReturnType<typeof declaredActions> = [];
  for (const [k, s] of reg.screens) {
    if (s.kind !== 'list' && s.kind !== 'form') continue;
    const at = reg.screenPaths.get(k) ?? `/${s.kind}s/[${s.route}]`;
    s.actions.forEach((a, j) => out.push({ file: s.file, path: `${at}/actions/${j}`, module: s.module, route: s.route, entity: s.entity, action: a }));
  }
  return out;
}

/**
 * Each action's `run:` has the form above; an engine action is the send/cancel of the screen's
 * entity, which declares `workflow:`; every screen offering an action names the same function.
 * Whether the file exists and the registered action is bound to that export is checked with the
 * plugins at start (engine/src/metadata/action-handlers.ts).
 */
export function checkActionRuns(reg: Registry, problems: MetadataProblem[]): void {
  const seen = new Map<string, { run: string; file: string; route: string }>();
  for (const d of declaredActions(reg)) {
    const { name, run } = d.action;
    const at = `${d.path}/run`;
    const t = runTarget(run);
    if (!t) {
      problems.push({ file: d.file, path: at, reason: `'${run}' is not a function's name: give module/file#export (plugins/<module>/<file>.ts and its exported function, e.g. maintenance/work-order#issueCrs) or engine#send / engine#cancel` });
      continue;
    }
    if (t.kind === 'engine') {
      const expected = `${t.export}_${d.entity}`;
      if (name !== expected) problems.push({ file: d.file, path: at, reason: `engine#${t.export} is the engine's action ${expected} of this screen's entity, not '${name}'` });
      else if (!reg.entities.get(d.entity)?.workflow) problems.push({ file: d.file, path: at, reason: `engine#${t.export} needs workflow: on entity ${d.entity}` });
    }
    const id = `${d.entity} ${name}`;
    const first = seen.get(id);
    if (!first) seen.set(id, { run, file: d.file, route: d.route });
    else if (first.run !== run) problems.push({ file: d.file, path: at, reason: `'${run}' differs from '${first.run}' that ${first.file} (${first.route}) names for the same action` });
  }
}
