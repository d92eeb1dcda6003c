/**
 * The webhook worker (decision 0333): every server process may run one (WEBHOOK_POLL_MS > 0).
 * Each round claims due deliveries from the outbox (engine/src/webhooks/outbox.ts: one statement,
 * FOR UPDATE SKIP LOCKED, a lease per claim, so two processes never send one delivery at once),
 * builds each body as the subscription's owner may read the record (engine/src/webhooks/payload.ts),
 * signs it (Standard Webhooks headers) and POSTs it outside any transaction, then records the
 * outcome: a 2xx answer is delivered; anything else (an error status, a redirect, no answer within
 * WEBHOOK_TIMEOUT_MS) waits to retry with exponential backoff and jitter, and after
 * WEBHOOK_MAX_ATTEMPTS attempts is a dead letter an administrator may replay. A record the owner
 * can no longer read is not delivered (SKIPPED). Delivery is at least once: a process that dies
 * after the receiver answered but before the outcome is written leaves the lease to run out and
 * the delivery goes again with the same `webhook-id` (receivers deduplicate on it).
 *
 *   const w = new WebhookWorker(services, metrics);  w.start();  …  await w.stop();
 *   await w.runOnce();   // one round (tests)
 */
import type { Services } from '../services.ts';
import type { Metrics } from '../ops/metrics.ts';
import { claimDeliveries, finishDelivery, type ClaimedDelivery, type DeliveryOutcome, type RetryPolicy } from '../../../engine/src/webhooks/outbox.ts';
import { deliveryBody, signedHeaders } from '../../../engine/src/webhooks/payload.ts';
import { watchStates } from '../../../engine/src/webhooks/watch.ts';

/** How often a process runs the state watches (a try-lock: one process at a time). */
const WATCH_EVERY_MS = 60_000;

/** Deliveries claimed per round. */
const BATCH = 10;

export class WebhookWorker {
  readonly #s: Services;
  readonly #metrics?: Metrics;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | null = null;
  #stopped = false;
  #watchedAt = 0;

  constructor(s: Services, metrics?: Metrics) {
    this.#s = s;
    this.#metrics = metrics;
  }

  get policy(): RetryPolicy {
    const c = this.#s.config;
    return { baseMs: c.webhookRetryBaseMs, maxMs: c.webhookRetryMaxMs, maxAttempts: c.webhookMaxAttempts };
  }

  start(): void {
    const every = this.#s.config.webhookPollMs;
    if (!every || this.#timer) return;
    this.#timer = setInterval(() => {
      if (this.#running || this.#stopped) return;
      void this.runOnce().catch(() => undefined);
    }, every);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One round of the state watches (engine/src/webhooks/watch.ts): the events enqueued per watched entity; null when another process holds it. */
  watchOnce(): Promise<Record<string, number> | null> {
    return watchStates(this.#s.database.db, this.#s.plugins.watches);
  }

  /** One round: claim, send, record. Returns how many deliveries it handled. */
  runOnce(): Promise<number> {
    if (this.#running) return this.#running;
    const run = this.#round().finally(() => {
      this.#running = null;
    });
    this.#running = run;
    return run;
  }

  async #round(): Promise<number> {
    const db = this.#s.database.db;
    // the states that come from time (a due item becoming due, a part below reorder), once a minute
    if (Date.now() - this.#watchedAt >= WATCH_EVERY_MS) {
      this.#watchedAt = Date.now();
      // a failed watch round is tried again next minute; the deliveries go on
      await this.watchOnce().catch((e: unknown) => console.error(`webhook state watch failed (tried again next minute): ${(e as Error).message}`));
    }
    const claimed = await claimDeliveries(db, { limit: BATCH, leaseMs: this.#s.config.webhookTimeoutMs * 2 });
    await Promise.all(claimed.map((d) => this.#deliver(d)));
    return claimed.length;
  }

  async #deliver(d: ClaimedDelivery): Promise<void> {
    const db = this.#s.database.db;
    let outcome: DeliveryOutcome;
    try {
      const body = d.active ? await deliveryBody(db, this.#s.reg, this.#s.repo, d) : null;
      outcome = body === null ? { skipped: true, error: d.active ? 'The subscription owner cannot read this record.' : 'The subscription is not active.' } : await this.#post(d, body);
    } catch (err) {
      outcome = { ok: false, status: null, error: `Not sent: ${(err as Error).message}` };
    }
    const status = await finishDelivery(db, d, outcome, this.policy);
    if (status) this.#metrics?.webhookDeliveries.inc({ outcome: status.toLowerCase() });
  }

  async #post(d: ClaimedDelivery, body: string): Promise<DeliveryOutcome> {
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: { ...signedHeaders(d.signing_secret, d.event_id, body), 'user-agent': 'aeroerp-webhooks/1' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#s.config.webhookTimeoutMs),
      });
      // the answer's body is not read beyond what closes the connection
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
      return { ok: false, status: res.status, error: `The receiver answered HTTP ${res.status}.` };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why = e.name === 'TimeoutError' ? `no answer within ${this.#s.config.webhookTimeoutMs} ms` : (e.cause?.code ?? e.message);
      return { ok: false, status: null, error: `The receiver was not reached: ${why}.` };
    }
  }
}
