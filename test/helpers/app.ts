/**
 * A real server on a test database (migrated and seeded with the demo data), driven through HTTP
 * with Fastify's inject (no socket) or, for end-to-end tests, listening on a port.
 *
 *   const t = await startTestApp();
 *   const admin = await t.signIn('admin', 'admin123');
 *   const res = await t.call('GET', '/api/users/me', { token: admin.token });
 *   await t.close();
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/src/config.ts';
import { createServices } from '../../server/src/boot.ts';
import { buildApp } from '../../server/src/app.ts';
import type { Services } from '../../server/src/services.ts';
import { createTestDatabase, TEST_DB, type TestDbKind } from './db.ts';

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  kind: TestDbKind;
  /** PostgreSQL URL of the test database (undefined on PGlite). */
  url?: string;
  call<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<CallResult<T>>;
  signIn(username: string, password: string): Promise<{ token: string; refresh_token: string; user: any; defaultpw: boolean }>;
  /** Listens on a free port and returns the base URL (for browsers and second processes). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(opts: { kind?: TestDbKind; seed?: boolean; config?: Partial<Config> } = {}): Promise<TestApp> {
  const kind = opts.kind ?? TEST_DB;
  // Seeded databases are copies of one template built once per run (test/helpers/template.ts).
  const tdb = await createTestDatabase(kind, { template: opts.seed !== false });
  const config: Config = { ...loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' }), jwtSecret: 'test-secret-0123456789', trustProxy: true, storedRefreshMs: 0, webhookPollMs: 0, ...opts.config };
  const services = await createServices(config, { database: tdb.database });
  const app = await buildApp(services);
  await app.ready();
  const t: TestApp = {
    app,
    services,
    kind,
    url: tdb.url,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const res = await app.inject({ method, url: path, headers, ...(o.body !== undefined ? { payload: o.body as object } : {}) });
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, body: body as never, headers: res.headers };
    },
    async signIn(username, password) {
      const r = await t.call('POST', '/api/auth/signin', { body: { username, password } });
      if (r.status !== 200) throw new Error(`sign-in of ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    async listen() {
      const addr = await app.listen({ port: 0, host: '127.0.0.1' });
      return addr;
    },
    async close() {
      await app.close();
      await tdb.close();
    },
  };
  return t;
}
