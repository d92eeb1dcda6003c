/**
 * Posts the demo's maintenance documents through the airworthiness plugin's actions, as users
 * would: component changes in date order (installations put the parts on the aircraft and count
 * their usage since), MEL deferrals (due dates from their category), flight logs in the order
 * flown (the aircraft's and parts' counters advance), accomplishments (fleet due update, with the
 * aircraft's totals the tech log gave on the day) and maintenance log entries, then the extensions
 * granted by the Technical Director. Nothing here computes
 * a counter, a part time or a due date itself.
 */
import { createMongoAbility } from '@casl/ability';
import type { DB } from '../../../../engine/src/db/database.ts';
import type { AppAbility } from '../../../../engine/src/access/ability.ts';
import type { Registry } from '../../../../engine/src/metadata/registry.ts';
import { PluginHost, type ActionContext } from '../../../../engine/src/plugins/host.ts';
import { Repository, type UserRef } from '../../../../engine/src/crud/repository.ts';
import { plugins } from '../../../../plugins/index.ts';
import { applyDeferral } from '../../../../plugins/airworthiness/defects.ts';
import { refreshDue } from '../../../../plugins/airworthiness/schedule.ts';
import { maintenanceBPostings } from './maintenance-b.ts';

/** Posting order of component changes on one day: a part leaves before another takes its place. */
const ACTION_ORDER: Record<string, number> = { REMOVE: 0, SHOP_IN: 1, SHOP_OUT: 2, SCRAP: 3, INSTALL: 4 };

export async function postMaintenanceDemo(tx: DB, reg: Registry): Promise<void> {
  const host = new PluginHost(plugins);
  const repo = new Repository(reg, host);
  // the seed acts with every letter, as the company's administrator (and its Technical Director for approvals)
  const ability = createMongoAbility([{ action: ['read', 'create', 'update', 'delete', 'print', 'other'], subject: 'all' }]) as unknown as AppAbility;
  const users = await tx.selectFrom('users').select(['user_id', 'username']).where('username', 'in', ['admin', 'approver']).execute();
  const id = (name: string) => Number(users.find((u) => u.username === name)?.user_id);
  for (const [compcode, todo] of Object.entries(maintenanceBPostings)) {
    const as = (username: string): ActionContext => {
      const user: UserRef = { user_id: id(username), username, compcode };
      return { db: tx, reg, repo, plugins: host, ability, user };
    };
    const ctx = as('admin');
    const run = (action: string, key: unknown, c = ctx) => host.action(action)?.run(c, { key: key as number, body: {} });

    const changes = await tx.selectFrom('component_change').select(['change_id', 'change_date', 'action', 'parent_component']).where('compcode', '=', compcode).where('posted', '=', 0).execute();
    changes.sort((a, b) => String(a.change_date).localeCompare(String(b.change_date)) || (a.action === 'INSTALL' && b.action === 'INSTALL' ? (a.parent_component ? 0 : 1) - (b.parent_component ? 0 : 1) : 0) || ACTION_ORDER[String(a.action)] - ACTION_ORDER[String(b.action)] || Number(a.change_id) - Number(b.change_id));
    let t = Date.now();
    const lap = (what: string) => {
      if (process.env.SEED_TIMING) console.log(`${compcode} ${what}: ${Date.now() - t} ms`);
      t = Date.now();
    };
    for (const c of changes) await run('post_component_change', c.change_id);
    lap(`${changes.length} component changes`);

    for (const d of await tx.selectFrom('defect').selectAll().where('compcode', '=', compcode).where('defect_status', '=', 'DEFERRED').orderBy('defect_id').execute()) {
      await applyDeferral(tx, repo, ctx.user, d as Record<string, unknown>);
    }

    const flights = todo.flight_log.length ? await tx.selectFrom('flight_log').select(['flight_log_id']).where('compcode', '=', compcode).where('techlog_page', 'in', todo.flight_log).orderBy('block_off').execute() : [];
    for (const f of flights) await run('post_flight_log', f.flight_log_id);
    lap(`${flights.length} flight logs`);

    const records = await tx.selectFrom('maintenance_record').select(['record_id', 'record_no', 'done_date']).where('compcode', '=', compcode).where('record_no', 'in', todo.maintenance_record.length ? todo.maintenance_record : ['-']).orderBy('done_date').orderBy('record_id').execute();
    for (const r of records) await run('post_maintenance_record', r.record_id);
    lap(`${records.length} records`);

    const mlogs = await tx.selectFrom('maintenance_log').select(['mlog_id']).where('compcode', '=', compcode).where('techlog_page', 'in', todo.maintenance_log.length ? todo.maintenance_log : ['-']).orderBy('log_date').orderBy('mlog_id').execute();
    for (const m of mlogs) await run('post_maintenance_log', m.mlog_id);

    const extensions = todo.extension.length ? await tx.selectFrom('defect').select(['defect_id']).where('compcode', '=', compcode).where('defect_no', 'in', todo.extension).execute() : [];
    for (const d of extensions) await run('grant_deferral_extension', d.defect_id, as('approver'));

    // aircraft with nothing posted still get their due schedule (programme, ADs, SBs)
    for (const a of await tx.selectFrom('aircraft').select('aircraft_id').where('compcode', '=', compcode).orderBy('aircraft_id').execute()) {
      await refreshDue(tx, Number(a.aircraft_id), 'seed');
    }
  }
}
