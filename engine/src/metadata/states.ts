/**
 * A document's states, declared once (decision 0405): the object form of an entity's `lifecycle`
 * names its state field, its states and its transitions (each an action offered from some
 * states, leading to one, with named guards), and keeps the lifecycle `rules` beside them.
 *
 *   lifecycle:
 *     field: wo_status
 *     states: [DRAFT, RELEASED, INPROGRESS, CRS, CLOSED, CANCELLED]
 *     transitions:
 *       - { action: start_work_order, from: RELEASED, to: INPROGRESS }
 *       - { action: withdraw_work_order, from: [DRAFT, RELEASED], to: CANCELLED, guards: [not_on_process] }
 *     rules:
 *       - { when: { wo_status: [CRS, CLOSED, CANCELLED] }, refuse: [update, delete, lines] }
 *
 * Another entity shares a declaration with `like: <entity>`, mapping its states to its own codes
 * (`codes`), its actions to its own (`actions`), and adding its own guards (`guards`, by its action).
 *
 * At load (after every file is collected) each declaration is checked and resolved into the
 * entity's `states` (its own codes and actions), and every screen action that is a transition
 * gets the `visibleWhen` of its `from` states: a hand-written one is refused. The action runner
 * (crud/run-action.ts, crud/transitions.ts) refuses a transition from any other state.
 */
import type { LifecycleDeclaration } from './types.gen.ts';
import type { EntityDef, Registry, StatesDef, TransitionDef } from './registry.ts';
import type { MetadataProblem } from './loader.ts';

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Resolves every entity's declaration into `states` and derives its screens' transition actions' `visibleWhen`. */
export function resolveStates(reg: Registry, problems: MetadataProblem[]): void {
  for (const e of reg.entities.values()) {
    if (!e.declaration) continue;
    const states = resolveOne(reg, e, e.declaration, problems);
    if (states && checkStates(reg, e, states, problems)) e.states = states;
  }
  for (const e of reg.entities.values()) if (e.states) deriveOffers(reg, e, e.states, problems);
}

function resolveOne(reg: Registry, e: EntityDef, d: LifecycleDeclaration, problems: MetadataProblem[]): StatesDef | null {
  const at = (suffix: string) => `/entities/[${e.name}]/lifecycle${suffix}`;
  const problem = (suffix: string, reason: string) => {
    problems.push({ file: e.file, path: at(suffix), reason });
    return null;
  };
  if (!d.like) {
    if (d.codes || d.actions || d.guards) return problem('', 'codes, actions and guards map a shared declaration: they go with like');
    if (!d.states || !d.transitions) return problem('', 'a lifecycle declaration gives its states and transitions (or shares another entity\'s with like)');
    return { field: d.field, states: [...d.states], transitions: d.transitions.map((t) => ({ action: t.action, from: list(t.from), ...(t.to ? { to: t.to } : {}), guards: [...(t.guards ?? [])] })) };
  }
  if (d.states || d.transitions) return problem('', 'a declaration shared with like takes its states and transitions from it');
  const shared = reg.entities.get(d.like)?.declaration;
  if (!shared) return problem('/like', `entity '${d.like}' declares no lifecycle states`);
  if (shared.like || !shared.states || !shared.transitions) return problem('/like', `entity '${d.like}' shares another declaration itself: like names the entity declaring the states`);
  const codes = d.codes ?? {};
  const actions = d.actions ?? {};
  let ok = true;
  for (const s of Object.keys(codes)) if (!shared.states.includes(s)) ok = Boolean(problem(`/codes/${s}`, `'${s}' is not a state of ${d.like}`));
  for (const s of shared.states) if (!(s in codes)) ok = Boolean(problem('/codes', `state '${s}' of ${d.like} has no code here`));
  for (const a of Object.keys(actions)) if (!shared.transitions.some((t) => t.action === a)) ok = Boolean(problem(`/actions/${a}`, `'${a}' is not an action of ${d.like}'s transitions`));
  for (const t of shared.transitions) if (!(t.action in actions)) ok = Boolean(problem('/actions', `transition '${t.action}' of ${d.like} has no action here`));
  for (const a of Object.keys(d.guards ?? {})) if (!Object.values(actions).includes(a)) ok = Boolean(problem(`/guards/${a}`, `'${a}' is not one of this entity's transition actions`));
  if (!ok) return null;
  const mapped = (s: string) => list(codes[s]);
  const states = [...new Set(shared.states.flatMap(mapped))];
  const transitions: TransitionDef[] = shared.transitions.map((t) => {
    const action = actions[t.action];
    const to = t.to ? mapped(t.to)[0] : undefined;
    return { action, from: [...new Set(list(t.from).flatMap(mapped))], ...(to ? { to } : {}), guards: [...(t.guards ?? []), ...(d.guards?.[action] ?? [])] };
  });
  return { field: d.field, states, transitions, like: d.like };
}

/** The field is an enum set by actions, the states are its codes (every one), each transition's states and action known. */
function checkStates(reg: Registry, e: EntityDef, s: StatesDef, problems: MetadataProblem[]): boolean {
  const before = problems.length;
  const at = (suffix: string) => `/entities/[${e.name}]/lifecycle${suffix}`;
  const problem = (suffix: string, reason: string) => problems.push({ file: e.file, path: at(suffix), reason });
  const f = e.fields.find((x) => x.name === s.field);
  if (!f) problem('/field', `entity ${e.name} has no field '${s.field}'`);
  else if (f.type !== 'enum' || !f.values) problem('/field', `the state field '${s.field}' must be an enum field`);
  else {
    const codes = f.values.map((v) => String(v.code));
    for (const st of s.states) if (!codes.includes(st)) problem('/states', `'${st}' is not one of the codes of ${s.field}`);
    for (const c of codes) if (!s.states.includes(c)) problem('/states', `code '${c}' of ${s.field} is not a declared state`);
  }
  const offered = new Set<string>();
  for (const sc of reg.screensOfEntity(e.name)) if (sc.kind === 'list' || sc.kind === 'form') for (const a of sc.actions) offered.add(a.name);
  const seen = new Set<string>();
  s.transitions.forEach((t, i) => {
    const tp = s.like ? `/actions` : `/transitions/${i}`;
    if (seen.has(t.action)) problem(tp, `action '${t.action}' is declared by two transitions`);
    seen.add(t.action);
    if (!offered.has(t.action)) problem(tp, `action '${t.action}' is offered by no screen of ${e.name}`);
    for (const st of t.from) if (!s.states.includes(st)) problem(`${tp}/from`, `'${st}' is not a declared state`);
    if (t.to && !s.states.includes(t.to)) problem(`${tp}/to`, `'${t.to}' is not a declared state`);
  });
  return problems.length === before;
}

/** Each screen action that is a transition is shown only from its `from` states; no hand-written visibleWhen. */
function deriveOffers(reg: Registry, e: EntityDef, s: StatesDef, problems: MetadataProblem[]): void {
  for (const sc of reg.screensOfEntity(e.name)) {
    if (sc.kind !== 'list' && sc.kind !== 'form') continue;
    for (const a of sc.actions) {
      const t = s.transitions.find((x) => x.action === a.name);
      if (!t) continue;
      if (a.visibleWhen) {
        problems.push({ file: sc.file, path: `/${sc.kind}s/[${sc.route}]/actions/[${a.name}]/visibleWhen`, reason: `action '${a.name}' is a transition of ${e.name}'s lifecycle: it is offered from its states (${t.from.join(', ')}), never by visibleWhen` });
        continue;
      }
      a.visibleWhen = { [s.field]: t.from as [string, ...string[]] };
    }
  }
}
