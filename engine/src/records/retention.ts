/**
 * Airworthiness records are kept (decision 0313): an entity declared `retain: true` (task cards, work
 * orders with their CRS, maintenance records, AD/SB status, component times and changes, flight and
 * technical logs, the aircraft itself) has its rows refused to DELETE and TRUNCATE by a trigger, so
 * no path deletes one: the generic DELETE, lines left out of a parent's save, an import, a plugin's
 * action, a cascade from a parent. The repository refuses earlier with the same 409 ERR_RETAINED.
 *
 *   retentionTriggers(reg)  // the trigger for the schema model (migrations create it on both databases)
 */
import type { TriggerModel } from '../db/stored-view.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { quoteIdent as q } from '../db/database.ts';
import { shortName } from '../db/names.ts';
import { appError, errorText } from '../errors.ts';

/** SQLSTATE of the refusal (mapped to 409 ERR_RETAINED by crud/db-errors.ts). */
export const RETAINED_STATE = 'AE001';

export function retainedTables(reg: Registry): string[] {
  return [...reg.entities.values()]
    .filter((e) => e.retain && !e.view)
    .map((e) => e.table)
    .sort();
}

export function retentionTriggers(reg: Registry): TriggerModel[] {
  const tables = retainedTables(reg);
  if (!tables.length) return [];
  return [
    {
      name: 'records_retained',
      table: tables[0],
      body: `raise exception using errcode = '${RETAINED_STATE}', message = 'retained records are kept: ' || tg_op || ' on ' || tg_table_name || ' refused';`,
      create: tables.flatMap((t) => [
        `create trigger ${q(shortName(`${t}_retained`))} before delete on ${q(t)} for each row execute function "records_retained"()`,
        `create trigger ${q(shortName(`${t}_retained_all`))} before truncate on ${q(t)} for each statement execute function "records_retained"()`,
      ]),
    },
  ];
}

/** The repository's refusal before it deletes anything (the trigger is the last word). */
export function assertDeletable(e: EntityDef, children: EntityDef[] = []): void {
  const kept = [e, ...children].find((x) => x.retain);
  if (kept) throw appError('ERR_RETAINED', { message: errorText('ERR_RETAINED', { title: kept.title ?? kept.name }) });
}
