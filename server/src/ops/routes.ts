/**
 * What operators watch (docs/operations.md):
 *   GET /metrics     the Prometheus text (metrics.ts); `Authorization: Bearer $METRICS_TOKEN`, a
 *                    wrong or missing token 401, 404 when METRICS_TOKEN is not set (not served)
 *   GET /api/ready   readiness: 200 when the database answers and holds the schema the metadata
 *                    wants (migrations current), else 503 naming which; /api/health stays liveness
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { appError } from '../../../engine/src/errors.ts';
import { migrationsCurrent } from '../../../engine/src/db/migrate.ts';
import type { Services } from '../services.ts';
import type { Metrics } from './metrics.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer token equals the configured one (compared in constant time, whatever its length). */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/** GET /metrics, registered outside /api (no user session: the operator's token). */
export function metricsRoute(s: Services, metrics: Metrics): FastifyPluginAsync {
  return async (app) => {
    app.get('/metrics', async (req, reply) => {
      const token = s.config.metricsToken;
      if (!token) throw appError('ERR_ROUTE_NOT_FOUND');
      if (!metricsTokenMatches(req.headers.authorization, token)) throw appError('ERR_AUTH_REQUIRED', { message: 'The metrics token is missing or wrong.' });
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(await metrics.text());
    });
  };
}

const READY = {
  200: { type: 'object', required: ['status', 'database', 'migrations'], properties: { status: { const: 'ready' }, database: { type: 'string', enum: ['postgres', 'pglite'] }, migrations: { const: 'current' } } },
} as const;

/** GET /api/ready (public). */
export function readyRoute(s: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/ready', { config: { public: true }, schema: { response: READY } }, async () => {
      try {
        await sql`select 1`.execute(s.database.db);
      } catch {
        throw appError('ERR_UNAVAILABLE', { message: 'Not ready: the database does not answer.' });
      }
      if (!(await migrationsCurrent(s.database.db, s.reg))) throw appError('ERR_UNAVAILABLE', { message: 'Not ready: the database schema is not the one the metadata wants (migrations pending).' });
      return { status: 'ready', database: s.database.kind, migrations: 'current' };
    });
  };
}
