/**
 * What every route plugin is given: the database, the metadata registry, the repository, the
 * plugin host and the settings. Built once at start by boot.ts; holds no per-user state.
 */
import type { Database } from '../../engine/src/db/database.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import type { Repository } from '../../engine/src/crud/repository.ts';
import type { PluginHost } from '../../engine/src/plugins/host.ts';
import type { Config } from './config.ts';
import type { TokenService } from './auth/tokens.ts';

export interface Services {
  config: Config;
  database: Database;
  reg: Registry;
  repo: Repository;
  plugins: PluginHost;
  tokens: TokenService;
}
