/**
 * A finding's state (amo_defect.status, plugins/mro/findings.ts, decision 0179) moves only by its
 * actions: never typed; closed once rectified, nothing awaiting the customer and its cards signed;
 * deferred under the customer's MEL / CDL; cancelled only while open. Every refusal writes
 * nothing. One server and database per file, both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, DEMO_PASSWORD, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';

type Row = Record<string, any>;

let t: TestApp;
let tok = '';
const ids: Record<string, number> = {};
const today = todayUtc();
const ok = expectOk;
const act = (name: string, key: unknown) => t.call('POST', `/api/data/amo_defect/action/${name}`, { token: tok, body: { key } });
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: tok, body })).data;
const stored = (key: number) => sqlOne(t, `select status, closed_date, closed_by from amo_defect where amo_defect_id = ${key}`);
const conflict = (r: CallResult, message: string | RegExp, code?: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body.message).toMatch(message);
  if (code) expect(r.body.code).toBe(code);
};

/** PUT of a finding as its form saves it (every typed field, as read), with `changes`. */
async function put(key: number, changes: Row): Promise<CallResult> {
  const e = t.services.reg.entity('amo_defect');
  const row = ok(await t.call('GET', `/api/data/amo_defect/${key}`, { token: tok })).data;
  const body: Row = { version: row.version };
  for (const f of e.fields) if (!f.readOnly && f.setBy === undefined && f.name !== 'nrc_no' && row[f.name] !== undefined) body[f.name] = row[f.name];
  return t.call('PUT', `/api/data/amo_defect/${key}`, { token: tok, body: { ...body, ...changes } });
}

const finding = (extra: Row = {}) => create('amo_defect', { amo_work_order: ids.wo, raised_date: today, ata: '32-42', description: 'Brake wear pin at limit', finding_type: 'WEAR', chargeable: false, ...extra });

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { username: 'nrc.boss', full_name: 'Nrc Boss', companies: { GAT: 'administrator' } });
  tok = (await t.signIn('nrc.boss', DEMO_PASSWORD)).token;
  const type = await sqlOne(t, `select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`);
  ids.cust = (await create('amo_customer', { customer_code: 'NRC', customer_name: 'Test Findings', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD' })).amo_customer_id;
  ids.ac = (await create('customer_aircraft', { amo_customer: ids.cust, registration: 'PK-NRC', aircraft_type: type.aircraft_type_id, msn: 'NRC1' })).customer_aircraft_id;
  ids.wo = (await create('amo_work_order', { wo_date: today, amo_customer: ids.cust, customer_aircraft: ids.ac, title: 'Findings', planned_start: today, planned_end: addDays(today, 2), tasks: [{ seq: 10, task_card_no: 'F-1', description: 'Check', est_manhours: 1 }] })).amo_wo_id;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe("a finding's state by its actions", () => {
  it('is never typed: a finding written Closed is stored Open, and a PUT of the status is refused', async () => {
    const f = await t.call('POST', '/api/data/amo_defect', { token: tok, body: { amo_work_order: ids.wo, raised_date: today, ata: '25-21', description: 'Panel loose', finding_type: 'OTHER', status: 'CLOSED', closed_by: 'Someone' } });
    expect(f.status).toBeGreaterThanOrEqual(400);
    expect(f.status).toBeLessThan(500);
    const n = await finding();
    expect((await stored(n.amo_defect_id)).status).toBe('OPEN');
    const typed = await put(n.amo_defect_id, { status: 'CLOSED' });
    expect(typed.status).toBeGreaterThanOrEqual(400);
    expect(typed.status).toBeLessThan(500);
    expect((await stored(n.amo_defect_id)).status).toBe('OPEN');
  });

  it('closes once the rectification is written: who and when recorded; not twice', async () => {
    const n = await finding();
    const r = await act('mro_close_finding', n.amo_defect_id);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toContainEqual({ path: '/rectification', message: 'describe the rectification done before closing the finding' });
    expect((await stored(n.amo_defect_id)).status).toBe('OPEN');
    ok(await put(n.amo_defect_id, { rectification: 'Brake assembly replaced per AMM 32-42-27.' }));
    const done = ok(await act('mro_close_finding', n.amo_defect_id));
    expect(done.message).toBe(`${n.nrc_no} closed: rectified.`);
    const s = await stored(n.amo_defect_id);
    expect([s.status, String(s.closed_date instanceof Date ? s.closed_date.toISOString() : s.closed_date).slice(0, 10), s.closed_by]).toEqual(['CLOSED', today, 'Nrc Boss']);
    // the state by its label (Rectified (closed)), not its code
    const FROM = 'Open, Quoted to customer, Approved by customer or In work';
    conflict(await act('mro_close_finding', n.amo_defect_id), `This raised defect (NRC) is Rectified (closed): Close Finding is offered only when it is ${FROM}.`, 'ERR_STATE');
    conflict(await act('mro_defer_finding', n.amo_defect_id), `This raised defect (NRC) is Rectified (closed): Defer Finding is offered only when it is ${FROM}.`, 'ERR_STATE');
  });

  it('defers under the MEL / CDL item typed on it, and cancels only an open finding', async () => {
    const n = await finding();
    const r = await act('mro_defer_finding', n.amo_defect_id);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].path).toBe('/deferral_ref');
    ok(await put(n.amo_defect_id, { deferral_ref: 'CDL 25-0311' }));
    expect(ok(await act('mro_defer_finding', n.amo_defect_id)).message).toBe(`${n.nrc_no} deferred under CDL 25-0311.`);
    expect((await stored(n.amo_defect_id)).status).toBe('DEFERRED');
    conflict(await act('mro_cancel_finding', n.amo_defect_id), 'This raised defect (NRC) is Deferred: Cancel Finding is offered only when it is Open.', 'ERR_STATE');
    const m = await finding();
    expect(ok(await act('mro_cancel_finding', m.amo_defect_id)).message).toBe(`${m.nrc_no} cancelled.`);
    expect((await stored(m.amo_defect_id)).status).toBe('CANCELLED');
  });

  it('the demo: findings taken over keep their state (opening values), rectified ones closed with their certifier', async () => {
    const rows = await sqlOne(t, `select count(*) filter (where status = 'CLOSED' and closed_by is not null) as closed, count(*) filter (where status = 'DEFERRED') as deferred from amo_defect where compcode = 'GAT' and nrc_no like 'NRC-2025-%'`);
    expect([Number(rows.closed), Number(rows.deferred)]).toEqual([5, 1]);
  });
});
