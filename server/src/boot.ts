/**
 * Start-up: load and validate metadata (refuse to start on any error), open the database, apply
 * the recorded migrations, synchronise menus, check plugins, and build the services.
 */
import { loadMetadata } from '../../engine/src/metadata/loader.ts';
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

export async function createServices(config: Config, opts: { database?: Database } = {}): Promise<Services> {
  const reg = await loadMetadata(config.metadataDirs);
  const plugins = new PluginHost(productPlugins, workflowActions(reg));
  const missing = plugins.checkActions(reg);
  if (missing.length) throw new Error(`Metadata names actions no plugin registers:\n  ${missing.join('\n  ')}`);
  const database = opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  try {
    await migrate(database.db, reg, { allowDestructive: config.allowDestructive });
    await syncMenus(database.db, reg);
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
    if (!opts.database) await database.close();
    throw e;
  }
}
