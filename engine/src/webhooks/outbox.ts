/**
 * The webhook outbox (issue 41 point 1, decisions 0331-0333). Events reach it in the transaction
 * of the change that makes them, from the one writer of sys_audit (`writeAudits`,
 * crud/versioned.ts): every insert, update and action of a record already writes an audit row
 * there, so nothing that changes a record can forget to tell its subscribers, and a rolled-back
 * change tells nobody. The worker (server/src/webhooks/worker.ts) claims due rows here, sends
 * them and records the outcome; nothing here speaks HTTP.
 *
 *   await enqueueEvents(tx, [{ company: 'GMF', type: 'posted', entity: 'inventory_issue', key: '12' }]);
 *   const batch = await claimDeliveries(db, { limit: 10, leaseMs: 30_000 });
 *   await finishDelivery(db, d, { ok: false, status: 503, error: 'HTTP 503' }, policy);
 *
 * One row per subscription and event (webhook_delivery): the event id is the same for every
 * subscriber and every attempt (Standard Webhooks' `webhook-id`), derived from the transaction, so
 * one record's event of one type in one transaction is one delivery however many audit rows the
 * transaction writes for it (a posting's patch and its frame).
 */
import { hasTable } from '../db/features.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { AuditRow } from '../crud/versioned.ts';

/** The events a subscription may ask for (metadata/admin/webhooks.yaml `events`). */
export const WEBHOOK_EVENTS = ['created', 'changed', 'sent', 'approved', 'rejected', 'posted', 'released', 'due', 'overdue', 'below_reorder'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Entities whose changes are never events: the engine's own records and the webhooks' own rows. */
export function silentEntity(entity: string): boolean {
  return entity.startsWith('sys_') || entity.startsWith('webhook_');
}

export interface OutboxEvent {
  company: string;
  type: WebhookEvent;
  entity: string;
  key: string;
}

/** The workflow status codes (workflow/status.ts) a document's approval ends in. */
const APPROVED = '111';
const REJECTED = '110';

/** Audit action names (lower case) whose row is a `released` event: the engine's `release`, and those plugins declare (defineReleaseActions). */
const RELEASES = new Set(['release']);

/** A plugin names its actions that release a document (maintenance: `issue CRS`), at import. */
export function defineReleaseActions(...names: string[]): void {
  for (const n of names) RELEASES.add(n.toLowerCase());
}

/**
 * The event an audit row stands for: insert → created, update → changed, and an action by its
 * name: send to workflow → sent, the workflow's end → approved or rejected (by the status it
 * writes), a posting → posted, the certificate of release to service → released, any other action
 * → changed. Null for rows of no company (the engine's own jobs) and of silent entities.
 */
export function eventOfAudit(row: AuditRow): OutboxEvent | null {
  if (!row.company || silentEntity(row.entity)) return null;
  const base = { company: row.company, entity: row.entity, key: row.record_key };
  if (row.action === 'insert') return { ...base, type: 'created' };
  if (row.action === 'delete') return null;
  if (row.action === 'update') return { ...base, type: 'changed' };
  let changes: { action?: unknown; changes?: Record<string, [unknown, unknown]> } = {};
  try {
    changes = JSON.parse(row.changes) as typeof changes;
  } catch {
    // an audit row always carries JSON (auditRow); a broken one is an ordinary change
  }
  const name = String(changes.action ?? '').toLowerCase();
  if (name === 'send to workflow') return { ...base, type: 'sent' };
  if (name.startsWith('workflow ')) {
    const after = Object.values(changes.changes ?? {}).map((c) => String(c?.[1]));
    if (after.includes(APPROVED)) return { ...base, type: 'approved' };
    if (after.includes(REJECTED)) return { ...base, type: 'rejected' };
    return { ...base, type: 'changed' };
  }
  if (name === 'post' || name.startsWith('post ')) return { ...base, type: 'posted' };
  if (RELEASES.has(name)) return { ...base, type: 'released' };
  return { ...base, type: 'changed' };
}

/** The outbox rows of audit rows (called by writeAudits, in its transaction). */
export async function enqueueAuditEvents(tx: DB, rows: AuditRow[]): Promise<void> {
  const events = rows.map(eventOfAudit).filter((e): e is OutboxEvent => e !== null);
  await enqueueEvents(tx, events);
}

/**
 * One statement: a delivery row for every active subscription with a secret in the event's
 * company that asks for its type and entity (an empty entity list: every entity). Nothing is
 * written when no subscription matches. A `changed` event of a record created in the same
 * transaction is left out (its `created` says it), and the same event twice in one transaction is
 * one row (the event id is the transaction's, `on conflict do nothing`).
 */
export async function enqueueEvents(tx: DB, events: OutboxEvent[]): Promise<void> {
  const seen = new Set<string>();
  const unique = events.filter((e) => {
    const k = [e.company, e.entity, e.key, e.type].join('\u0000');
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  // an app whose metadata declares no outbox (an engine-only registry) writes none
  if (!unique.length || !(await hasTable(tx, 'webhook_delivery'))) return;
  const values = sql.join(unique.map((e) => sql`(${e.company}::varchar, ${e.entity}::varchar, ${e.key}::varchar, ${e.type}::varchar)`));
  const id = (type: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) =>
    sql`md5(txid_current()::text || ':' || now()::text || ':' || v.entity || ':' || v.key || ':' || ${type})::uuid::text`;
  await sql`
    insert into webhook_delivery (compcode, subscription, event_id, event_type, entity_name, record_key, occurred_at, status, attempts, next_attempt_at, created_by)
    select s.compcode, s.subscription_id, ${id(sql.raw('v.type'))}, v.type, v.entity, v.key, now(), 'PENDING', 0, now(), 'system'
      from (values ${values}) as v(company, entity, key, type)
      join webhook_subscription s
        on s.compcode = v.company and s.active and s.signing_secret is not null
       and position(',' || v.type || ',' in ',' || s.events || ',') > 0
       and (coalesce(s.entities, '') = '' or position(',' || v.entity || ',' in ',' || s.entities || ',') > 0)
     where not (v.type = 'changed' and exists (
             select 1 from webhook_delivery c
              where c.compcode = s.compcode and c.subscription = s.subscription_id and c.event_id = ${id(sql`'created'`)}))
    on conflict (compcode, subscription, event_id) do nothing`.execute(tx);
}

/** A claimed delivery: its row and what the worker needs of its subscription. */
export interface ClaimedDelivery {
  delivery_id: number;
  compcode: string;
  subscription: number;
  event_id: string;
  event_type: WebhookEvent;
  entity_name: string;
  record_key: string;
  occurred_at: Date;
  attempts: number;
  lease_token: string;
  url: string;
  signing_secret: string;
  owner_id: number | null;
  active: boolean;
}

/**
 * Claims up to `limit` deliveries that are due (pending, waiting to retry and past their time, or
 * sending under a lease that ran out: a process that died mid-send) for `leaseMs`, counting the
 * attempt: one statement, `FOR UPDATE SKIP LOCKED`, so processes claiming together never take the
 * same row; the row then belongs to the claimer until its lease ends. Committed at once (the
 * sending happens outside any transaction).
 */
export async function claimDeliveries(db: DB, opts: { limit: number; leaseMs: number }): Promise<ClaimedDelivery[]> {
  const token = randomUUID();
  const r = await sql<ClaimedDelivery>`
    with due as (
      select d.delivery_id from webhook_delivery d
       where (d.status in ('PENDING', 'RETRY') and d.next_attempt_at <= now())
          or (d.status = 'SENDING' and d.lease_until < now())
       order by d.next_attempt_at, d.delivery_id
       limit ${opts.limit}
       for update skip locked
    ), claimed as (
      update webhook_delivery d
         set status = 'SENDING', attempts = coalesce(d.attempts, 0) + 1, lease_token = ${token},
             lease_until = clock_timestamp() + make_interval(secs => ${opts.leaseMs / 1000}),
             last_attempt_at = clock_timestamp(), version = d.version + 1, updated_at = now(), updated_by = 'system'
        from due where d.delivery_id = due.delivery_id
      returning d.*
    )
    select c.delivery_id, c.compcode, c.subscription, c.event_id, c.event_type, c.entity_name, c.record_key, c.occurred_at,
           c.attempts, c.lease_token, s.url, s.signing_secret, s.owner_id, s.active
      from claimed c join webhook_subscription s on s.subscription_id = c.subscription
     order by c.delivery_id`.execute(db);
  return r.rows.map((d) => ({ ...d, delivery_id: Number(d.delivery_id), subscription: Number(d.subscription), attempts: Number(d.attempts), owner_id: d.owner_id === null ? null : Number(d.owner_id) }));
}

/** How deliveries are retried: the n-th failed attempt waits about base·2^(n-1), at most max, then dead. */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
  /** A number in [0, 1); Math.random by default (tests give their own). */
  random?: () => number;
}

/**
 * The wait after the n-th failed attempt: exponential, capped, with "equal jitter" (half the
 * delay fixed, half random) so receivers that failed together are not retried together.
 *   baseMs 1000: attempt 1 → 500..1000 ms, 2 → 1000..2000, 3 → 2000..4000 …
 */
export function retryDelayMs(attempt: number, p: RetryPolicy): number {
  const exp = Math.min(p.maxMs, p.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * (p.random ?? Math.random)());
}

export type DeliveryOutcome =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string }
  /** the owner may not read the record (any longer): not delivered, and not retried */
  | { skipped: true; error: string };

/**
 * Records the outcome of a claimed attempt, only while the claim is still this one (its lease
 * token): delivered, skipped, waiting to retry after `retryDelayMs`, or a dead letter after the
 * last attempt. Returns the status written, or null when the claim was lost.
 */
export async function finishDelivery(db: DB, d: Pick<ClaimedDelivery, 'delivery_id' | 'attempts' | 'lease_token'>, outcome: DeliveryOutcome, policy: RetryPolicy): Promise<string | null> {
  let status: string;
  let next: number | null = null;
  if ('skipped' in outcome) status = 'SKIPPED';
  else if (outcome.ok) status = 'DELIVERED';
  else if (d.attempts >= policy.maxAttempts) status = 'DEAD';
  else {
    status = 'RETRY';
    next = retryDelayMs(d.attempts, policy);
  }
  const code = 'skipped' in outcome ? null : outcome.status;
  const error = 'skipped' in outcome || !outcome.ok ? outcome.error.slice(0, 500) : null;
  const r = await sql<{ status: string }>`
    update webhook_delivery
       set status = ${status}, response_code = ${code}, last_error = ${error}, lease_until = null, lease_token = null,
           next_attempt_at = ${next === null ? null : sql`clock_timestamp() + make_interval(secs => ${next / 1000})`},
           delivered_at = ${status === 'DELIVERED' ? sql`clock_timestamp()` : null},
           version = version + 1, updated_at = now(), updated_by = 'system'
     where delivery_id = ${d.delivery_id} and status = 'SENDING' and lease_token = ${d.lease_token}
    returning status`.execute(db);
  return r.rows[0]?.status ?? null;
}

/** Deliveries not yet delivered nor parked (pending, sending, waiting to retry): the outbox depth. */
export async function outboxDepth(db: DB): Promise<number> {
  const r = await sql<{ n: string | number }>`select count(*) as n from webhook_delivery where status in ('PENDING', 'SENDING', 'RETRY')`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
