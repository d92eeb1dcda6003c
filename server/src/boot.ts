/**
 * Start-up: load and validate metadata (refuse to start on any error), open the database, apply
 * the recorded migrations, synchronise menus, check plugins, and build the services.
 */
import { loadMetadata, MetadataError } from '../../engine/src/metadata/loader.ts';
import { checkActionHandlers } from '../../engine/src/metadata/action-handlers.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import { openDatabase, type Database } from '../../engine/src/db/database.ts';
import { migrate } from '../../engine/src/db/migrate.ts';
import { syncMenus } from '../../engine/src/access/menus.ts';
import { Repository } from '../../engine/src/crud/repository.ts';
import { PluginHost } from '../../engine/src/plugins/host.ts';
import { workflowActions } from '../../engine/src/workflow/actions.ts';
import { plugins as productPlugins } from '../../plugins/index.ts';
import type { Config } from './config.ts';
import type { Services } from './services.ts';
import { TokenService, sharedSecret } from './auth/tokens.ts';
import { publish } from './realtime/events.ts';

/** Where a start's time goes (main.ts prints it once listening): each phase from the start of the process. */
export class StartPhases {
  readonly #done: string[] = [];
  /** Notes that phase `name` ends now. */
  mark(name: string): void {
    this.#done.push(`${name} ${(performance.now() / 1000).toFixed(1)} s`);
  }
  async time<T>(name: string, p: Promise<T>): Promise<T> {
    const v = await p;
    this.mark(name);
    return v;
  }
  toString(): string {
    return this.#done.join(', ');
  }
}

export async function createServices(config: Config, opts: { database?: Database; dataReady?: Promise<void>; phases?: StartPhases } = {}): Promise<Services> {
  // The database opens (PGlite compiles its WebAssembly and starts; a pool connects) while the
  // metadata loads, once its folder is ready (a demo snapshot being copied in: main.ts).
  const phase = <T>(name: string, p: Promise<T>): Promise<T> => (opts.phases ? opts.phases.time(name, p) : p);
  const opening = opts.database
    ? Promise.resolve(opts.database)
    : phase('database ready', (opts.dataReady ?? Promise.resolve()).then(() => openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })));
  opening.catch(() => undefined); // awaited below, after the metadata: not an unhandled rejection meanwhile
  const closeOpened = async () => {
    if (!opts.database) await opening.then((d) => d.close(), () => undefined);
  };
  let reg: Registry;
  let plugins: PluginHost;
  try {
    reg = await phase('metadata', loadMetadata(config.metadataDirs));
    plugins = new PluginHost(productPlugins, workflowActions(reg));
    const missing = plugins.checkActions(reg);
    if (missing.length) throw new Error(`Metadata names actions no plugin registers:\n  ${missing.join('\n  ')}`);
    // every action's `run:` is the very function its registered action calls (decision 0400)
    const unbound = await checkActionHandlers(reg, plugins);
    if (unbound.length) throw new MetadataError(unbound);
    const unmet = plugins.checkMetadata(reg);
    if (unmet.length) throw new Error(`Metadata lacks what a plugin relies on:\n  ${unmet.join('\n  ')}`);
  } catch (e) {
    await closeOpened();
    throw e;
  }
  const database = await opening;
  try {
    await phase('migrations', migrate(database.db, reg, { allowDestructive: config.allowDestructive }));
    await phase('menus', syncMenus(database.db, reg));
    const secret = await sharedSecret(database.db, config.jwtSecret);
    return {
      config,
      database,
      reg,
      plugins,
      repo: new Repository(reg, plugins, { emit: publish }),
      tokens: new TokenService(database.db, secret, config.accessTokenSeconds, config.refreshTokenDays),
    };
  } catch (e) {
    await closeOpened();
    throw e;
  }
}
