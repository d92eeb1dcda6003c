/**
 * What one database has beyond the tables every registry declares, found once per database and
 * kept on its Kysely instance (a no-op plugin, so that a transaction reaches it too).
 *
 *   const f = featuresOf(tx)                    // the Database's own, or undefined
 *   if (await hasTable(tx, 'webhook_delivery')) …
 */
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { DB } from './database.ts';

export class DatabaseFeatures implements KyselyPlugin {
  readonly tables = new Map<string, Promise<boolean>>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

export function featuresOf(db: DB): DatabaseFeatures | undefined {
  return db.getExecutor().plugins.find((p): p is DatabaseFeatures => p instanceof DatabaseFeatures);
}

/**
 * Whether the database has the table (an app whose metadata declares it: the webhook outbox of
 * metadata/admin/webhooks.yaml). Asked once per database; migrations create tables before any
 * write, so the answer does not change while it runs.
 */
export function hasTable(db: DB, table: string): Promise<boolean> {
  const f = featuresOf(db);
  const ask = () => sql<{ ok: boolean }>`select to_regclass(${table}) is not null as ok`.execute(db).then((r) => Boolean(r.rows[0]?.ok));
  if (!f) return ask();
  let known = f.tables.get(table);
  if (!known) {
    known = ask();
    f.tables.set(table, known);
    // a failed question is asked again next time
    known.catch(() => f.tables.delete(table));
  }
  return known;
}
