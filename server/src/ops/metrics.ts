/**
 * The server's metrics in the Prometheus text format (prom-client), one registry per app (tests
 * build several apps in one process; nothing is global):
 *   http_requests_total / http_request_duration_seconds   by method, route template and status
 *   db_query_duration_seconds                              every statement (Kysely's log hook), by outcome
 *   db_pool_connections                                    PostgreSQL pool: total, idle, waiting
 *   websocket_connections                                  open realtime connections of this process
 *   print_jobs_total / import_jobs_total                   PDFs rendered, imports run, by outcome
 *   webhook_outbox_depth                                   deliveries not yet delivered nor parked (every process's, read from the outbox)
 *   webhook_deliveries_total / webhook_delivery_failures_total   attempts this process recorded, by outcome; failed ones
 *   nodejs_* / process_*                                   prom-client's defaults (event-loop lag among them)
 * Read at GET /metrics with `Authorization: Bearer $METRICS_TOKEN` (server/src/ops/routes.ts);
 * docs/operations.md lists them.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../../engine/src/db/database.ts';
import { outboxDepth } from '../../../engine/src/webhooks/outbox.ts';

/** Seconds: from a fast read (1 ms) to a long print or import (10 s). */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export interface MetricsSources {
  database: Database;
  /** Open websocket connections now. */
  websockets: () => number;
}

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly duration: Histogram<'method' | 'route' | 'status'>;
  readonly prints: Counter<'outcome'>;
  readonly imports: Counter<'outcome'>;
  /** Webhook attempts recorded by this process: delivered, retry, dead, skipped (server/src/webhooks/worker.ts). */
  readonly webhookDeliveries: { inc(labels: { outcome: string }): void };
  readonly #unwatch: () => void;

  constructor(src: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status.', labelNames: ['method', 'route', 'status'], registers });
    this.duration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer an HTTP request, by method, route template and status.', labelNames: ['method', 'route', 'status'], buckets: HTTP_BUCKETS, registers });
    const queries = new Histogram({ name: 'db_query_duration_seconds', help: 'Time of each database statement, by outcome (ok, error).', labelNames: ['outcome'], buckets: DB_BUCKETS, registers });
    this.#unwatch = src.database.timings.watch((ms, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000));
    const pool = src.database.pool;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections of this process: total, idle, and requests waiting for one (the embedded database has one connection and reports none).',
      labelNames: ['state'],
      registers,
      collect() {
        if (!pool) return;
        const p = pool();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
    new Gauge({
      name: 'websocket_connections',
      help: 'Open realtime (websocket) connections of this process.',
      registers,
      collect() {
        this.set(src.websockets());
      },
    });
    this.prints = new Counter({ name: 'print_jobs_total', help: 'PDFs rendered, by outcome (ok, error).', labelNames: ['outcome'], registers });
    this.imports = new Counter({ name: 'import_jobs_total', help: 'Imports run, by outcome (committed, dry_run, refused).', labelNames: ['outcome'], registers });
    const db = src.database.db;
    new Gauge({
      name: 'webhook_outbox_depth',
      help: 'Webhook deliveries waiting in the outbox (pending, sending, waiting to retry), all processes.',
      registers,
      async collect() {
        this.set(await outboxDepth(db));
      },
    });
    const deliveries = new Counter({ name: 'webhook_deliveries_total', help: 'Webhook attempts this process recorded, by outcome (delivered, retry, dead, skipped).', labelNames: ['outcome'], registers });
    const failures = new Counter({ name: 'webhook_delivery_failures_total', help: 'Webhook attempts this process made that the receiver did not accept (retried or parked as dead letters).', labelNames: ['outcome'], registers });
    this.webhookDeliveries = {
      inc(labels) {
        deliveries.inc(labels);
        if (labels.outcome === 'retry' || labels.outcome === 'dead') failures.inc(labels);
      },
    };
  }

  /** One answered request; `route` is the route's template (`/api/data/:entity/:key`), never the address itself. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  close(): void {
    this.#unwatch();
    this.registry.clear();
  }
}
