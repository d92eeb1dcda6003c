/**
 * The plugin contract. A plugin (in plugins/) declares hooks on entities and named actions; the
 * engine calls them, plugins never patch the engine and know nothing of HTTP.
 *
 *   export default definePlugin({
 *     name: 'stock-ledger',
 *     hooks: { stock_issue: { beforeCreate: async ({ row }) => { … } } },
 *     actions: { post_issue: { entity: 'stock_issue', handler: postIssue, run: (ctx, input) => postIssue(ctx, input.key) } },
 *   });
 */
import type { StateWatch } from '../webhooks/watch.ts';
import type { DB } from '../db/database.ts';
import type { AppAbility } from '../access/ability.ts';
import type { Registry } from '../metadata/registry.ts';
import type { Repository, UserRef } from '../crud/repository.ts';
import type { FinishedStatus } from '../workflow/status.ts';
import type { RawBuilder } from 'kysely';
import type { PluginRoutes } from './routes.ts';
import type { EntityRows } from '../db/rows.gen.ts';

/**
 * A real-time event (spec §7 "Received": task_changed, mrnotif, prnotif, rcvnotif, …) published
 * inside the writing transaction; the server delivers it to the company's (or one user's) sockets
 * only if that transaction commits.
 */
export interface EngineEvent {
  event: string;
  compcode?: string;
  user_id?: number;
  data?: Record<string, unknown>;
}

/**
 * Hooks the engine runs around generic writes and workflow ends, and the two a plugin's post
 * action runs, so another plugin can take part in a posting without either importing the other:
 * - `beforePost`: inside the posting transaction, after the document is read and locked and
 *   before anything is written; throwing an AppError refuses the posting (procurement requires
 *   an approved receiving).
 * - `afterPost`: inside the same transaction, once the ledger is written and the document marked
 *   posted (procurement updates outstanding quantities and progress when a receipt posts).
 * Both see `posting` (which step, and the original document when the posting reverses one).
 * `beforeSend` runs when a document is sent to its workflow (the send actions, inside their
 * transaction, before the task is made): a plugin may refuse by throwing (an award without its
 * reason) or set server fields the workflow's conditions read.
 */
export type HookName = 'beforeCreate' | 'afterCreate' | 'beforeUpdate' | 'afterUpdate' | 'beforeDelete' | 'workflowFinished' | 'beforePost' | 'afterPost' | 'beforeSend';

/**
 * One row of an entity as the repository reads it (engine/src/db/rows.gen.ts, generated from
 * metadata: the entity's columns typed as a select reads them, and its lines); an entity the
 * product's metadata does not declare (a test's own) is a loose record.
 */
export type RowOf<E extends string> = E extends keyof EntityRows ? EntityRows[E] : Record<string, unknown>;

/**
 * The values a create or update is writing (beforeCreate, beforeUpdate): the entity's field names,
 * with the values as they came in (a request body, an import's cells), so a hook converts them
 * where it reads them; a hook may set more (server fields).
 */
export type WrittenValues<R> = { [K in keyof R]?: unknown } & Record<string, unknown>;

/**
 * A row's fields as they come in from outside the typed reads (a raw statement's JSON, a request,
 * an import's cells): the names are checked against the row type `R`, the values are converted
 * where they are read.
 */
export type Incoming<R> = { [K in keyof R]?: unknown };

export interface HookContext<R = Record<string, unknown>, B = R> {
  /** The transaction of the write: a hook's own writes commit or roll back with it. */
  db: DB;
  user: UserRef;
  /** The engine's services: given to every create/update/delete hook (workflowFinished: when the server passes them). */
  reg?: Registry;
  repo?: Repository;
  emit?: (tx: DB, e: EngineEvent) => Promise<void>;
  row: R;
  before?: B;
  /** workflowFinished: the outcome (STATUS.APPROVED or STATUS.REJECTED) and the task. */
  workflow?: { status: FinishedStatus; taskkey: number };
  /**
   * beforePost/afterPost: the posting step ('post'; a transfer has 'out' and 'in') and, for a
   * reversing document (posted at once by the reverse action), the original it reverses.
   */
  posting?: { step: string; reverses?: Record<string, unknown> };
  /** beforeSend: the action's business date (ActionContext.asOf, decision 0122). */
  asOf?: string;
}

export interface ActionContext {
  /** The database, or the caller's transaction (repository methods and documentAction join it). */
  db: DB;
  reg: Registry;
  repo: Repository;
  /** The plugin host: run hooks (`afterPost`) and other plugins' actions. */
  plugins: PluginHost;
  ability: AppAbility;
  user: UserRef;
  /** Publishes an event (websocket notification) inside the caller's transaction. */
  emit?: (tx: DB, e: EngineEvent) => Promise<void>;
  /**
   * The business date the action is taken on (YYYY-MM-DD): today in the company's time zone, filled
   * by the action runner (engine/src/crud/business-date.ts), or the day a fixture step replays a
   * dated document on. Never set from a request.
   */
  asOf?: string;
  /** The client's address (HTTP): a signature's failed password or code is throttled on it and on the account. */
  ip?: string;
  /** Whether `asOf` is a replayed day (a fixture step's `date:`) rather than today: moments are then that day's start. */
  replayed?: boolean;
  /**
   * The permission the action's declared letter stands for, set by `runAction` (engine/src/crud/
   * run-action.ts); `documentAction` reads the document for it. Plugins never name a letter.
   */
  permission?: 'read' | 'update' | 'delete' | 'print' | 'other';
  /**
   * Set by `runAction` for an action that declares `document: true`: the row the user must be able
   * to read, which `documentAction` checks in its own locked read of that row (`done` once it
   * has) instead of a read of its own beforehand.
   */
  readCheck?: { entity: string; key: string | number; done: boolean };
}

/** What an action is called with: the row's key (a row action) and the request body. */
export interface ActionInput {
  key?: string | number;
  body: Record<string, unknown>;
}

export interface PluginAction {
  /** Entity the action belongs to; the caller needs the action's letter on it (see list/form actions in metadata). */
  entity: string;
  /**
   * The function that does the action, the one `run` calls: what the metadata's `run:
   * module/file#export` names, checked at start to be that very export (engine/src/metadata/
   * action-handlers.ts, decision 0400). Required of every action a screen offers.
   */
  handler?: (...args: never[]) => unknown;
  /**
   * The action's first read is `documentAction` on the row the key names (post, reverse): the
   * runner leaves the check that the user may read that row to that locked read, one statement
   * instead of two reads of the same row (and checks it itself afterwards if the action never did).
   */
  document?: boolean;
  run(ctx: ActionContext, input: ActionInput): Promise<unknown>;
  /**
   * A signature action's preview (engine/src/crud/preview-action.ts, decision 0316): what the
   * signature will record, read now, writing nothing; `refusal` when the action would refuse it
   * as things stand (a blank card, an order not released for work, no authorisation covering it).
   */
  preview?(ctx: ActionContext, input: { key?: string | number }): Promise<SignaturePreview>;
}

/** What a signature will record, shown in the signature dialog before it is given. */
export interface SignaturePreview {
  /** The document as every screen names it ("Task card 2 (AMM 12-13-79) of WO-2026-00012"). */
  document: string;
  /** What is signed, label and value as shown (the card's text, the aircraft, hours and cycles …). */
  items: { label: string; value: string }[];
  /** The authorisation the signature will be given under ("CTA-B1-0107 v2"), or null when none is needed. */
  authorisation: string | null;
  /** Why the action would refuse the signature now, in its own words; null when it would take it. */
  refusal: string | null;
}

/**
 * One count of the bell (spec §3 Count object) over a plugin's documents: a scalar SQL count for
 * one user in one company. The server adds it to the one statement it counts the bell with
 * (server/src/realtime/counts.ts).
 */
export interface BellCount {
  /** The count's name in the bell's answer (`MrCount`). */
  name: string;
  /** Counted only when the metadata has this entity with these fields (0 otherwise). */
  entity: string;
  fields: string[];
  /** Counted only for a user who may open this menu entry (R on it), the list the bell item opens. */
  opens?: { module: string; route: string };
  /** The count, a scalar subquery. */
  count: (who: { compcode: string; userId: number }) => RawBuilder<unknown>;
}

/** What a plugin's documents show on the bell. */
export interface PluginBell {
  counts?: BellCount[];
  /**
   * Company-wide events sent when a document's workflow ends, entity → outcome → event
   * (`{ material_request: { '111': 'mrnotif' } }`): sent after the `workflowFinished` hooks, in
   * the same transaction, by callers that send events (engine/src/workflow/context.ts finishedHooks).
   */
  finished?: Record<string, Partial<Record<FinishedStatus, string>>>;
}

export interface Plugin {
  name: string;
  hooks?: Record<string, Partial<Record<HookName, (ctx: HookContext) => Promise<void>>>>;
  actions?: Record<string, PluginAction>;
  bell?: PluginBell;
  /**
   * Named guards of lifecycle transitions (metadata `lifecycle.transitions[].guards`, decision
   * 0405): pure functions, the document's stored row in, the refusal's words (409) or null out.
   */
  guards?: Record<string, TransitionGuard>;
  /** What the plugin relies on in metadata, checked at start (a problem per line; the start stops on any). */
  checks?: (reg: Registry) => string[];
  /** States of its rows a webhook event is sent for when a row enters them (engine/src/webhooks/watch.ts). */
  watches?: StateWatch[];
  /** Its own HTTP routes, a Fastify plugin the server registers under /api (engine/src/plugins/routes.ts). */
  routes?: PluginRoutes;
}

/** A transition's guard: the row as stored in, why the action is refused on it (words) or null. */
export type TransitionGuard = (row: Readonly<Record<string, unknown>>) => string | null;

export function definePlugin(p: Plugin): Plugin {
  return p;
}

/**
 * An entity's hooks, each given that entity's row type (RowOf): what the engine passes them
 * (engine/src/crud/repository.ts, the workflow's send and act, the post actions):
 * - beforeCreate: the values being inserted (WrittenValues); beforeUpdate: the values being
 *   written and the stored row before;
 * - afterCreate, afterUpdate (with before), beforeDelete, beforeSend, beforePost, afterPost: the row;
 * - workflowFinished: the document's key.
 */
export interface EntityHooks<E extends string> {
  beforeCreate?: (ctx: HookContext<WrittenValues<RowOf<E>>, never>) => Promise<void>;
  beforeUpdate?: (ctx: HookContext<WrittenValues<RowOf<E>>, RowOf<E>>) => Promise<void>;
  afterCreate?: (ctx: HookContext<RowOf<E>, never>) => Promise<void>;
  afterUpdate?: (ctx: HookContext<RowOf<E>>) => Promise<void>;
  beforeDelete?: (ctx: HookContext<RowOf<E>, never>) => Promise<void>;
  workflowFinished?: (ctx: HookContext<{ key: string | number }, never>) => Promise<void>;
  beforeSend?: (ctx: HookContext<RowOf<E>, never>) => Promise<void>;
  beforePost?: (ctx: HookContext<RowOf<E>, never>) => Promise<void>;
  afterPost?: (ctx: HookContext<RowOf<E>, never>) => Promise<void>;
}

/**
 * Typed hooks of one entity, for `Plugin.hooks`:
 *
 *   hooks: { stock_issue: defineHooks('stock_issue', { beforeCreate: async ({ row }) => { … } }) }
 *
 * The engine calls an entity's hooks with that entity's rows only, so the widening to the host's
 * loose signature is safe.
 */
export function defineHooks<E extends string>(_entity: E, hooks: EntityHooks<E>): Partial<Record<HookName, (ctx: HookContext) => Promise<void>>> {
  return hooks as Partial<Record<HookName, (ctx: HookContext) => Promise<void>>>;
}

export class PluginHost {
  readonly plugins: Plugin[];

  /** Every plugin's state watches (webhook events of due items, reorder levels). */
  get watches(): StateWatch[] {
    return this.plugins.flatMap((p) => p.watches ?? []);
  }
  /**
   * `engine`: the actions the engine itself gives by metadata (send_/cancel_ of documents with a
   * workflow: engine/src/workflow/actions.ts), registered as one more plugin.
   */
  constructor(plugins: Plugin[] = [], engine?: Record<string, PluginAction>) {
    this.plugins = engine ? [...plugins, { name: 'engine', actions: engine }] : plugins;
    const seen = new Map<string, string>();
    for (const p of this.plugins) {
      for (const a of Object.keys(p.actions ?? {})) {
        if (seen.has(a)) throw new Error(`Action ${a} is registered by both ${seen.get(a)} and ${p.name}`);
        seen.set(a, p.name);
      }
      for (const g of Object.keys(p.guards ?? {})) {
        if (seen.has(`guard ${g}`)) throw new Error(`Guard ${g} is registered by both ${seen.get(`guard ${g}`)} and ${p.name}`);
        seen.set(`guard ${g}`, p.name);
      }
    }
  }

  /** The guard of this name (Plugin.guards), if some plugin supplies it. */
  guard(name: string): TransitionGuard | undefined {
    for (const p of this.plugins) {
      const g = p.guards?.[name];
      if (g) return g;
    }
    return undefined;
  }

  async run(hook: HookName, entity: string, ctx: HookContext): Promise<void> {
    for (const p of this.plugins) {
      const fn = p.hooks?.[entity]?.[hook];
      if (fn) await fn(ctx);
    }
  }

  /** Whether some plugin has this hook on the entity. */
  has(hook: HookName, entity: string): boolean {
    return this.plugins.some((p) => Boolean(p.hooks?.[entity]?.[hook]));
  }

  /** Every plugin's bell counts, in plugin order. */
  bellCounts(): BellCount[] {
    return this.plugins.flatMap((p) => p.bell?.counts ?? []);
  }

  /** The events a document's workflow ending with this outcome sends (every plugin's). */
  finishedEvents(entity: string, status: FinishedStatus): string[] {
    return this.plugins.flatMap((p) => p.bell?.finished?.[entity]?.[status] ?? []);
  }

  action(name: string): PluginAction | undefined {
    for (const p of this.plugins) {
      const a = p.actions?.[name];
      if (a) return a;
    }
    return undefined;
  }

  /** Every plugin's own checks of the metadata it relies on (Plugin.checks). */
  checkMetadata(reg: Registry): string[] {
    return this.plugins.flatMap((p) => p.checks?.(reg) ?? []);
  }

  /** Checks that every action named in metadata is registered by some plugin. */
  checkActions(reg: Registry): string[] {
    const missing: string[] = [];
    for (const s of reg.screens.values()) {
      if (s.kind !== 'list' && s.kind !== 'form') continue;
      for (const a of s.actions) if (!this.action(a.name)) missing.push(`${s.file}: action '${a.name}' of route ${s.route} is not registered by any plugin`);
    }
    // every guard a lifecycle transition names is supplied by some plugin (decision 0405)
    for (const e of reg.entities.values()) {
      for (const t of e.states?.transitions ?? []) {
        for (const g of t.guards) if (!this.guard(g)) missing.push(`${e.file}: guard '${g}' of transition ${t.action} (entity ${e.name}) is not supplied by any plugin`);
      }
    }
    return missing;
  }
}
