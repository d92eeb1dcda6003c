/**
 * Builds the Fastify application: error mapping (one catalogue), authentication of every /api
 * route unless it is marked public, the named routes of the spec, the generic metadata routes and
 * the built renderer as static files.
 *
 *   const app = await buildApp(services);
 *   await app.listen({ port: 8080, host: '0.0.0.0' });
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import fastifyCompress from '@fastify/compress';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, appError, isAppError } from '../../engine/src/errors.ts';
import { mapDbError } from '../../engine/src/crud/db-errors.ts';
import { Ajv, type Options as AjvOptions } from 'ajv';
import addFormats from 'ajv-formats';
import type { Services } from './services.ts';
import { authOf, authenticate } from './auth/request.ts';
import { authRoutes } from './routes/auth.ts';
import { userRoutes } from './routes/users.ts';
import { secondFactorRoutes } from './routes/second-factor.ts';
import { oidcRoutes } from './routes/oidc.ts';
import { menuRoutes } from './routes/menus.ts';
import { registrationRoutes } from './routes/registration.ts';
import { metaRoutes } from './routes/meta.ts';
import { dataRoutes } from './routes/data.ts';
import { attachmentRoutes, MAX_ATTACHMENT_BYTES } from './routes/attachments.ts';
import { userAdminRoutes } from './routes/users-admin.ts';
import { Hub, realtimeRoutes } from './realtime/hub.ts';
import { notificationCountsByCompany } from './realtime/counts.ts';
import { printRoutes } from './routes/prints.ts';
import { taskRoutes } from './routes/tasks.ts';
import { expireOverdue } from '../../engine/src/workflow/expire.ts';
import { refreshAllStored, storedSettled } from '../../engine/src/query/stored.ts';
import { startNewDays } from '../../engine/src/query/new-day.ts';
import { publish } from './realtime/events.ts';
import { routeServices } from './plugin-routes.ts';
import { PdfRenderer } from './print/pdf.ts';
import { prettyStream, requestLogLevel } from './log.ts';
import { authCacheOf } from './auth/cache.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { historyRoutes } from './routes/history.ts';
import { sealRoutes } from './routes/seals.ts';
import { importRoutes } from './routes/import.ts';
import { recordsTransferRoutes } from './routes/records-transfer.ts';
import type { RouteInfo } from './api/openapi.ts';
import { Metrics } from './ops/metrics.ts';
import { WebhookWorker } from './webhooks/worker.ts';
import { metricsRoute, readyRoute } from './ops/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
    pdf: PdfRenderer;
    /** Every route registered, as the OpenAPI document and its test read them. */
    routeList: RouteInfo[];
    /** This app's Prometheus metrics (server/src/ops/metrics.ts). */
    metrics: Metrics;
    /** This app's webhook worker (server/src/webhooks/worker.ts). */
    webhooks: WebhookWorker;
  }
  interface FastifyContextConfig {
    /** The answer at this address never changes (its address names a hash of it): cached for good, not no-store. */
    immutable?: boolean;
  }
}

function sendError(reply: FastifyReply, e: AppError): FastifyReply {
  const body: Record<string, unknown> = { message: e.message, code: e.code, statusCode: e.status };
  if (e.errors) body.errors = e.errors;
  if (e.extra?.retryAfter) reply.header('retry-after', String(e.extra.retryAfter));
  return reply.status(e.status).send(body);
}

/** Query parameters whose values are secrets: never written to the log. */
const SECRET_PARAM = /token|pass|secret|pwd/i;

/** The address as logged: values of secret-looking query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((kv) => {
      const eq = kv.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? kv : kv.slice(0, eq));
      return eq >= 0 && SECRET_PARAM.test(name) ? `${kv.slice(0, eq)}=[redacted]` : kv;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The content security policy of the app and of every answer: scripts only from the app's own
 * files (no inline script, no eval: the forms' validators are compiled by the server and imported
 * as modules, docs/decisions/0054), no plugins, framed only by the app itself (its PDF preview
 * frame), forms and base to self. Styles may be inline (HTML prints carry their own style block).
 * PDFs get frame-ancestors only (the browser's PDF viewer is a plugin). docs/decisions/0052.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The security headers of every answer (docs/decisions/0052); set by one onSend hook. */
function securityHeaders(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const type = String(reply.getHeader('content-type') ?? '');
  reply.header('content-security-policy', type.startsWith('application/pdf') ? "frame-ancestors 'self'" : CSP);
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  if (req.url.startsWith('/api/')) {
    const immutable = req.routeOptions?.config?.immutable === true && reply.statusCode === 200;
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-store');
  }
  return reply;
}

/** Fastify's own ajv options (@fastify/ajv-compiler) with ours; bodies without type coercion. */
function routeValidator(): (r: { schema: object; httpPart?: string }) => ReturnType<Ajv['compile']> {
  const base: AjvOptions = { useDefaults: true, removeAdditional: false, allowUnionTypes: true, addUsedSchema: false, allErrors: false };
  const strict = new Ajv({ ...base, coerceTypes: false });
  const text = new Ajv({ ...base, coerceTypes: 'array' });
  for (const ajv of [strict, text]) (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : text).compile(schema);
}

export interface AppOptions {
  /** Where the log goes (default stdout); tests read it. */
  logStream?: NodeJS.WritableStream;
}

/** Where pino writes: JSON lines as they are (LOG_FORMAT=json), else through the human-readable formatter. */
function logDestination(s: Services, opts: AppOptions): NodeJS.WritableStream | undefined {
  if (s.config.logFormat === 'json') return opts.logStream;
  return prettyStream(opts.logStream ?? process.stdout);
}

/** The Fastify instance: its logger (no secrets in addresses), router, body limit and route-schema validator. */
function fastifyFor(s: Services, opts: AppOptions): FastifyInstance {
  const logStream = s.config.logLevel === 'silent' ? undefined : logDestination(s, opts);
  const app = Fastify({
    logger:
      s.config.logLevel === 'silent'
        ? false
        : {
            level: s.config.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            // the address without secrets (a token in a query string must never reach the log)
            serializers: {
              req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
            },
          },
    // one summary line per request that matters, written by the onResponse hook below (server/src/log.ts)
    logController: new LogController({ disableRequestLogging: true }),
    // long path parameters reach their route (a wrong print-preview id is the route's 404, not an unknown path)
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true, maxParamLength: 1000 },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: s.config.trustProxy,
    ajv: { customOptions: { allowUnionTypes: true, removeAdditional: false } },
    // the router's own refusals (a path parameter past 100 characters, a malformed address) in the
    // catalogue's shape and with the security headers, like every other answer: no key is that long
    frameworkErrors: (err, req, reply) => sendError(securityHeaders(req, reply), (err as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH' ? appError('ERR_NOT_FOUND') : appError('ERR_BAD_REQUEST')),
  });

  // Route schemas refuse wrong types (docs/api.md, decision 0250): a body is validated as it was
  // sent (`{"key": true}` is not the string "true"); query strings and path parameters arrive as
  // text and are parsed to their declared types (a value that does not parse is refused).
  app.setValidatorCompiler(routeValidator());
  return app;
}

/** Every route as registered, for the OpenAPI document (server/src/api/openapi.ts). */
function recordRoutes(app: FastifyInstance): RouteInfo[] {
  const routeList: RouteInfo[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeList.push({ method, url: r.url, schema: r.schema as RouteInfo['schema'], public: r.config?.public === true });
  });
  return routeList;
}

/** What every request must be before a route reads it: UTF-8 JSON without NUL, finite numbers in the query. */
function checkRequests(app: FastifyInstance): void {
  // JSON bodies must be valid UTF-8 without NUL characters (PostgreSQL cannot store U+0000).
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(appError('ERR_BAD_REQUEST', { message: 'The request is not valid UTF-8.' }));
    }
    if (text.includes('\u0000') || text.includes('\\u0000')) return done(appError('ERR_VALIDATION', { message: 'Please fill the form correctly.', errors: [{ path: '', message: 'must not contain NUL characters' }] }));
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(appError('ERR_BAD_REQUEST', { message: 'The request body is not valid JSON.' }));
    }
  });
  app.addHook('onRequest', async (req) => {
    if (/%00/.test(req.url)) throw appError('ERR_BAD_REQUEST', { message: 'The request contains a NUL character.' });
  });
  // ajv's type coercion turns "1e400" into Infinity and lets it through `integer` and `maximum`
  // (ajv 8.20): a query number must be finite whatever the route's schema says.
  app.addHook('preHandler', async (req) => {
    const q = req.query as Record<string, unknown> | undefined;
    if (!q || typeof q !== 'object') return;
    for (const [k, v] of Object.entries(q)) {
      if (typeof v === 'number' && !Number.isFinite(v)) throw appError('ERR_VALIDATION', { errors: [{ path: `/${k}`, message: 'must be a finite number' }] });
    }
  });
}

/** One summary line per request that matters, and the metrics of every answer. */
function logRequests(app: FastifyInstance, s: Services, metrics: Metrics): void {
  const rule = { all: s.config.logRequests, slowMs: s.config.logSlowMs };
  // a websocket upgrade never finishes as an HTTP answer: with LOG_REQUESTS=1 it is written when it arrives
  if (rule.all) {
    app.addHook('onRequest', async (req) => {
      if (String(req.headers.upgrade ?? '').toLowerCase() === 'websocket') req.log.info({ method: req.method, url: redactUrl(req.url), status: 101, ms: 0 }, 'websocket');
    });
  }
  app.addHook('onResponse', async (req, reply) => {
    // by the route's template, never the address itself (one series per route, not per record)
    metrics.observe(req.method, req.routeOptions?.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    const ms = Math.round(reply.elapsedTime);
    const level = requestLogLevel(rule, reply.statusCode, ms);
    if (level) req.log[level]({ method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms }, 'request');
  });
}

/** Every error in the catalogue's shape: validation at its fields, database errors mapped, never a raw 500. */
function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    if (isAppError(err)) return sendError(reply, err);
    const e = err as { validation?: { instancePath: string; message?: string; params?: Record<string, unknown> }[]; statusCode?: number; code?: string };
    if (e.validation) {
      return sendError(
        reply,
        appError('ERR_VALIDATION', {
          errors: e.validation.map((v) => ({
            path: v.instancePath + (v.params?.missingProperty ? `/${String(v.params.missingProperty)}` : v.params?.additionalProperty ? `/${String(v.params.additionalProperty)}` : ''),
            message: v.params?.missingProperty ? 'is required' : v.params?.additionalProperty ? 'is not a field of this form' : (v.message ?? 'is invalid'),
          })),
        }),
      );
    }
    if (e.statusCode === 413) return sendError(reply, appError('ERR_PAYLOAD_TOO_LARGE'));
    // a constraint or data error of the database on any route (not only the repository's writes)
    const mapped = mapDbError(err);
    if (isAppError(mapped)) return sendError(reply, mapped);
    // the database is unreachable (restarted, network cut): a clean 503, the pool reconnects
    if (['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08000', '08003', '08006'].includes(String(e.code)) || /Connection terminated|connect ECONNREFUSED|not queryable/.test(String((err as Error).message))) {
      req.log.warn({ err }, 'database unavailable');
      return sendError(reply, appError('ERR_UNAVAILABLE'));
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return sendError(reply, appError('ERR_BAD_REQUEST', { message: e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type.' : 'Bad request.' }));
    }
    req.log.error({ err }, 'internal error');
    return sendError(reply, appError('ERR_INTERNAL'));
  });
}

/** CORS for the configured origin only (CORS_ORIGIN). */
function allowCors(app: FastifyInstance, s: Services): void {
  if (s.config.corsOrigin) {
    const origin = s.config.corsOrigin;
    app.addHook('onRequest', async (req, reply) => {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'origin');
      reply.header('access-control-allow-headers', 'authorization, content-type');
      reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
      if (req.method === 'OPTIONS') return reply.status(204).send();
    });
  }
}

/** The per-process work beside the requests: the auth cache, the realtime hub, workflow expiry, stored views, new business days, webhook deliveries and the PDF renderer, each stopped when the app closes. */
async function startWork(app: FastifyInstance, s: Services, metrics: Metrics): Promise<{ hub: Hub; pdf: PdfRenderer }> {
  // the per-process auth rows, emptied by every committed change of the auth tables (decision 0132)
  const authCache = authCacheOf(s.database, s.config.authCacheMs);
  await authCache.start();
  app.addHook('onClose', async () => authCache.stop());
  const hub = new Hub(s);
  await hub.start();
  app.addHook('onClose', async () => hub.stop());
  app.decorate('hub', hub);

  // Overdue assignments are expired and escalated once a minute by every process (SKIP LOCKED
  // keeps them from doing the same row twice).
  const expiry = setInterval(() => {
    expireOverdue(s.database.db, s.reg, (tx, e) => publish(tx, e)).catch((err: unknown) => app.log.error({ err }, 'workflow expiry failed'));
  }, 60_000);
  expiry.unref();
  app.addHook('onClose', async () => clearInterval(expiry));
  // Stored views (decision 0200) brought up to date once a minute, so a new business date's rows
  // are computed before anyone lists them (a try-lock: one process does it, the others skip).
  const stored = s.config.storedRefreshMs
    ? setInterval(() => {
        refreshAllStored(s.database.db, s.reg).catch((err: unknown) => app.log.error({ err }, 'stored view refresh failed'));
      }, s.config.storedRefreshMs)
    : undefined;
  stored?.unref();
  // ... and at each company's local midnight, and once on start for a day missed while no server
  // ran (decision 0370): the first call of a business day reads stored rows like any other
  const newDays = s.config.storedRefreshMs
    ? startNewDays(s.database.db, s.reg, {
        onRun: (r, why) => {
          const companies = [...new Set(r.flatMap((x) => x.companies))];
          if (companies.length) app.log.info({ companies, why }, 'stored views computed for a new business date');
        },
        onError: (err) => app.log.error({ err }, 'new business date refresh failed'),
      })
    : undefined;
  app.addHook('onClose', async () => {
    clearInterval(stored);
    await newDays?.();
    await storedSettled();
  });
  // Webhook deliveries sent by every process that runs the worker (WEBHOOK_POLL_MS; decision 0333)
  const webhooks = new WebhookWorker(s, metrics);
  webhooks.start();
  app.addHook('onClose', async () => webhooks.stop());
  app.decorate('webhooks', webhooks);
  const pdf = new PdfRenderer();
  app.addHook('onClose', async () => pdf.close());
  app.decorate('pdf', pdf);
  return { hub, pdf };
}

/** The API under /api: authentication on every route not marked public, then each group of routes. */
async function registerApi(app: FastifyInstance, s: Services, hub: Hub, pdf: PdfRenderer, routeList: RouteInfo[], metrics: Metrics): Promise<void> {
  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate(s));
      api.setNotFoundHandler((_req, reply) => sendError(reply, appError('ERR_ROUTE_NOT_FOUND')));
      await api.register(authRoutes(s));
      await api.register(userRoutes(s));
      await api.register(secondFactorRoutes(s));
      await api.register(oidcRoutes(s));
      await api.register(menuRoutes(s));
      await api.register(registrationRoutes(s));
      await api.register(metaRoutes(s));
      await api.register(dataRoutes(s));
      await api.register(attachmentRoutes(s));
      await api.register(userAdminRoutes(s));
      await api.register(realtimeRoutes(s, hub));
      await api.register(printRoutes(s, pdf));
      await api.register(taskRoutes(s));
      // the plugins' own routes (the requisition plugin's material requests)
      for (const p of s.plugins.plugins) if (p.routes) await api.register(p.routes(routeServices(s)));
      await api.register(historyRoutes(s));
      await api.register(sealRoutes(s));
      await api.register(importRoutes(s));
      await api.register(recordsTransferRoutes(s));
      await api.register(openApiRoutes(s, routeList));
      api.get('/notifications/counter', async (req) => {
        const a = authOf(req);
        // the active company's counts and every company's the user belongs to (decision 0256)
        return notificationCountsByCompany(s.database.db, s.reg, s.plugins, a.user.user_id, a.company.compcode);
      });
      api.get('/health', { config: { public: true } }, async () => ({ status: 'ok', database: s.database.kind }));
      await api.register(readyRoute(s));
    },
    { prefix: '/api' },
  );
  await app.register(metricsRoute(s, metrics));
}

/** The built renderer (a rebuilt one served without a restart), and the answer to an unknown path. */
async function serveRenderer(app: FastifyInstance, s: Services): Promise<void> {
  // An unknown API path answers as the API does whether or not the renderer's catch-all is there:
  // 401 without a valid token, else 404 (never a different answer depending on the build).
  const apiNotFound = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      await authenticate(s)(req);
    } catch (e) {
      if (isAppError(e)) return sendError(reply, e);
      throw e;
    }
    return sendError(reply, appError('ERR_ROUTE_NOT_FOUND'));
  };
  const index = join(s.config.staticDir, 'index.html');
  if (existsSync(index)) {
    // wildcard: files are looked up per request, so a rebuilt renderer is served without a restart
    await app.register(fastifyStatic, { root: s.config.staticDir, wildcard: true, index: ['index.html'], preCompressed: true });
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0];
      // the app's own routes get the app; a missing file (an old asset name) is a plain 404
      if (path.startsWith('/api/')) return apiNotFound(req, reply);
      if (req.method !== 'GET' || /\.[a-z0-9]+$/i.test(path)) return sendError(reply, appError('ERR_ROUTE_NOT_FOUND'));
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/')) return apiNotFound(req, reply);
      return reply.status(404).type('text/plain').send('The renderer is not built: run npm run build.');
    });
  }
}

export async function buildApp(s: Services, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = fastifyFor(s, opts);
  const routeList = recordRoutes(app);
  // this app's metrics (GET /metrics); the hub is made below, read when scraped
  const metrics = new Metrics({ database: s.database, websockets: () => (app.hasDecorator('hub') ? app.hub.clients.size : 0) });
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.close());
  checkRequests(app);
  logRequests(app, s, metrics);
  // Security headers on every answer, in one place (the app, the API, files, errors).
  app.addHook('onSend', async (req, reply, payload) => {
    securityHeaders(req, reply);
    return payload;
  });
  answerErrors(app);
  allowCors(app, s);
  // Answers of 1 KB and more (JSON, HTML, the renderer's files) are compressed with brotli or gzip
  // as the client accepts; the renderer's built files also come pre-compressed (.br/.gz written by
  // the Vite build, served as they are). PDFs, spreadsheets and images are not compressible types.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1 } });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const { hub, pdf } = await startWork(app, s, metrics);
  await registerApi(app, s, hub, pdf, routeList, metrics);
  await serveRenderer(app, s);
  return app;
}
