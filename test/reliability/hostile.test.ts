/**
 * Hostile input (docs/reliability.md, part 3). Bad bodies are generated from the metadata for
 * POST/PUT /api/data/:entity of every non-system entity with a form (wrong type for each field,
 * each required field missing, each string maxLength+1, 1 MB strings, unknown fields, bad lines,
 * NUL characters, invalid UTF-8, SQL and script text where numbers belong), for the named §7 write
 * calls, and in malformed shapes (not JSON, not an object, too deep, too large, prototype keys,
 * wrong content type) for every POST/PUT of the route table; 11 MB files go to every upload. Each
 * must get a 4xx with a clear message, never a 5xx, and write nothing (a row trigger on every table
 * logs writes; see support.ts). SQL and script text in text fields is stored verbatim and shown
 * escaped in the HTML print and, in Chromium, in the list screen (no dialog fires).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { entityJsonSchema, type JsonSchema } from '../../engine/src/metadata/json-schema.ts';
import { ROOT } from '../../server/src/config.ts';
import { BodyFactory, PASSWORD, QUICK, elapsed, errorShapeProblem, formEntities, installWriteLog, letterUser, multipart, report, routeTable, sample, uniqueText, writeMark, writesSince } from './support.ts';

const SQL = "'; drop table users; --";
const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const MB = 1024 * 1024;

let t: TestApp;
const tok: Record<string, string> = {};
let factory: BodyFactory;
let item = 0;
const figures: Record<string, number> = {};
const started = Date.now();
const problems: string[] = [];

function count(kind: string, n = 1) {
  figures[kind] = (figures[kind] ?? 0) + n;
  figures.cases = (figures.cases ?? 0) + n;
}

interface Attempt {
  label: string;
  method: 'POST' | 'PUT' | 'GET' | 'DELETE';
  url: string;
  token?: string;
  body?: unknown;
  raw?: Buffer | string;
  contentType?: string;
  headers?: Record<string, string>;
  /** tables a refused call may legitimately write (sign-in failures are counted) */
  allowWrites?: string[];
  multipart?: { fields: Record<string, string>; files?: { name: string; filename: string; content: Buffer | string }[] };
}

interface Outcome {
  status: number;
  body: any;
  text: string;
  wrote: string[];
}

async function attempt(a: Attempt): Promise<Outcome> {
  const db = t.services.database.db;
  const headers: Record<string, string> = { ...a.headers };
  if (a.token) headers.authorization = `Bearer ${a.token}`;
  let payload: Buffer | string | undefined;
  if (a.multipart) {
    const m = multipart(a.multipart.fields, a.multipart.files);
    payload = m.payload;
    Object.assign(headers, m.headers);
  } else if (a.raw !== undefined) {
    payload = a.raw;
    headers['content-type'] = a.contentType ?? 'application/json';
  } else if (a.body !== undefined) {
    payload = JSON.stringify(a.body);
    headers['content-type'] = 'application/json';
  }
  const mark = await writeMark(db);
  let res;
  try {
    res = await t.app.inject({ method: a.method, url: a.url, headers, payload });
  } catch (e) {
    // the server cut the response (e.g. a streamed export that failed half-way)
    return { status: 0, body: null, text: `response cut: ${(e as Error).message}`, wrote: await writesSince(db, mark) };
  }
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body, text: res.body, wrote: await writesSince(db, mark) };
}

/** The attempt must be refused with a 4xx, a clear message and no write; `path` names the field the errors must point at. */
async function refused(kind: string, a: Attempt, opts: { path?: string } = {}): Promise<Outcome> {
  const r = await attempt(a);
  count(kind);
  const where = `${a.label}: ${a.method} ${a.url.slice(0, 120)}`;
  if (r.status < 400 || r.status >= 500) problems.push(`${where} → ${r.status}, expected a 4xx: ${r.text.slice(0, 200)}`);
  else {
    const shape = errorShapeProblem(r.status, r.body);
    if (shape) problems.push(`${where} → ${shape}`);
    if (opts.path && r.body?.code === 'ERR_VALIDATION' && !(r.body.errors ?? []).some((e: { path: string }) => e.path === opts.path || e.path.startsWith(`${opts.path}/`))) {
      problems.push(`${where} → 400 without an error for ${opts.path}: ${JSON.stringify(r.body.errors).slice(0, 200)}`);
    }
    if (r.body?.code === 'ERR_IN_USE' && a.method !== 'DELETE') problems.push(`${where} → ${r.status} says "${r.body.message}" for a ${a.method}`);
  }
  const wrote = r.wrote.filter((w) => !(a.allowWrites ?? []).includes(w.split(' ')[0]));
  if (wrote.length) problems.push(`${where} → ${r.status} wrote ${r.wrote.join(', ')}`);
  return r;
}

/** A body with `marker` (a JSON string) replaced by raw bytes that are not UTF-8. */
function invalidUtf8(body: Record<string, unknown>, field: string): Buffer {
  const json = JSON.stringify({ ...body, [field]: 'INVALID_UTF8_MARK' });
  const [before, after] = json.split('INVALID_UTF8_MARK');
  return Buffer.concat([Buffer.from(before), Buffer.from([0x41, 0xff, 0xfe, 0xc3, 0x28, 0x42]), Buffer.from(after)]);
}

function wrongValue(p: JsonSchema): unknown {
  if (Array.isArray(p.oneOf)) return typeof (p.oneOf as JsonSchema[])[0]?.const === 'number' ? 'NOT_A_CODE' : '__not_a_code__';
  const type = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
      return 'abc';
    case 'number':
      return 'one';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not-a-list';
    default:
      return { nested: true };
  }
}

beforeAll(async () => {
  t = await startTestApp();
  await letterUser(t, 'rel.gat.all', 'GAT', 'CRUDPO');
  tok.all = (await t.signIn('rel.gat.all', PASSWORD)).token;
  for (const u of ['storekeeper', 'approver']) tok[u] = (await t.signIn(u, 'demo1234')).token;
  factory = new BodyFactory(t, { GAT: tok.all });
  item = Number((await t.services.database.db.selectFrom('master_item').select('item_id').where('compcode', '=', 'GAT').orderBy('item_id').executeTakeFirstOrThrow()).item_id);
  await installWriteLog(t.services.database.db);
});

afterAll(async () => {
  report('hostile', { ...figures, seconds: Math.round((Date.now() - started) / 1000) });
  await t?.close();
});

/**
 * Every bad input is planned with the class of defect it probes, and each class is one test, so a
 * failing test names one kind of defect: shape (types, sizes, required, lines, files), unknown
 * fields, garbage keys, references to nothing, NUL characters, invalid UTF-8.
 */
type Klass = 'entity' | 'named' | 'unknown' | 'keys' | 'reference' | 'malformed' | 'nul' | 'utf8';
interface Planned {
  klass: Klass;
  path?: string;
  make: () => Attempt | Promise<Attempt>;
}
const planned: Planned[] = [];
const plan = (klass: Klass, make: Planned['make'], path?: string) => planned.push({ klass, make, path });

async function runClass(...klasses: Klass[]): Promise<string[]> {
  for (const p of planned.filter((x) => klasses.includes(x.klass))) await refused(p.klass, await p.make(), { path: p.path });
  return problems.splice(0);
}

/** A material request sent to the approver: a fresh open assignment for each class that acts. */
async function openAssignment(): Promise<number> {
  const db = t.services.database.db;
  const mr = await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: { jasa: 0, remark: 'to act on', lines: [{ linetype: 1, item, quantity: 1 }] } });
  const sent = await t.call('POST', '/api/aircraft-mrequest/send2wf', { token: tok.storekeeper, body: { requestkey: String(mr.body.data.requestkey) } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return Number((await db.selectFrom('wf_assignment').select('taskassignkey').where('taskkey', '=', sent.body.taskkey).executeTakeFirstOrThrow()).taskassignkey);
}

describe('generated bad bodies', () => {
  let validBases = 0;
  let entityCount = 0;
  beforeAll(async () => {
    // for POST and PUT /api/data/:entity of every entity with a form
    const entities = sample(formEntities(t.services.reg), ['material_request', 'purchase_order', 'store_warehouse', 'registration', 'role'], 6);
    entityCount = entities.length;
    const invalidBases: string[] = [];
    for (const e of entities) {
      const schema = entityJsonSchema(t.services.reg, e);
      const base = await factory.valid(e.name, 'GAT');
      const created = await attempt({ label: 'valid base', method: 'POST', url: `/api/data/${e.name}`, token: tok.all, body: base });
      let key: string | number | undefined;
      let version = 1;
      if (created.status === 200) {
        validBases++;
        key = created.body.data[e.key];
        version = created.body.data.version;
      } else {
        invalidBases.push(`${e.name}: ${created.status} ${created.text.slice(0, 150)}`);
        key = (await factory.keyOf(e.name, 'GAT')) ?? undefined;
      }
      const url = `/api/data/${e.name}`;
      const keyUrl = key === undefined ? undefined : `${url}/${encodeURIComponent(String(key))}`;
      const both = (klass: Klass, label: string, body: Record<string, unknown>, path?: string, only?: 'PUT' | 'POST') => {
        if (only !== 'PUT') plan(klass, () => ({ label: `${e.name} POST ${label}`, method: 'POST', url, token: tok.all, body }), path);
        if (keyUrl && only !== 'POST') plan(klass, () => ({ label: `${e.name} PUT ${label}`, method: 'PUT', url: keyUrl, token: tok.all, body: { ...body, version } }), path);
      };
      const props = Object.entries(schema.properties ?? {}).filter(([n, p]) => n !== 'version' && !p.readOnly && !(e.keyType === 'string' && n === e.key && e.key !== 'compcode'));
      const strings = props.filter(([, p]) => (Array.isArray(p.type) ? p.type.includes('string') : p.type === 'string') && !p.format && !p.oneOf && !p['x-reference'] && typeof p.maxLength === 'number');
      for (const [n, p] of props) {
        both('entity', `wrong type ${n}`, { ...base, [n]: wrongValue(p) }, `/${n}`);
        if (p.format === 'date' || p.format === 'date-time') both('entity', `bad date ${n}`, { ...base, [n]: '2026-13-45' }, `/${n}`);
        const type = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
        if (type === 'integer' || type === 'number') both('entity', `SQL in number ${n}`, { ...base, [n]: SQL }, `/${n}`);
      }
      for (const n of schema.required ?? []) {
        const { [n]: _drop, ...rest } = base;
        both('entity', `missing ${n}`, rest, `/${n}`);
      }
      for (const [n, p] of strings) both('entity', `${n} maxLength+1`, { ...base, [n]: 'x'.repeat((p.maxLength as number) + 1) }, `/${n}`);
      for (const [n] of strings.slice(0, QUICK ? 1 : 3)) both('entity', `${n} 1 MB`, { ...base, [n]: 'x'.repeat(MB) }, `/${n}`);
      both('entity', 'unknown field', { ...base, rel_unknown_field: 1 }, '/rel_unknown_field');
      // (for the company entity compcode is the key: a PUT names its row in the path and ignores it)
      both('entity', 'compcode of another company', { ...base, compcode: 'CTA' }, undefined, e.key === 'compcode' ? 'POST' : undefined);
      if (strings.length) {
        const [n] = strings[0];
        both('nul', `NUL in ${n}`, { ...base, [n]: 'before\u0000after' });
        plan('utf8', () => ({ label: `${e.name} POST invalid UTF-8 in ${n}`, method: 'POST', url, token: tok.all, raw: invalidUtf8(base, n) }));
        if (keyUrl) plan('utf8', () => ({ label: `${e.name} PUT invalid UTF-8 in ${n}`, method: 'PUT', url: keyUrl, token: tok.all, raw: invalidUtf8({ ...base, version }, n) }));
      }
      for (const c of e.children) {
        const line = (base[c.name] as Record<string, unknown>[] | undefined)?.[0] ?? {};
        const childSchema = entityJsonSchema(t.services.reg, t.services.reg.entity(c.entity), { lines: false });
        const childProps = Object.entries(childSchema.properties ?? {}).filter(([n, p]) => n !== c.foreignKey && n !== 'version' && !p.readOnly);
        const [firstName, firstProp] = childProps[0] ?? [];
        if (firstName) both('entity', `line: wrong type ${firstName}`, { ...base, [c.name]: [line, { ...line, [firstName]: wrongValue(firstProp) }] }, `/${c.name}/1/${firstName}`);
        for (const r of (childSchema.required ?? []).filter((x) => x !== c.foreignKey).slice(0, QUICK ? 1 : 5)) {
          const { [r]: _drop, ...rest } = line;
          both('entity', `line: missing ${r}`, { ...base, [c.name]: [line, rest] }, `/${c.name}/1/${r}`);
        }
        both('entity', 'line: unknown field', { ...base, [c.name]: [line, { ...line, rel_unknown_field: 1 }] });
        both('entity', 'lines not a list', { ...base, [c.name]: 'many' }, `/${c.name}`);
        // a line key means nothing in a create (it is ignored): for updates only
        both('entity', 'line with a key of no line', { ...base, [c.name]: [{ ...line, [t.services.reg.entity(c.entity).key]: 987654321 }] }, undefined, 'PUT');
      }
    }
    console.log(`[reliability] hostile entities: ${entities.length} (${validBases} with a valid generated body; without: ${invalidBases.join(' | ').slice(0, 400) || 'none'})`);

    // the named §7 write calls
    const db = t.services.database.db;
    const mrBody = { jasa: 0, remark: 'hostile base', lines: [{ linetype: 1, item, quantity: 1, description: 'base line' }] };
    const mr = (await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: mrBody })).body.data;
    const sentMr = (await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: mrBody })).body.data;
    const sent = await t.call('POST', '/api/aircraft-mrequest/send2wf', { token: tok.storekeeper, body: { requestkey: String(sentMr.requestkey) } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const taskkey = sent.body.taskkey as number;
    const asg = Number((await db.selectFrom('wf_assignment').select('taskassignkey').where('taskkey', '=', taskkey).executeTakeFirstOrThrow()).taskassignkey);
    const mrq = (klass: Klass, label: string, body: Record<string, unknown>, path?: string) => {
      plan(klass, () => ({ label: `mrequest create: ${label}`, method: 'POST', url: '/api/aircraft-mrequest', token: tok.storekeeper, body }), path);
      plan(klass, () => ({ label: `mrequest update: ${label}`, method: 'POST', url: '/api/aircraft-mrequest', token: tok.storekeeper, body: { ...body, requestkey: mr.requestkey, version: mr.version } }), path);
    };
    mrq('named', 'jasa wrong type', { ...mrBody, jasa: 'zero' }, '/jasa');
    mrq('named', 'remark 1 MB', { ...mrBody, remark: 'x'.repeat(MB) }, '/remark');
    mrq('named', 'remark maxLength+1', { ...mrBody, remark: 'x'.repeat(1001) }, '/remark');
    mrq('named', 'lines not a list', { ...mrBody, lines: 'x' }, '/lines');
    mrq('named', 'line quantity as SQL text', { ...mrBody, lines: [{ ...mrBody.lines[0], quantity: SQL }] }, '/lines/0/quantity');
    mrq('named', 'line missing quantity', { ...mrBody, lines: [{ linetype: 1, item }] }, '/lines/0/quantity');
    mrq('named', '1001 lines', { ...mrBody, lines: Array.from({ length: 1001 }, () => mrBody.lines[0]) }, '/lines');
    mrq('named', 'detail as lines with a bad quantity', { jasa: 0, detail: [{ linetype: 1, item, quantity: 'x' }] });
    mrq('unknown', 'unknown field', { ...mrBody, hijack: 1 }, '/hijack');
    mrq('reference', 'line item of no item', { ...mrBody, lines: [{ ...mrBody.lines[0], item: 987654321 }] });
    mrq('nul', 'NUL in remark', { ...mrBody, remark: 'a\u0000b' });
    plan('utf8', () => ({ label: 'mrequest invalid UTF-8', method: 'POST', url: '/api/aircraft-mrequest', token: tok.storekeeper, raw: invalidUtf8(mrBody, 'remark') }));
    for (const k of ['abc', -1, 1e30, SQL, { a: 1 }, [1], true]) {
      plan('keys', () => ({ label: `mrequest requestkey ${JSON.stringify(k).slice(0, 20)}`, method: 'POST', url: '/api/aircraft-mrequest', token: tok.storekeeper, body: { ...mrBody, requestkey: k, version: 1 } }));
    }
    for (const k of ['abc', '-1', '0', '1e400', '1.5', encodeURIComponent(SQL), 'x'.repeat(200), '9007199254740993']) {
      plan('keys', () => ({ label: 'close line garbage key', method: 'PUT', url: `/api/aircraft-mrequest/closed/${k}`, token: tok.storekeeper, body: { reason: 'x' } }));
      plan('keys', () => ({ label: 'cancel garbage key', method: 'PUT', url: `/api/aircraft-mrequest/send2wfCancel/${k}`, token: tok.storekeeper }));
      plan('keys', () => ({ label: 'delete garbage key', method: 'DELETE', url: `/api/aircraft-mrequest/${k}`, token: tok.storekeeper }));
      plan('keys', () => ({ label: 'history garbage key', method: 'GET', url: `/api/tasktodo/history/${k}`, token: tok.storekeeper }));
      plan('keys', () => ({ label: 'reset garbage key', method: 'PUT', url: `/api/users/reset/${k}`, token: tok.all }));
    }
    plan('nul', () => ({ label: 'cancel NUL key', method: 'PUT', url: '/api/aircraft-mrequest/send2wfCancel/%00', token: tok.storekeeper }));
    for (const body of [{}, { requestkey: '' }, { requestkey: 'abc' }, { requestkey: SQL }]) {
      plan('keys', () => ({ label: `send2wf ${JSON.stringify(body).slice(0, 40)}`, method: 'POST', url: '/api/aircraft-mrequest/send2wf', token: tok.storekeeper, body }));
    }
    plan('nul', () => ({ label: 'send2wf NUL key', method: 'POST', url: '/api/aircraft-mrequest/send2wf', token: tok.storekeeper, body: { requestkey: 'a\u0000' } }));
    plan('unknown', async () => {
      const draft = (await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: mrBody })).body.data;
      return { label: 'send2wf with an unknown field', method: 'POST', url: '/api/aircraft-mrequest/send2wf', token: tok.storekeeper, body: { requestkey: String(draft.requestkey), hijack: { x: 1 } } };
    });
    const big = Buffer.alloc(11 * MB, 0x41);
    plan('named', () => ({ label: 'send2wf with an 11 MB file', method: 'POST', url: '/api/aircraft-mrequest/send2wf', token: tok.storekeeper, multipart: { fields: { requestkey: String(mr.requestkey) }, files: [{ name: 'file', filename: 'big.bin', content: big }] } }));
    plan('named', () => ({ label: 'task attachment 11 MB', method: 'POST', url: '/api/tasktodo/attachment', token: tok.approver, multipart: { fields: { tablekey: String(taskkey) }, files: [{ name: 'file', filename: 'big.bin', content: big }] } }));
    plan('named', () => ({ label: 'attachment 11 MB', method: 'POST', url: '/api/attachments', token: tok.storekeeper, multipart: { fields: { entity: 'material_request', record_key: String(mr.requestkey) }, files: [{ name: 'file', filename: 'big.bin', content: big }] } }));
    plan('named', () => ({ label: 'attachment without a file', method: 'POST', url: '/api/attachments', token: tok.storekeeper, multipart: { fields: { entity: 'material_request' } } }));
    plan('named', () => ({ label: 'attachment of no entity', method: 'POST', url: '/api/attachments', token: tok.storekeeper, multipart: { fields: { entity: SQL }, files: [{ name: 'file', filename: 'a.txt', content: 'a' }] } }));
    plan('named', () => ({ label: 'attachment as JSON', method: 'POST', url: '/api/attachments', token: tok.storekeeper, body: { entity: 'material_request', file: 'AAAA' } }));
    plan('named', () => ({ label: 'task attachment without a file', method: 'POST', url: '/api/tasktodo/attachment', token: tok.approver, multipart: { fields: { tablekey: String(taskkey) } } }));

    // workflow actions (each class acts on an assignment of its own)
    const act = (klass: Klass, label: string, extra: Record<string, unknown>, path?: string) =>
      plan(klass, async () => ({ label: `doaction ${label}`, method: 'POST', url: '/api/tasktodo/doaction', token: tok.approver, body: { taskassignkey: klass === 'named' || klass === 'keys' ? asg : await openAssignment(), actionTake: 'APPROVED', comment: 'ok', ...extra } }), path);
    act('keys', 'taskassignkey text', { taskassignkey: 'abc' }, '/taskassignkey');
    act('keys', 'taskassignkey SQL', { taskassignkey: SQL }, '/taskassignkey');
    act('named', 'unknown action', { actionTake: 'DELETE_ALL' }, '/actionTake');
    act('named', 'action as number', { actionTake: 7 }, '/actionTake');
    act('named', 'comment 1 MB', { comment: 'x'.repeat(MB) }, '/comment');
    act('named', 'comment 1001 characters', { comment: 'x'.repeat(1001) }, '/comment');
    act('named', 'empty comment', { comment: '' }, '/comment');
    act('named', 'comment as object', { comment: { a: 1 } }, '/comment');
    act('named', 'postuntil garbage', { actionTake: 'PENDING', postponed: 1, postuntil: SQL }, '/postuntil');
    act('named', 'routing to nobody', { actionTake: 'ROUTING', isrouting: 1, routeToUser: 'nobody.at.all' });
    act('named', 'routing to a user SQL', { actionTake: 'ROUTING', isrouting: 1, routeToUser: SQL });
    act('unknown', 'unknown field', { hijack: true }, '/hijack');
    act('nul', 'NUL in comment', { comment: 'a\u0000b' });

    // registration (public), sign-in, passwords, menus, company switch, conversion
    const reg = { company: 'Hostile Air', compaddr1: 'Apron', compphone: '1', compemail: 'h@x.example', contact_name: 'H', contact_number: '1', username: 'hostile.user' };
    for (const [klass, label, body, path] of [
      ['named', 'missing company', { ...reg, company: undefined }, '/company'],
      ['named', 'company as number', { ...reg, company: 7 }, '/company'],
      ['named', 'company 1 MB', { ...reg, company: 'x'.repeat(MB) }, '/company'],
      ['unknown', 'unknown field', { ...reg, hijack: 1 }, '/hijack'],
      ['nul', 'NUL in company', { ...reg, company: 'a\u0000b' }],
    ] as [Klass, string, Record<string, unknown>, string?][]) {
      plan(klass, () => ({ label: `registration ${label}`, method: 'POST', url: '/api/registration', body }), path);
    }
    plan('utf8', () => ({ label: 'registration invalid UTF-8', method: 'POST', url: '/api/registration', raw: invalidUtf8(reg, 'company') }));
    let ip = 0;
    for (const [klass, label, body] of [
      ['named', 'username as number', { username: 7, password: 'x' }],
      ['named', 'missing password', { username: 'admin' }],
      ['named', 'username 201 characters', { username: 'x'.repeat(201), password: 'x' }],
      ['named', 'password 1 MB', { username: 'admin', password: 'x'.repeat(MB) }],
      ['named', 'SQL as username', { username: SQL, password: SQL }],
      ['named', 'object as password', { username: 'admin', password: { $ne: '' } }],
      ['nul', 'NUL in username', { username: 'adm\u0000in', password: 'x' }],
    ] as [Klass, string, Record<string, unknown>][]) {
      // a client address of its own: failed sign-ins are counted per address (sys_login_throttle)
      ip++;
      const addr = `10.66.0.${ip}`;
      plan(klass, () => ({ label: `signin ${label}`, method: 'POST', url: '/api/auth/signin', body, headers: { 'x-forwarded-for': addr }, allowWrites: ['sys_login_throttle'] }));
    }
    for (const body of [{ refresh_token: 7 }, { refresh_token: 'x'.repeat(1000) }, {}]) plan('named', () => ({ label: `refresh ${JSON.stringify(body).slice(0, 30)}`, method: 'POST', url: '/api/auth/refresh', body }));
    plan('nul', () => ({ label: 'refresh NUL', method: 'POST', url: '/api/auth/refresh', body: { refresh_token: `a\u0000${'b'.repeat(40)}` } }));
    for (const body of [{ password: 7 }, { password: 'x', new_password: 'y'.repeat(201), confirm_password: 'y'.repeat(201) }]) {
      plan('named', () => ({ label: `changepwd ${JSON.stringify(body).slice(0, 40)}`, method: 'POST', url: '/api/auth/changepwd', token: tok.storekeeper, body }));
    }
    plan('nul', () => ({ label: 'changepwd NUL username', method: 'POST', url: '/api/auth/changepwd', token: tok.storekeeper, body: { username: 'x\u0000', password: 'demo1234', new_password: 'abcdefgh1', confirm_password: 'abcdefgh1' } }));
    plan('nul', () => ({ label: 'validatepwd NUL', method: 'POST', url: '/api/auth/validatepwd', token: tok.storekeeper, body: { username: 'store\u0000keeper', password: 'x' } }));
    for (const [klass, body] of [
      ['named', { username: 'storekeeper', modulname: 'aircraft-logistic', menus: [{ menu_id: 'x', permission: 'R' }] }],
      ['named', { username: 'storekeeper', modulname: 'aircraft-logistic', menus: [{ menu_id: 1, permission: SQL }] }],
      ['named', { username: 'storekeeper', modulname: 'aircraft-logistic', menus: 'all' }],
      ['unknown', { username: 'storekeeper', modulname: 'aircraft-logistic', menus: [], hijack: 1 }],
      ['nul', { username: 'store\u0000keeper', modulname: 'aircraft-logistic', menus: [] }],
    ] as [Klass, Record<string, unknown>][]) {
      plan(klass, () => ({ label: `menus ${JSON.stringify(body).slice(0, 60)}`, method: 'POST', url: '/api/menus', token: tok.all, body }));
    }
    const me = (await t.call('GET', '/api/users/me', { token: tok.storekeeper })).body.user.user_id;
    for (const body of [{ compcode: 7 }, { compcode: 'x'.repeat(21) }, {}, { compcode: SQL }]) plan('named', () => ({ label: `ulc ${JSON.stringify(body).slice(0, 30)}`, method: 'PUT', url: `/api/users/ulc/${me}`, token: tok.storekeeper, body }));
    plan('nul', () => ({ label: 'ulc NUL', method: 'PUT', url: `/api/users/ulc/${me}`, token: tok.storekeeper, body: { compcode: 'G\u0000AT' } }));
    for (const body of [{ key: 'abc' }, { key: SQL }, {}]) plan('keys', () => ({ label: `convert_registration ${JSON.stringify(body)}`, method: 'POST', url: '/api/data/registration/action/convert_registration', token: tok.all, body }));
    plan('nul', () => ({ label: 'convert_registration NUL key', method: 'POST', url: '/api/data/registration/action/convert_registration', token: tok.all, body: { key: 'a\u0000' } }));

    // malformed bodies on every POST/PUT of the route table
    const writes = routeTable(t.app).filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.url.startsWith('/api/'));
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const cases: [string, string | Buffer, string][] = [
      ['malformed JSON', '{"a": ', 'application/json'],
      ['JSON array', '[1,2,3]', 'application/json'],
      ['JSON string', '"text"', 'application/json'],
      ['JSON number', '42', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['empty JSON body', '', 'application/json'],
      ['nested 100 000 deep', deep, 'application/json'],
      ['__proto__ key', '{"__proto__": {"isAdmin": true}}', 'application/json'],
      ['constructor.prototype key', '{"constructor": {"prototype": {"isAdmin": true}}}', 'application/json'],
      ['3 MB JSON', JSON.stringify({ a: 'x'.repeat(3 * MB) }), 'application/json'],
      ['text/plain', 'hello', 'text/plain'],
      ['XML', '<a>1</a>', 'application/xml'],
      ['form-urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ];
    const chosen = QUICK ? cases.filter((c) => ['malformed JSON', 'JSON array', 'nested 100 000 deep', '__proto__ key', '3 MB JSON', 'text/plain'].includes(c[0])) : cases;
    for (const r of writes) {
      // keys that exist nowhere, so that a call which ignores its body cannot act
      const url = r.url.replace(':entity', 'store_warehouse').replace(':name', 'convert_registration').replace(/:[a-zA-Z_]+/g, '987654321');
      const token = r.url === '/api/auth/changepwd' || r.url === '/api/auth/validatepwd' ? tok.storekeeper : tok.all;
      for (const [label, raw, type] of chosen) plan('malformed', () => ({ label, method: r.method as 'POST', url, token, raw, contentType: type }));
      plan('utf8', () => ({ label: 'invalid UTF-8 bytes', method: r.method as 'POST', url, token, raw: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) }));
    }
    figures.writeRoutes = writes.length;
  });

  afterAll(() => {
    figures.entities = entityCount;
    figures.validBases = validBases;
  });

  it('POST/PUT /api/data/:entity: wrong types, missing and oversized fields, unknown fields and bad lines get a 4xx naming the field; nothing is written', async () => {
    expect(validBases).toBeGreaterThan(entityCount / 2);
    expect(await runClass('entity')).toEqual([]);
  });

  it('the named §7 write calls refuse bad types, sizes, shapes and 11 MB files', async () => {
    expect(await runClass('named')).toEqual([]);
  });

  it('malformed bodies on every POST/PUT of the route table (not JSON, not an object, 100 000 deep, prototype keys, 3 MB, wrong content type) get a 4xx', async () => {
    expect(await runClass('malformed')).toEqual([]);
  });

  it('unknown fields are refused, not silently dropped', async () => {
    expect(await runClass('unknown')).toEqual([]);
  });

  it('garbage keys in paths and bodies are "not found" or "bad request", never a 5xx', async () => {
    expect(await runClass('keys')).toEqual([]);
  });

  it('a line pointing at a record that does not exist gets a 4xx that says so', async () => {
    expect(await runClass('reference')).toEqual([]);
  });

  it('a NUL character in any text gets a 4xx, never a 5xx', async () => {
    expect(await runClass('nul')).toEqual([]);
  });

  it('invalid UTF-8 in a JSON body gets a 4xx instead of being stored altered', async () => {
    expect(await runClass('utf8')).toEqual([]);
  });
});

describe('valid input is accepted', () => {
  it('a user created on Manage User (POST /api/users, spec §7) or through the generic API is saved and joins the company', async () => {
    const r1 = await attempt({ label: 'create user', method: 'POST', url: '/api/users', token: tok.all, body: { username: 'rel.created.one', full_name: 'Created One', usergroup: 'user', active: true } });
    const r2 = await attempt({ label: 'create user', method: 'POST', url: '/api/data/users', token: tok.all, body: { username: 'rel.created.two', full_name: 'Created Two', usergroup: 'user', active: true } });
    count('valid', 2);
    expect([r1.status, r1.text.slice(0, 120), r2.status]).toEqual([200, expect.stringContaining('rel.created.one'), 200]);
  });
});

describe('query strings', () => {
  it('query strings with NUL, huge numbers and SQL on every GET endpoint never cause a 5xx', async () => {
    const gets = routeTable(t.app).filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && r.url !== '/api/ws' && !r.url.endsWith('/pdf'));
    const mr = (await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: { jasa: 0, lines: [{ linetype: 1, item, quantity: 1 }] } })).body.data;
    const params = ['q', 'page', 'limit', 'sortBy', 'sortDir', 'uraian', 'requestno', 'create_by', 'username', 'full_name', 'key', 'tgl1', 'tgl2', 'departkd', 'tahun', 'modul', 'holding', 'DimCol', 'DimVal', 'route', 'store_type', 'statuswf', 'jasa', 'outstand'];
    const values = QUICK ? ['\u0000', "1'; drop table users; --"] : ['\u0000', "1'; drop table users; --", '-1', '99999999999999999999', '1e400', '%', '\\', 'x'.repeat(5000)];
    const tried: string[] = [];
    for (const r of gets) {
      const url = r.url
        .replace(':entity', 'store_warehouse')
        .replace(':field', 'store')
        .replace(':key', String(mr.requestkey))
        .replace(':requestkey', String(mr.requestkey))
        .replace(':module', 'aircraft-logistic')
        .replace(':route', 'store-warehouse')
        .replace(':modulname', 'aircraft-logistic')
        .replace(':username', 'storekeeper')
        .replace(':routeName', 'store-warehouse')
        .replace(/:[a-zA-Z_]+/g, '1');
      for (const v of values) {
        for (const p of QUICK ? [params.join(',')] : params) {
          const qs = p.split(',').map((name) => `${name}=${encodeURIComponent(v)}`).join('&');
          count('query');
          tried.push(url);
          try {
            const res = await t.app.inject({ method: 'GET', url: `${url}?${qs}`, headers: { authorization: `Bearer ${tok.all}` } });
            if (res.statusCode >= 500) problems.push(`GET ${url}?${p}=${JSON.stringify(v).slice(0, 30)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          } catch (e) {
            problems.push(`GET ${url}?${p}=${JSON.stringify(v).slice(0, 30)} → response cut after the headers: ${(e as Error).message}`);
          }
        }
      }
    }
    figures.getRoutes = gets.length;
    expect([...new Set(problems.splice(0))]).toEqual([]);
  });
});

describe('markup is data, never markup', () => {
  it('SQL and script text is stored verbatim, the tables survive, and the HTML print escapes it', async () => {
    const db = t.services.database.db;
    const usersBefore = Number((await db.selectFrom('users').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const entities = sample(formEntities(t.services.reg), ['store_warehouse', 'material_request', 'vendor'], 6);
    let printed = 0;
    for (const e of entities) {
      const schema = entityJsonSchema(t.services.reg, e);
      const strings = Object.entries(schema.properties ?? {}).filter(([n, p]) => n !== e.key && !p.readOnly && (Array.isArray(p.type) ? p.type.includes('string') : p.type === 'string') && !p.format && !p.oneOf && !p['x-reference'] && (p.maxLength as number) >= 40);
      if (strings.length === 0) continue;
      const base = await factory.valid(e.name, 'GAT');
      // lower case: some fields are stored lower case by design (user names are case-insensitive)
      const hostile = { ...base, [strings[0][0]]: `${SCRIPT} ${uniqueText(8).toLowerCase()}`, ...(strings[1] ? { [strings[1][0]]: SQL } : {}) };
      const r = await t.call('POST', `/api/data/${e.name}`, { token: tok.all, body: hostile });
      count('markup');
      if (r.status !== 200) continue;
      const key = r.body.data[e.key];
      const back = (await t.call('GET', `/api/data/${e.name}/${encodeURIComponent(String(key))}`, { token: tok.all })).body.data;
      expect(back[strings[0][0]], e.name).toBe(hostile[strings[0][0]]);
      if (strings[1]) expect(back[strings[1][0]], e.name).toBe(SQL);
      const print = await t.app.inject({ method: 'GET', url: `/api/data/${e.name}/${encodeURIComponent(String(key))}/print`, headers: { authorization: `Bearer ${tok.all}` } });
      expect(print.statusCode, `${e.name} print`).toBe(200);
      expect(print.body, `${e.name} print`).not.toContain(SCRIPT);
      expect(print.body, `${e.name} print`).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      printed++;
    }
    expect(printed).toBeGreaterThan(0);
    const budget = await t.app.inject({ method: 'GET', url: `/api/budgetdept/viewprint?departkd=STR&tahun=${new Date().getUTCFullYear()}&departemen=${encodeURIComponent(IMG)}`, headers: { authorization: `Bearer ${tok.approver}` } });
    expect(budget.statusCode).toBe(200);
    expect(budget.body).not.toContain(IMG);
    expect(Number((await db.selectFrom('users').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThanOrEqual(usersBefore);
    figures.printedEscaped = printed;
  });

  it(`Chromium shows a record named ${IMG} in its list and its form as text and no dialog fires`, async () => {
    if (!existsSync(join(ROOT, 'dist/renderer/index.html'))) throw new Error('The renderer is not built: run npm run build.');
    const name = `${IMG} ${uniqueText(6)}`;
    const created = await t.call('POST', '/api/data/store_warehouse', { token: tok.storekeeper, body: { store_code: uniqueText(12, 'XSS'), store_name: name } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const base = await t.listen();
    const browser = await launchChromium();
    try {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 850 } });
      const page = await ctx.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(`${base}/page/login`);
      await page.fill('input[name="username"]', 'storekeeper');
      await page.fill('input[name="password"]', 'demo1234');
      await page.press('input[name="password"]', 'Enter');
      await page.waitForURL(/\/(home|modules)$/);
      await page.goto(`${base}/aircraft-logistic/store-warehouse`);
      const cell = page.getByText(name, { exact: true });
      await cell.first().waitFor({ timeout: 60_000 });
      expect(await cell.count()).toBeGreaterThan(0);
      await page.waitForTimeout(500);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(dialogs).toEqual([]);
      // its form: the markup is the value of a text box, not an element
      await cell.first().click();
      await page.waitForFunction((n) => [...document.querySelectorAll('input, textarea')].some((e) => (e as HTMLInputElement).value === n), name, { timeout: 60_000 });
      await page.waitForTimeout(500);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(dialogs).toEqual([]);
      figures.browserChecks = 2;
      count('browser');
      await ctx.close();
    } finally {
      await browser.close();
    }
    console.log(`[reliability] hostile done in ${elapsed(started)}`);
  });
});
