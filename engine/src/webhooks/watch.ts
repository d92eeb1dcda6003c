/**
 * Webhook events of states that come from time rather than from a write (decision 0334): a due
 * item becoming due or overdue as the date moves on, a part falling below its reorder level as
 * stock is used elsewhere. A plugin declares each watch (`Plugin.watches`): the entity (a table or
 * view with `compcode`), its key, and an SQL expression over its row `v` giving the event type the
 * row is in now (null: none). Once a minute one server process (an advisory try-lock) compares, in
 * the companies with an active subscription to one of the watch's events only, what each row is in
 * now with what was last sent (webhook_watch), enqueues an event for each row that entered a state
 * (engine/src/webhooks/outbox.ts), and forgets rows that left every state, so that entering again
 * is sent again.
 *
 *   { entity: 'due_item', key: 'due_key', events: ['due', 'overdue'],
 *     state: "case when v.due_status = 'OVERDUE' then 'overdue' when v.due_status in ('DUE_SOON', 'TOLERANCE') then 'due' end" }
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { hasTable } from '../db/features.ts';
import { enqueueEvents, type OutboxEvent, type WebhookEvent } from './outbox.ts';

export interface StateWatch {
  /** The entity (its table or view) whose rows are watched; the events name it. */
  entity: string;
  /** Its key column. */
  key: string;
  /** The event types the state expression gives. */
  events: readonly WebhookEvent[];
  /** SQL over the row `v`: the event type the row is in now, or null. Written by a plugin, never by a user. */
  state: string;
}

/** What one watch round found: events enqueued per watch (entity). */
export type Watched = Record<string, number>;

export async function watchStates(db: DB, watches: readonly StateWatch[]): Promise<Watched | null> {
  if (!watches.length || !(await hasTable(db, 'webhook_watch'))) return {};
  return db.transaction().execute(async (tx) => {
    const locked = (await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext('webhook state watch')) as ok`.execute(tx)).rows[0]?.ok;
    if (!locked) return null;
    const out: Watched = {};
    for (const w of watches) {
      const wanted = sql.join(w.events.map((e) => sql`position(${`,${e},`} in ',' || s.events || ',') > 0`), sql` or `);
      const source = sql`
        select v.compcode, (v.${sql.ref(w.key)})::text as record_key, (${sql.raw(w.state)})::text as state
          from ${sql.table(w.entity)} v
         where v.compcode in (select s.compcode from webhook_subscription s where s.active and s.signing_secret is not null and (${wanted}))`;
      const entered = (
        await sql<{ compcode: string; record_key: string; state: string }>`
          with cur as (${source})
          select c.compcode, c.record_key, c.state from cur c
            left join webhook_watch w on w.compcode = c.compcode and w.watch = ${w.entity} and w.record_key = c.record_key
           where c.state is not null and w.state is distinct from c.state`.execute(tx)
      ).rows;
      const events: OutboxEvent[] = entered.map((r) => ({ company: r.compcode, type: r.state as WebhookEvent, entity: w.entity, key: r.record_key }));
      await enqueueEvents(tx, events);
      if (entered.length) {
        const values = sql.join(entered.map((r) => sql`(${r.compcode}::varchar, ${w.entity}::varchar, ${r.record_key}::varchar, ${r.state}::varchar)`));
        await sql`
          insert into webhook_watch (compcode, watch, record_key, state, created_by)
          select v.compcode, v.watch, v.record_key, v.state, 'system' from (values ${values}) as v(compcode, watch, record_key, state)
          on conflict (compcode, watch, record_key) do update set state = excluded.state, updated_at = now()`.execute(tx);
      }
      // rows that left every state (or whose company no longer subscribes): forgotten
      await sql`
        delete from webhook_watch w
         where w.watch = ${w.entity}
           and not exists (select 1 from (${source}) c where c.compcode = w.compcode and c.record_key = w.record_key and c.state is not null)`.execute(tx);
      out[w.entity] = events.length;
    }
    return out;
  });
}
