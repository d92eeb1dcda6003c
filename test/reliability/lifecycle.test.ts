/**
 * Lifecycle matrix (docs/reliability.md, part 5): generated from metadata, like the isolation
 * matrix. For every document entity with `lifecycle` rules, every state a rule names (each value
 * of its `when` fields), every write kind the rule refuses and every path a user has:
 *
 *   - header update           PUT  /api/data/:entity/:key (a typed field changed)
 *   - delete                  DELETE /api/data/:entity/:key
 *   - lines through the document   PUT with a line added, with a line removed, with a line changed
 *   - lines directly          POST / PUT / DELETE /api/data/:line-entity[/:key]
 *   - the spec's calls        POST /api/aircraft-mrequest (update), DELETE /api/aircraft-mrequest/:key
 *
 * each refused with 409 ERR_LOCKED, the error shape, and no row written (write log); what the rule
 * still allows (its `except` fields and `exceptLines` line fields) succeeds, and the same writes on
 * the document before it entered the state succeed (so the refusals come from the rule). Plus a
 * document in a real workflow: never deleted while its task is open, whatever path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { entityJsonSchema, type JsonSchema } from '../../engine/src/metadata/json-schema.ts';
import type { EntityDef, FieldDef } from '../../engine/src/metadata/registry.ts';
import type { LifecycleRule } from '../../engine/src/metadata/types.gen.ts';
import { loadMetadata } from '../../engine/src/metadata/loader.ts';
import { loadConfig } from '../../server/src/config.ts';
import { BodyFactory, errorShapeProblem, installWriteLog, report, uniqueText, writeMark, writesSince } from './support.ts';
import { loose } from '../../engine/src/db/loose.ts';
import { passwordOnlySignatures } from '../helpers/signature.ts';
import { addMonths } from '../../plugins/reliability/rules/reliability.ts';

/** The document entities, read from the metadata as the app reads it (so cases exist before the app starts). */
const registry = await loadMetadata(loadConfig().metadataDirs);
/**
 * Documents no generic create makes: a plugin action builds them from other documents (an MRO
 * invoice from a released work order's actuals, decision 0174), and the generic POST is refused.
 * Their lifecycle is proven on every path by the plugin's own tests (plugins/mro/invoice.test.ts:
 * a posted invoice's update, delete and lines, a draft's lines, each 409 ERR_LOCKED).
 */
const ACTION_MADE = new Set(['mro_invoice']);
const DOCUMENTS = [...registry.entities.values()].filter((e) => (e.lifecycle ?? []).length > 0 && !e.system && !e.view && !ACTION_MADE.has(e.name));

type Row = Record<string, unknown>;

let t: TestApp;
let token = '';
let factory: BodyFactory;
const figures = { entities: 0, states: 0, refused: 0, allowed: 0, controls: 0 };
const started = Date.now();

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  const admin = await t.signIn('admin', 'admin123');
  await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'GAT' } });
  token = admin.token;
  factory = new BodyFactory(t, { GAT: token });
  await installWriteLog(t.services.database.db);
});

afterAll(async () => {
  report('lifecycle', { ...figures, seconds: Math.round((Date.now() - started) / 1000) });
  await t?.close();
});

/** The body a form sends back for a stored document: the schema's properties only (lines with their keys). */
function formBody(e: EntityDef, stored: Row): Row {
  const schema = entityJsonSchema(t.services.reg, e);
  const body: Row = {};
  for (const [k, p] of Object.entries(schema.properties ?? {})) {
    if (stored[k] === undefined) continue;
    if ((p as JsonSchema).type === 'array') {
      const child = t.services.reg.entity(e.children.find((c) => c.name === k)?.entity ?? '');
      const items = (p as JsonSchema).items as JsonSchema;
      body[k] = (stored[k] as Row[]).map((line) => Object.fromEntries(Object.entries(line).filter(([lk]) => lk in (items.properties ?? {}) || lk === child.key)));
    } else body[k] = stored[k];
  }
  return body;
}

/**
 * Exceptions whose value a plugin checks against other data, with a value valid for any document:
 * a flight log's operation codes must name rows of its type's factor table, and none always does.
 */
const PLUGIN_CHECKED: Record<string, unknown> = { 'flight_log.operation_codes': '' };

/** A different valid value for a typed field (strings, numbers, dates), or undefined when none fits. */
function changed(f: FieldDef, current: unknown): unknown {
  switch (f.type) {
    case 'string':
    case 'text':
      return uniqueText(Math.min(f.maxLength ?? 40, 40), 'L');
    case 'integer':
    case 'decimal': {
      const n = Number(current ?? f.min ?? 1);
      const next = f.max !== undefined && n + 1 > f.max ? n - 1 : n + 1;
      return f.min !== undefined && next < f.min ? undefined : next;
    }
    case 'date':
      return current === '2020-02-02' ? '2020-02-03' : '2020-02-02';
    default:
      return undefined;
  }
}

/** Fields whose text a plugin checks by its form: another value of the same form. */
const FORMED: Record<string, (current: unknown) => unknown> = {
  // a month, YYYY-MM (plugins/reliability/report.ts): the month after
  'reliability_report.period': (current) => addMonths(String(current), 1),
};

/** A field a user types (writable, not the rule's exception) whose value can be changed. */
function typedField(e: EntityDef, allowed: string[], stored: Row): { name: string; value: unknown } | undefined {
  for (const f of e.fields) {
    if (f.readOnly || f.hidden || allowed.includes(f.name) || e.numbering?.field === f.name || (e.parent && f.name === e.parent.foreignKey)) continue;
    const formed = FORMED[`${e.name}.${f.name}`];
    const v = formed ? formed(stored[f.name]) : changed(f, stored[f.name]);
    if (v !== undefined) return { name: f.name, value: v };
  }
  return undefined;
}

/** Every combination of the values a rule's `when` names. */
function states(rule: LifecycleRule): Row[] {
  let out: Row[] = [{}];
  for (const [field, v] of Object.entries(rule.when)) {
    const values = Array.isArray(v) ? v : [v];
    out = out.flatMap((s) => values.map((x) => ({ ...s, [field]: x })));
  }
  return out;
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  return t.call(method, url, { token, ...(body !== undefined ? { body } : {}) });
}

/** Asserts a refusal: 409 ERR_LOCKED with the error shape and nothing written by the call. */
async function refused(what: string, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const db = t.services.database.db;
  const mark = await writeMark(db);
  const r = await call(method, url, body);
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(409);
  expect(r.body.code, what).toBe('ERR_LOCKED');
  expect(errorShapeProblem(r.status, r.body), what).toBeNull();
  expect(await writesSince(db, mark), `${what} wrote`).toEqual([]);
  figures.refused++;
}

async function allowed(what: string, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const r = await call(method, url, body);
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200);
  figures.allowed++;
  return r;
}

const read = async (e: EntityDef, key: unknown) => (await call('GET', `/api/data/${e.name}/${String(key)}`)).body.data as Row;

async function newDocument(e: EntityDef): Promise<Row> {
  const body = await factory.valid(e.name, 'GAT');
  // a line entity with rules of its own (a signed task card, decision 0240): a line of a new
  // document, so that the document's own rules (a closed order) are not what refuses
  if (e.parent) {
    const parent = t.services.reg.entity(e.parent.entity);
    const parentKey = (await newDocument(parent))[parent.key];
    body[e.parent.foreignKey] = parentKey;
    // a line naming another line of its document (a tool used on a card of the order): that
    // document's own line
    for (const f of e.fields) {
      const sibling = parent.children.find((c) => f.type === 'reference' && c.entity === f.entity && c.entity !== e.name);
      if (!sibling) continue;
      const other = t.services.reg.entity(sibling.entity);
      const row = await loose(t.services.database.db).selectFrom(other.table).select(other.key).where(sibling.foreignKey, '=', parentKey as number).orderBy(other.key).executeTakeFirst();
      if (row) body[f.name] = (row as Row)[other.key];
    }
  }
  const r = await call('POST', `/api/data/${e.name}`, body);
  expect(r.status, `create ${e.name}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data as Row;
}

/** Puts the stored document into a state the way the engine's own actions do (a fixture write). */
async function enterState(e: EntityDef, key: unknown, state: Row) {
  await loose(t.services.database.db).updateTable(e.table).set(state).where(e.key, '=', key as number).execute();
}

describe('lifecycle matrix over every document entity', () => {
  for (const e of DOCUMENTS) {
    it(`${e.name}: every state its lifecycle names refuses the writes it lists, on every path, and allows its exceptions`, async () => {
      figures.entities++;
      for (const rule of e.lifecycle ?? []) {
        for (const state of states(rule)) {
          figures.states++;
          const doc = await newDocument(e);
          const key = doc[e.key];
          const url = `/api/data/${e.name}/${String(key)}`;
          // control: before the state, a typed field and a line can be changed
          let stored = await read(e, key);
          const field = typedField(e, [], stored);
          if (field) {
            await allowed(`${e.name} control update`, 'PUT', url, { ...formBody(e, stored), [field.name]: field.value });
            figures.controls++;
            stored = await read(e, key);
          }
          await enterState(e, key, state);
          stored = await read(e, key);
          const label = `${e.name} ${JSON.stringify(state)}`;
          const base = formBody(e, stored);

          if (rule.refuse.includes('update')) {
            const f = typedField(e, rule.except ?? [], stored);
            expect(f, `${e.name} has a typed field to change`).toBeDefined();
            if (f) await refused(`${label} update ${f.name}`, 'PUT', url, { ...base, [f.name]: f.value });
            for (const name of rule.except ?? []) {
              const ef = e.fields.find((x) => x.name === name);
              const v = `${e.name}.${name}` in PLUGIN_CHECKED ? PLUGIN_CHECKED[`${e.name}.${name}`] : ef ? changed(ef, stored[name]) : undefined;
              if (v === undefined) continue;
              await allowed(`${label} update of the exception ${name}`, 'PUT', url, { ...formBody(e, await read(e, key)), [name]: v });
            }
          }
          if (rule.refuse.includes('lines')) {
            for (const c of e.children) {
              const child = t.services.reg.entity(c.entity);
              const current = formBody(e, await read(e, key));
              const lines = (current[c.name] as Row[]) ?? [];
              const fresh = await factory.valid(child.name, 'GAT', 0, { lines: false });
              delete fresh[c.foreignKey];
              await refused(`${label} add a line`, 'PUT', url, { ...current, [c.name]: [...lines, fresh] });
              await refused(`${label} POST a line directly`, 'POST', `/api/data/${child.name}`, { ...fresh, [c.foreignKey]: key });
              if (lines.length) {
                await refused(`${label} remove the lines`, 'PUT', url, { ...current, [c.name]: [] });
                const line = lines[0];
                const storedLine = (await read(child, line[child.key])) as Row;
                const lf = typedField(child, rule.exceptLines ?? [], storedLine);
                if (lf) {
                  await refused(`${label} change line ${lf.name}`, 'PUT', url, { ...current, [c.name]: [{ ...line, [lf.name]: lf.value }, ...lines.slice(1)] });
                  const direct = formBody(child, storedLine);
                  await refused(`${label} PUT a line directly`, 'PUT', `/api/data/${child.name}/${String(line[child.key])}`, { ...direct, [lf.name]: lf.value });
                }
                await refused(`${label} DELETE a line directly`, 'DELETE', `/api/data/${child.name}/${String(line[child.key])}`);
                for (const name of rule.exceptLines ?? []) {
                  const cf = child.fields.find((x) => x.name === name);
                  const v = cf ? changed(cf, storedLine[name]) : undefined;
                  if (v === undefined || !(name in line)) continue;
                  const now = formBody(e, await read(e, key));
                  const nowLines = now[c.name] as Row[];
                  await allowed(`${label} change the line exception ${name}`, 'PUT', url, { ...now, [c.name]: [{ ...nowLines[0], [name]: v }, ...nowLines.slice(1)] });
                }
              }
            }
          }
          if (rule.refuse.includes('delete')) await refused(`${label} delete`, 'DELETE', url);
          if (e.name === 'material_request' && rule.refuse.includes('update')) {
            const now = await read(e, key);
            await refused(`${label} §7 update`, 'POST', '/api/aircraft-mrequest', { requestkey: key, version: now.version, remark: 'changed through the spec call', lines: formBody(e, now).lines });
          }
          if (e.name === 'material_request' && rule.refuse.includes('delete')) await refused(`${label} §7 delete`, 'DELETE', `/api/aircraft-mrequest/${String(key)}`);
        }
      }
    });
  }
});

describe('documents an action makes: a posted invoice and its credit note (issue 32 point 5)', () => {
  it('refuse every generic write, their lines included, even a PUT of a line that changes nothing', async () => {
    const db = t.services.database.db;
    const e = t.services.reg.entity('mro_invoice');
    const lineEntity = t.services.reg.entity('mro_invoice_line');
    // the demo's posted invoice of GAT, then its credit note (made by the action)
    const inv = (await db.selectFrom('mro_invoice').select(['mro_invoice_id']).where('compcode', '=', 'GAT').where('invoice_no', '=', 'MIV-2025-00001').executeTakeFirstOrThrow()) as Row;
    const cn = await call('POST', '/api/data/mro_invoice/action/mro_credit_invoice', { key: inv.mro_invoice_id });
    expect(cn.status, JSON.stringify(cn.body)).toBe(200);
    for (const key of [inv.mro_invoice_id, cn.body.mro_invoice_id]) {
      const stored = await read(e, key);
      const label = `${String(stored.doc_type)} ${String(stored.invoice_no)}`;
      const url = `/api/data/mro_invoice/${String(key)}`;
      await refused(`${label} update remark`, 'PUT', url, { ...formBody(e, stored), remark: 'changed after posting' });
      await refused(`${label} delete`, 'DELETE', url);
      const lines = stored.lines as Row[];
      expect(lines.length, label).toBeGreaterThan(0);
      const line = (await read(lineEntity, lines[0].mro_invoice_line_id)) as Row;
      await refused(`${label} PUT a line directly (no change)`, 'PUT', `/api/data/mro_invoice_line/${String(line.mro_invoice_line_id)}`, { version: line.version, mro_invoice: key });
      await refused(`${label} POST a line directly`, 'POST', '/api/data/mro_invoice_line', { mro_invoice: key, description: 'extra' });
      await refused(`${label} DELETE a line directly`, 'DELETE', `/api/data/mro_invoice_line/${String(line.mro_invoice_line_id)}`);
      const after = (await read(lineEntity, line.mro_invoice_line_id)) as Row;
      expect(after.version, `${label} line version`).toBe(line.version);
    }
  });
});

describe('a document in a real workflow', () => {
  it('is never deleted nor changed while its task is open, whatever path; withdrawn, it is a draft again', async () => {
    const db = t.services.database.db;
    const e = t.services.reg.entity('material_request');
    const sk = await t.signIn('storekeeper', 'demo1234');
    const item = Number((await db.selectFrom('master_item').select('item_id').where('compcode', '=', 'GAT').orderBy('item_id').executeTakeFirstOrThrow()).item_id);
    const made = await t.call('POST', '/api/aircraft-mrequest', { token: sk.token, body: { jasa: 0, remark: 'lifecycle workflow', lines: [{ linetype: 1, item, quantity: 2, description: 'seal' }] } });
    expect(made.status).toBe(200);
    const key = made.body.data.requestkey as number;
    const sent = await t.call('POST', '/api/aircraft-mrequest/send2wf', { token: sk.token, body: { requestkey: String(key) } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await refused('MR in workflow: generic delete', 'DELETE', `/api/data/material_request/${key}`);
    await refused('MR in workflow: §7 delete', 'DELETE', `/api/aircraft-mrequest/${key}`);
    const stored = await read(e, key);
    await refused('MR in workflow: quantity 999', 'PUT', `/api/data/material_request/${key}`, { ...formBody(e, stored), lines: (formBody(e, stored).lines as Row[]).map((l) => ({ ...l, quantity: 999 })) });
    const task = await db.selectFrom('wf_task').select(['statuswf']).where('entity_name', '=', 'material_request').where('record_key', '=', String(key)).executeTakeFirstOrThrow();
    expect(task.statuswf).toBe('100');
    // even if the document's own state were changed behind the lifecycle's back, an open task blocks deletion
    await sql`update material_request set statuswf = '000' where requestkey = ${key}`.execute(db);
    await refused('MR with an open task: generic delete', 'DELETE', `/api/data/material_request/${key}`);
    await sql`update material_request set statuswf = '100' where requestkey = ${key}`.execute(db);
    const cancelled = await t.call('PUT', `/api/aircraft-mrequest/send2wfCancel/${key}`, { token: sk.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await allowed('withdrawn MR: delete', 'DELETE', `/api/data/material_request/${key}`);
  });
});

describe('a one-time variation through its actions (docs/workflow.md "Four eyes", decision 0230)', () => {
  it('its requester cannot approve it; approved by another person it is frozen; ten simultaneous approvals give one', async () => {
    const db = t.services.database.db;
    const e = t.services.reg.entity('due_variation');
    // requested by the administrator (the matrix's user), with a valid due item of GAT
    const v = await newDocument(e);
    const key = v.variation_id as number;
    const url = `/api/data/due_variation/${String(key)}`;
    // the matrix above put other variations of the same item into APPROVED by a direct write: set aside (one in force per item)
    await sql`update due_variation set var_status = 'CANCELLED' where due_key = ${String(v.due_key)} and variation_id <> ${key} and var_status = 'APPROVED'`.execute(db);
    // the requester approving its own variation: 403 ERR_FOUR_EYES, the error shape, nothing written
    const mark = await writeMark(db);
    const own = await call('POST', '/api/data/due_variation/action/approve_due_variation', { key, password: 'admin123' });
    expect(own.status, JSON.stringify(own.body)).toBe(403);
    expect(own.body.code).toBe('ERR_FOUR_EYES');
    expect(errorShapeProblem(own.status, own.body)).toBeNull();
    expect(await writesSince(db, mark), 'own approval wrote').toEqual([]);
    figures.refused++;
    // a reason, then ten simultaneous approvals by the Technical Director: exactly one succeeds
    await allowed('variation reason', 'PUT', url, { ...formBody(e, await read(e, key)), reason: 'Aircraft away from base until the next input' });
    const td = await t.signIn('approver', 'demo1234');
    await t.call('PUT', `/api/users/ulc/${td.user.user_id}`, { token: td.token, body: { compcode: 'GAT' } });
    const results = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', '/api/data/due_variation/action/approve_due_variation', { token: td.token, body: { key, password: 'demo1234' } })));
    expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([200, ...Array<number>(9).fill(409)]);
    figures.allowed++;
    const approved = await read(e, key);
    expect(approved).toMatchObject({ var_status: 'APPROVED', approved_by: td.user.user_id });
    // approved: update and delete refused on every path, nothing written
    const f = typedField(e, [], approved);
    if (f) await refused('approved variation update', 'PUT', url, { ...formBody(e, approved), [f.name]: f.value });
    await refused('approved variation delete', 'DELETE', url);
  });
});

describe('an MRO work order released to service (issue 32 point 4, decision 0240)', () => {
  it('after its CRS no path changes the order, its cards or its lines; ten simultaneous closes give one', async () => {
    const db = t.services.database.db;
    const e = t.services.reg.entity('amo_work_order');
    const cardEntity = t.services.reg.entity('amo_work_order_task');
    // the demo's AOG order of GAT, released to service on paper (RELEASED, every card DONE)
    const wo = (await db.selectFrom('amo_work_order').select(['amo_wo_id']).where('compcode', '=', 'GAT').where('wo_no', '=', 'AWO-2025-00005').executeTakeFirstOrThrow()) as Row;
    const key = wo.amo_wo_id as number;
    const url = `/api/data/amo_work_order/${key}`;
    const stored = await read(e, key);
    expect(stored.status).toBe('RELEASED');
    const base = formBody(e, stored);
    const cards = base.tasks as Row[];
    const card = (await read(cardEntity, cards[0].amo_task_id)) as Row;
    await refused('released MRO order: title', 'PUT', url, { ...base, title: 'changed after the CRS' });
    await refused('released MRO order: a new unsigned card through its lines', 'PUT', url, { ...base, tasks: [...cards, { seq: 99, task_card_no: 'NEW', description: 'added after the CRS', est_manhours: 1 }] });
    await refused('released MRO order: a signed card changed through its lines', 'PUT', url, { ...base, tasks: [{ ...cards[0], description: 'changed after the CRS' }, ...cards.slice(1)] });
    await refused('released MRO order: a signed card left out of its lines', 'PUT', url, { ...base, tasks: cards.slice(1) });
    await refused('released MRO order: a new card directly', 'POST', '/api/data/amo_work_order_task', { amo_work_order: key, seq: 99, task_card_no: 'NEW', description: 'added after the CRS', est_manhours: 1 });
    await refused('released MRO order: a signed card directly', 'PUT', `/api/data/amo_work_order_task/${String(card.amo_task_id)}`, { ...formBody(cardEntity, card), description: 'changed after the CRS' });
    await refused('released MRO order: a signed card deleted', 'DELETE', `/api/data/amo_work_order_task/${String(card.amo_task_id)}`);
    await refused('released MRO order: deleted', 'DELETE', url);
    // the order's own actions still move it: ten simultaneous closes, exactly one
    const results = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/data/amo_work_order/action/close_amo_work_order', { key })));
    expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([200, ...Array<number>(9).fill(409)]);
    figures.allowed++;
    const closed = await read(e, key);
    expect(closed.status).toBe('CLOSED');
    await refused('closed MRO order: remark', 'PUT', url, { ...formBody(e, closed), remark: 'changed after closing' });
  });
});
