/**
 * Server settings, all from the environment (12-factor): nothing another process needs is kept in
 * process memory, so several servers can run behind a load balancer over one PostgreSQL.
 */
import { fileURLToPath } from 'node:url';
import { projectRoot } from '../../engine/src/paths.ts';
import { dirname, resolve } from 'node:path';
import { TOTAL_CAP } from '../../engine/src/query/page.ts';

/**
 * The project folder (metadata/, engine/core-metadata, dist/renderer): the nearest folder above
 * this module that holds package.json. The same from the sources (server/src/config.ts, run by
 * tsx and vitest) and from the compiled server (dist/server/src/config.js, run by node).
 */
export const ROOT = projectRoot(dirname(fileURLToPath(import.meta.url)));


export interface Config {
  port: number;
  /** Address to listen on: 127.0.0.1 (this machine only) unless HOST says otherwise (HOST=0.0.0.0 to open it). */
  host: string;
  /** PostgreSQL connection string; empty → embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  metadataDirs: string[];
  /** Shared signing secret; when empty one is generated once and kept in the database. */
  jwtSecret?: string;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  allowDestructive: boolean;
  /** Seed demo data when the database is empty. */
  seedDemo: boolean;
  staticDir: string;
  corsOrigin?: string;
  logLevel: string;
  /** Human-readable log lines (default) or JSON lines (LOG_FORMAT=json); server/src/log.ts. */
  logFormat: 'pretty' | 'json';
  /** A line for every request (LOG_REQUESTS=1); by default only answers of 400+ and slow requests. */
  logRequests: boolean;
  /** A request at least this slow is logged (LOG_SLOW_MS, default 1000). */
  logSlowMs: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (throttling, rate limits). Never without one: clients could then pick their address. */
  trustProxy: boolean;
  /** The auth rows are cached per process for at most this long (AUTH_CACHE_MS, default 5000; 0: off); changes empty the cache at once (decision 0132). */
  authCacheMs: number;
  /** Stored views (decision 0200) brought up to date in the background this often (STORED_REFRESH_MS, default 60000; 0: only before reads). */
  storedRefreshMs: number;
  /** Lists count their total exactly up to this many rows past the page (LIST_TOTAL_CAP; engine/src/query/page.ts). */
  listTotalCap: number;
  /** Lists are serialised by code compiled from their response schema (default); COMPILED_SERIALIZERS=0 uses JSON.stringify (the bench compares both). */
  compiledSerializers: boolean;
  /** GET /metrics answers with `Authorization: Bearer <this>` (METRICS_TOKEN); unset: /metrics is not served. */
  metricsToken?: string;
  /** Webhooks (decision 0333): the worker looks for due deliveries this often (WEBHOOK_POLL_MS, default 2000; 0: this process sends none). */
  webhookPollMs: number;
  /** A failed attempt waits about base·2^(n-1) ms (WEBHOOK_RETRY_BASE_MS, default 30000), at most WEBHOOK_RETRY_MAX_MS (default 6 h), with jitter. */
  webhookRetryBaseMs: number;
  webhookRetryMaxMs: number;
  /** After this many attempts a delivery is a dead letter (WEBHOOK_MAX_ATTEMPTS, default 8). */
  webhookMaxAttempts: number;
  /** A receiver must answer within this (WEBHOOK_TIMEOUT_MS, default 10000); the claim's lease is twice it. */
  webhookTimeoutMs: number;
  /** This server's address as browsers reach it (PUBLIC_URL, e.g. https://erp.example.com): the company sign-in's redirect address; unset: the request's own. */
  publicUrl?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const extra = (env.METADATA_EXTRA_DIRS ?? '').split(':').filter(Boolean);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    metadataDirs: [resolve(ROOT, 'engine/core-metadata'), resolve(env.METADATA_DIR ?? resolve(ROOT, 'metadata')), ...extra.map((d) => resolve(d))],
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS ?? 3600),
    refreshTokenDays: Number(env.REFRESH_TOKEN_DAYS ?? 14),
    allowDestructive: env.ALLOW_DESTRUCTIVE_MIGRATIONS === '1',
    seedDemo: env.SEED_DEMO !== '0',
    staticDir: resolve(env.STATIC_DIR ?? resolve(ROOT, 'dist/renderer')),
    corsOrigin: env.CORS_ORIGIN || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.LOG_FORMAT === 'json' ? 'json' : 'pretty',
    logRequests: env.LOG_REQUESTS === '1',
    logSlowMs: Math.max(0, Number(env.LOG_SLOW_MS ?? 1000) || 1000),
    trustProxy: env.TRUST_PROXY === '1',
    authCacheMs: Math.max(0, Number(env.AUTH_CACHE_MS ?? 5000) || 0),
    storedRefreshMs: Math.max(0, Number(env.STORED_REFRESH_MS ?? 60_000) || 0),
    compiledSerializers: env.COMPILED_SERIALIZERS !== '0',
    metricsToken: env.METRICS_TOKEN || undefined,
    webhookPollMs: Math.max(0, Number(env.WEBHOOK_POLL_MS ?? 2000) || 0),
    webhookRetryBaseMs: Math.max(1, Number(env.WEBHOOK_RETRY_BASE_MS ?? 30_000) || 30_000),
    webhookRetryMaxMs: Math.max(1, Number(env.WEBHOOK_RETRY_MAX_MS ?? 6 * 3600_000) || 6 * 3600_000),
    webhookMaxAttempts: Math.max(1, Math.trunc(Number(env.WEBHOOK_MAX_ATTEMPTS ?? 8)) || 8),
    webhookTimeoutMs: Math.max(100, Number(env.WEBHOOK_TIMEOUT_MS ?? 10_000) || 10_000),
    publicUrl: env.PUBLIC_URL || undefined,
    listTotalCap: Math.max(1, Math.trunc(Number(env.LIST_TOTAL_CAP ?? TOTAL_CAP)) || TOTAL_CAP),
  };
}
