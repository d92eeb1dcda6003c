/**
 * The API keeps its own description (issue 33, "Done when"): requests generated from
 * /api/openapi.json, for a seeded sample of operations of every tag, as the administrator, as a
 * storekeeper and without a token: a valid request (from the declared schemas), one that breaks
 * them (wrong types) and one with hostile strings. Every answer must be declared: no 5xx, a status
 * the operation lists, and a JSON body that validates (ajv) against the response it declares.
 *
 * Deterministic: the sample and every generated value come from one seed (FUZZ_SEED, default
 * 33); bounded in time (FUZZ_MS, default 45 s of requests). A failure prints the request to
 * replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { adminIn, DEMO_PASSWORD, STARTUP_TIMEOUT } from './support.ts';

type Schema = Record<string, any>;
type Operation = { method: string; path: string; op: Schema; tag: string };

const SEED = Number(process.env.FUZZ_SEED ?? 33);
const BUDGET_MS = Number(process.env.FUZZ_MS ?? 45_000);
/** Operations per tag (module or call group). */
const PER_TAG = Number(process.env.FUZZ_PER_TAG ?? 12);

/** mulberry32: a small seeded generator (the same sequence for the same seed). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE = ["' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', 'x'.repeat(5000), '😀\u202e', '${7*7}', '1e400', '-1', '{"$ne":null}'];

let t: TestApp;
let doc: Schema;
const tokens: Record<string, string | undefined> = {};
let ip = 0;

beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = await adminIn(t, 'GAT');
  tokens.storekeeper = (await t.signIn('storekeeper', DEMO_PASSWORD)).token;
  tokens.none = undefined;
  doc = (await t.call('GET', '/api/openapi.json', { token: tokens.admin })).body;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

/** Calls that end or change the fuzzer's own sessions, and uploads (multipart) and the websocket: driven without a token only. */
const SESSION = [/^post \/api\/auth\/signout$/, /^post \/api\/auth\/changepwd$/, /^put \/api\/users\/reset\//, /^put \/api\/users\/ulc\//, /^put \/api\/users\/language$/, /^post \/api\/menus$/];
const SKIPPED = [/\/api\/ws$/, /\/import$/, /^post \/api\/attachments$/, /^post \/api\/tasktodo\/attachment$/];

function resolve(s: Schema | undefined): Schema | undefined {
  let x = s;
  for (let i = 0; x?.$ref && i < 10; i++) {
    const parts = String(x.$ref).replace(/^#\//, '').split('/');
    x = parts.reduce((o: any, k) => o?.[k], doc);
  }
  return x;
}

/** A value the schema accepts (as far as this generator knows schemas). */
function valid(s0: Schema | undefined, r: () => number, depth = 0): unknown {
  const s = resolve(s0) ?? {};
  if ('const' in s) return s.const;
  if (s.enum) return s.enum[Math.floor(r() * s.enum.length)];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return valid(alt[Math.floor(r() * alt.length)], r, depth + 1);
  const types = [s.type].flat().filter(Boolean) as string[];
  const type = types.find((x) => x !== 'null') ?? (s.properties ? 'object' : 'string');
  switch (type) {
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? s.exclusiveMinimum ?? 0;
      const hi = Math.min(s.maximum ?? s.exclusiveMaximum ?? lo + 1000, lo + 1000);
      const n = lo + r() * (hi - lo);
      return type === 'integer' ? Math.max(Math.ceil(lo), Math.min(Math.floor(hi), Math.round(n))) : Math.round(n * 100) / 100;
    }
    case 'boolean':
      return r() < 0.5;
    case 'array': {
      if (depth > 2) return [];
      const n = Math.max(s.minItems ?? 0, Math.floor(r() * 2));
      return Array.from({ length: n }, () => valid(s.items, r, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 3) return out;
      const required = new Set<string>(s.required ?? []);
      for (const [k, p] of Object.entries<Schema>(s.properties ?? {})) if (required.has(k) || r() < 0.3) out[k] = valid(p, r, depth + 1);
      return out;
    }
    default: {
      if (s.format === 'date') return '2026-01-15';
      if (s.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (s.format === 'email') return 'fuzz@example.com';
      const min = s.minLength ?? 1;
      const max = Math.max(min, Math.min(s.maxLength ?? 12, 12));
      const len = min + Math.floor(r() * (max - min + 1));
      return Array.from({ length: len }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(r() * 36)]).join('');
    }
  }
}

/** A value of another type than the schema declares. */
function wrongType(s0: Schema | undefined, r: () => number): unknown {
  const s = resolve(s0) ?? {};
  const types = [s.type].flat();
  const choices: unknown[] = [true, -1, 1.5, 'not-a-number', [], { a: 1 }, null].filter((v) => {
    const t2 = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
    return !types.includes(t2) && !(t2 === 'integer' && types.includes('number'));
  });
  return choices[Math.floor(r() * choices.length)] ?? { wrong: true };
}

function hostile(r: () => number): string {
  return HOSTILE[Math.floor(r() * HOSTILE.length)];
}

function operations(): Operation[] {
  const all: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      const id = `${method} ${path}`;
      if (SKIPPED.some((re) => re.test(id))) continue;
      all.push({ method, path, op, tag: op.tags?.[0] ?? 'api' });
    }
  }
  // a seeded sample per tag
  const r = rng(SEED);
  const byTag = new Map<string, Operation[]>();
  for (const o of all) byTag.set(o.tag, [...(byTag.get(o.tag) ?? []), o]);
  const sample: Operation[] = [];
  for (const [, ops] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    const pool = [...ops];
    for (let i = 0; i < PER_TAG && pool.length; i++) sample.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  }
  return sample;
}

type Kind = 'valid' | 'invalid' | 'hostile';

function request(o: Operation, kind: Kind, r: () => number): { url: string; body?: unknown } {
  let url = o.path;
  const query = new URLSearchParams();
  for (const p0 of (o.op.parameters ?? []) as Schema[]) {
    const p = resolve(p0)!;
    const schema = resolve(p.schema) ?? { type: 'string' };
    const pick = (): string => {
      if (kind === 'hostile' && r() < 0.5) return hostile(r);
      if (kind === 'invalid' && r() < 0.5) return String(wrongType(schema, r));
      return String(valid(schema, r));
    };
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(pick()));
    else if (p.in === 'query' && (p.required || r() < 0.4)) query.set(p.name, pick());
  }
  const qs = query.toString();
  const bodySchema = o.op.requestBody?.content?.['application/json']?.schema;
  let body: unknown;
  if (bodySchema) {
    const v = valid(bodySchema, r);
    if (kind === 'valid') body = v;
    else if (v && typeof v === 'object' && !Array.isArray(v)) {
      const props = Object.keys(resolve(bodySchema)?.properties ?? {});
      const k = props.length ? props[Math.floor(r() * props.length)] : 'x';
      body = { ...v, [k]: kind === 'hostile' ? hostile(r) : wrongType(resolve(bodySchema)?.properties?.[k], r) };
    } else body = kind === 'hostile' ? hostile(r) : wrongType(bodySchema, r);
  }
  return { url: qs ? `${url}?${qs}` : url, body };
}

describe('contract fuzz', () => {
  it(
    'answers every generated request as the description says (0 server errors, 0 undeclared answers)',
    async () => {
      const ajv = new Ajv({ strict: false, allErrors: false, allowUnionTypes: true, validateFormats: true });
      (addFormats as unknown as (a: Ajv) => void)(ajv);
      ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
      const compiled = new Map<string, ValidateFunction>();
      const validatorOf = (key: string, schema: Schema): ValidateFunction => {
        let v = compiled.get(key);
        if (!v) {
          // references point into the document's components
          const text = JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/');
          compiled.set(key, (v = ajv.compile(JSON.parse(text))));
        }
        return v;
      };

      const ops = operations();
      expect(ops.length).toBeGreaterThan(20);
      const r = rng(SEED + 1);
      const problems: string[] = [];
      const started = Date.now();
      let sent = 0;
      const statuses = new Map<number, number>();
      for (const o of ops) {
        for (const persona of ['admin', 'storekeeper', 'none'] as const) {
          if (persona !== 'none' && SESSION.some((re) => re.test(`${o.method} ${o.path}`))) continue;
          for (const kind of ['valid', 'invalid', 'hostile'] as const) {
            if (Date.now() - started > BUDGET_MS) break;
            const q = request(o, kind, r);
            const res = await t.app.inject({
              method: o.method.toUpperCase() as 'GET',
              url: q.url,
              headers: { ...(tokens[persona] ? { authorization: `Bearer ${tokens[persona]}` } : {}), 'x-forwarded-for': `10.33.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`, ...(q.body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(q.body !== undefined ? { payload: JSON.stringify(q.body) } : {}),
            });
            sent++;
            const where = `${o.method.toUpperCase()} ${q.url} as ${persona} (${kind})${q.body !== undefined ? ` body ${JSON.stringify(q.body).slice(0, 300)}` : ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            if (res.statusCode >= 500) {
              problems.push(`5xx: ${where}`);
              continue;
            }
            const declared = resolve(o.op.responses?.[String(res.statusCode)] ?? o.op.responses?.default);
            if (!declared) {
              problems.push(`undeclared status: ${where}`);
              continue;
            }
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const type = String(res.headers['content-type'] ?? '');
            const schema = declared.content?.['application/json']?.schema;
            // a JSON answer says so (issue 33.5: lists answered without a Content-Type)
            if (declared.content?.['application/json'] && res.body.startsWith('{') && type !== 'application/json; charset=utf-8') problems.push(`Content-Type '${type}': ${where}`);
            if (type.startsWith('application/json') && schema) {
              let body: unknown;
              try {
                body = JSON.parse(res.body);
              } catch {
                problems.push(`not JSON: ${where}`);
                continue;
              }
              const v = validatorOf(`${o.method} ${o.path} ${res.statusCode}`, schema);
              if (!v(body)) problems.push(`body breaks the declared schema (${ajv.errorsText(v.errors).slice(0, 200)}): ${where}`);
            }
          }
        }
      }
      // how much was covered, for the log
      console.log(`contract fuzz: seed ${SEED}, ${ops.length} operations, ${sent} requests in ${Date.now() - started} ms, ${problems.length} problems; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
      // valid requests get through: the sample reaches the handlers, not only the schemas
      expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
      // and the declared refusals are driven: a wrong body or query, no token, a missing letter, an unknown record
      for (const status of [400, 401, 403, 404]) expect(statuses.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(0);
      expect(problems.slice(0, 30)).toEqual([]);
      expect(sent).toBeGreaterThan(100);
    },
    240_000,
  );
});
