/**
 * MRO execution through the HTTP API (plugins/mro/execution.ts, decision 0178): a customer work
 * order's task cards signed through the work-order mechanism of maintenance by certifying staff of
 * the company (GAT), the release gate and the CRS, the status moved only by the actions. Every
 * refusal writes nothing. One server and database per file, both databases.
 *
 * People (test users of GAT): mech performs (no authorisation); cert holds B1 for the customer
 * aircraft's type (certifies B1 cards, issues the CRS); insp holds INSP for the type (independent
 * inspections).
 *
 * Hours and cycles at accomplishment (worked by hand): the work order says 10,000:00 FH at input
 * = 600,000 minutes, 5,000 FC. The customer aircraft has declared no totals, so a card performed
 * takes 600,000 / 5,000. Once the customer declares 10,001:30 FH = 600,090 minutes, 5,001 FC as
 * of today (during the visit), the next card takes those.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { approvedAuthorisation } from '../../test/helpers/authorisation.ts';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, DEMO_PASSWORD, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';
import { customerTotalsAt } from './execution.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';

type Row = Record<string, any>;

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();
const db = () => t.services.database.db;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

const ok = expectOk;
const refused = (r: CallResult, message: string, code = 'ERR_SIGNOFF') => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body).toMatchObject({ code, message });
};
const act = (who: string, entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key }) });
const sign = (who: string, name: 'performed' | 'certified' | 'inspected', card: number) => act(who, 'amo_work_order_task', `sign_amo_card_${name}`, card);
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: tok.boss, body })).data;
const get = async (entity: string, key: unknown): Promise<Row> => ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: tok.boss })).data;
const cards = async (wo: number): Promise<Row[]> => (await sql.raw<Row>(`select * from amo_work_order_task where amo_work_order = ${wo} order by seq`).execute(db())).rows;
const order = (wo: number) => one(`select * from amo_work_order where amo_wo_id = ${wo}`);

/** The header a form saves (its typed fields and version). */
const header = (read: Row) => ({ version: read.version, wo_date: day(read.wo_date), amo_customer: read.amo_customer, customer_aircraft: read.customer_aircraft, title: read.title, planned_start: day(read.planned_start), planned_end: day(read.planned_end), wo_type: read.wo_type, station: read.station });

/** A customer work order on `aircraft` with these cards (the generic create: status OPEN, released for work). */
async function workOrder(aircraft: number, tasks: Row[]): Promise<Row> {
  return create('amo_work_order', {
    wo_date: today,
    amo_customer: ids.cust,
    customer_aircraft: aircraft,
    title: 'Test check',
    planned_start: today,
    planned_end: addDays(today, 2),
    fh_at_input: 600000,
    fc_at_input: 5000,
    tasks: tasks.map((x, i) => ({ seq: (i + 1) * 10, task_card_no: `TC-${i + 1}`, description: `Task ${i + 1}`, est_manhours: 2, ...x })),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  for (const u of ['boss', 'mech', 'cert', 'insp']) {
    await createUser(t, { username: `exe.${u}`, full_name: `Exe ${u}`, companies: { GAT: 'administrator' } });
    const s = await t.signIn(`exe.${u}`, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = s.user.user_id;
    expect(s.user.compcode).toBe('GAT');
  }
  const types = await sql.raw<Row>(`select aircraft_type_id, type_name from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 2`).execute(db());
  [ids.type, ids.other] = types.rows.map((r) => r.aircraft_type_id);
  ids.otherName = types.rows[1].type_name;
  const c = await create('amo_customer', { customer_code: 'EXE', customer_name: 'Test Execution', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD' });
  ids.cust = c.amo_customer_id;
  ids.ac = (await create('customer_aircraft', { amo_customer: ids.cust, registration: 'PK-EXE', aircraft_type: ids.type, msn: 'EXE1' })).customer_aircraft_id;
  ids.ac2 = (await create('customer_aircraft', { amo_customer: ids.cust, registration: 'PK-EXF', aircraft_type: ids.other, msn: 'EXF1' })).customer_aircraft_id;
  await approvedAuthorisation(t, 'GAT', { person: ids.cert, auth_no: 'EXE-B1-01', category: 'B1', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: ids.type }] });
  await approvedAuthorisation(t, 'GAT', { person: ids.insp, auth_no: 'EXE-INSP-01', category: 'INSP', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: ids.type }] });
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('hours and cycles at accomplishment of a customer aircraft (rule)', () => {
  const wo = { fh_at_input: 600000, fc_at_input: 5000 };
  it("takes the customer's totals declared during the visit, else the order's figures at input, else none", () => {
    // declared on the day of the work, the visit began 2025-05-01
    expect(customerTotalsAt({ total_fh: 600090, total_fc: 5001, totals_as_of: '2025-05-03' }, wo, '2025-05-01', '2025-05-03')).toEqual({ fh: 600090, fc: 5001, from: 'aircraft' });
    // declared before the aircraft came in (it flew since): the figures at input
    expect(customerTotalsAt({ total_fh: 590000, total_fc: 4900, totals_as_of: '2025-04-20' }, wo, '2025-05-01', '2025-05-03')).toEqual({ fh: 600000, fc: 5000, from: 'input' });
    // declared after the day of the work: not the totals of that day either
    expect(customerTotalsAt({ total_fh: 600500, total_fc: 5010, totals_as_of: '2025-05-10' }, wo, '2025-05-01', '2025-05-03')).toEqual({ fh: 600000, fc: 5000, from: 'input' });
    // nothing declared, nothing typed at input
    expect(customerTotalsAt({ total_fh: 0, total_fc: 0, totals_as_of: null }, {}, '2025-05-01', '2025-05-03')).toEqual({ fh: null, fc: null, from: 'none' });
  });
});

describe('a customer work order signed off and released through the actions', () => {
  let wo: Row;
  let c: Row[];
  beforeAll(async () => {
    wo = await workOrder(ids.ac, [
      { cert_category: 'B1', rii: true, ata: '27-10' },
      { cert_category: 'B2', ata: '34-11' },
      { cert_category: 'A', ata: '12-13' },
    ]);
    c = await cards(wo.amo_wo_id);
  });

  it('its status and its cards\' are never typed: the generic path refuses them (409), writing nothing', async () => {
    const read = await get('amo_work_order', wo.amo_wo_id);
    const e = t.services.reg.entity('amo_work_order_task');
    const typed = new Set(['amo_task_id', ...e.fields.filter((f) => !f.readOnly && !f.hidden && f.name !== 'amo_work_order').map((f) => f.name)]);
    const lines = read.tasks.map((x: Row) => Object.fromEntries(Object.entries(x).filter(([k]) => typed.has(k))));
    const base = header(read);
    const status = await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...base, status: 'RELEASED' } });
    refused(status, "The AMO Work Order's Status changes only through its actions, never by editing it.", 'ERR_CONFLICT');
    const done = lines.map((x: Row) => ({ ...x }));
    done[1].status = 'DONE';
    const card = await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...base, tasks: done } });
    refused(card, "The AMO Work Order Task's Status changes only through its actions, never by editing it.", 'ERR_CONFLICT');
    const born = await t.call('POST', '/api/data/amo_work_order', { token: tok.boss, body: { ...base, version: undefined, status: 'CLOSED' } });
    expect(born.status, JSON.stringify(born.body)).toBe(409);
    expect(await cards(wo.amo_wo_id)).toEqual(c);
    expect((await order(wo.amo_wo_id)).status).toBe('OPEN');
  });

  it("performed by the mechanic: who, the day, and the order's hours and cycles at input (the customer declared none); the order goes in work", async () => {
    const r = ok(await sign('mech', 'performed', c[0].amo_task_id));
    expect(r.message).toBe(`Task card 10 of ${wo.wo_no} signed as performed by Exe mech.`);
    const card = (await cards(wo.amo_wo_id))[0];
    expect({ ...card, completed_date: day(card.completed_date) }).toMatchObject({ status: 'PERFORMED', performed_user: ids.mech, performed_by: 'Exe mech', completed_date: today, ac_fh_done: 600000, ac_fc_done: 5000 });
    const o = await order(wo.amo_wo_id);
    expect([o.status, day(o.actual_start)]).toEqual(['INWORK', today]);
  });

  it("a card performed after the customer declared the aircraft's totals of today takes those", async () => {
    const ac = await get('customer_aircraft', ids.ac);
    ok(await t.call('PUT', `/api/data/customer_aircraft/${ids.ac}`, { token: tok.boss, body: { version: ac.version, amo_customer: ids.cust, registration: 'PK-EXE', aircraft_type: ids.type, msn: 'EXE1', total_fh: 600090, total_fc: 5001, totals_as_of: today } }));
    ok(await sign('mech', 'performed', c[1].amo_task_id));
    expect((await cards(wo.amo_wo_id))[1]).toMatchObject({ status: 'PERFORMED', ac_fh_done: 600090, ac_fc_done: 5001 });
  });

  it('refuses the inspection by the performer, a category the authorisation lacks, and certifying by someone without one, writing nothing', async () => {
    const before = await cards(wo.amo_wo_id);
    refused(await sign('mech', 'inspected', c[0].amo_task_id), 'The independent inspection of task card 10 (TC-1) must be signed by someone who did not perform the task (performed by Exe mech).');
    // card 20 needs B2; cert holds B1
    refused(await sign('cert', 'certified', c[1].amo_task_id), 'Your authorisation EXE-B1-01 (category B1) does not allow you to certify this task: it needs category B2.');
    refused(await sign('mech', 'certified', c[0].amo_task_id), 'You hold no certifying staff authorisation in this company: you cannot certify this task.');
    refused(await sign('cert', 'certified', c[2].amo_task_id), 'Task card 30 (TC-3) is not performed yet: it is certified once the work is signed as performed.');
    expect(await cards(wo.amo_wo_id)).toEqual(before);
  });

  it("refuses an aircraft type the authorisation does not cover (the customer aircraft's type)", async () => {
    const other = await workOrder(ids.ac2, [{ cert_category: 'B1', ata: '32-00' }]);
    const [card] = await cards(other.amo_wo_id);
    ok(await sign('mech', 'performed', card.amo_task_id));
    refused(await sign('cert', 'certified', card.amo_task_id), `Your authorisation EXE-B1-01 does not cover the ${ids.otherName as unknown as string} type.`);
  });

  it('refuses an expired authorisation', async () => {
    await sql`update staff_authorisation set valid_to = ${addDays(today, -1)} where auth_no = 'EXE-B1-01'`.execute(db());
    try {
      refused(await sign('cert', 'certified', c[0].amo_task_id), `Your authorisation EXE-B1-01 expired on ${addDays(today, -1)}.`);
      expect((await cards(wo.amo_wo_id))[0].certified_user).toBeNull();
    } finally {
      await sql`update staff_authorisation set valid_to = ${addDays(today, 365)} where auth_no = 'EXE-B1-01'`.execute(db());
    }
  });

  it('refuses the CRS while a card is open, naming the cards; nothing written', async () => {
    ok(await sign('cert', 'certified', c[0].amo_task_id));
    refused(
      await act('cert', 'amo_work_order', 'issue_amo_crs', wo.amo_wo_id),
      'The certificate of release to service cannot be issued: Task card 10 (TC-1) is performed but not fully signed (certification or independent inspection missing); Task card 20 (TC-2) is performed but not fully signed (certification or independent inspection missing); Task card 30 (TC-3) is not signed. Every card must be signed or deferred.',
    );
    expect((await order(wo.amo_wo_id))).toMatchObject({ status: 'INWORK', crs_no: null });
  });

  it('signed off by certifier and inspector, the CRS is issued by the certifier under the B1: number, who, authorisation; no compliance posted for a customer aircraft', async () => {
    ok(await sign('insp', 'inspected', c[0].amo_task_id));
    // the B2 card: cert cannot certify it; a B2 authorisation for the type is granted to insp for the test
    await approvedAuthorisation(t, 'GAT', { person: ids.insp, auth_no: 'EXE-B2-01', category: 'B2', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: ids.type }] });
    ok(await sign('insp', 'certified', c[1].amo_task_id));
    ok(await sign('mech', 'performed', c[2].amo_task_id));
    // an A card is certified under a B1 (B1 privileges include A's)
    ok(await sign('cert', 'certified', c[2].amo_task_id));
    const signed = await cards(wo.amo_wo_id);
    expect(signed.map((x) => [x.seq, x.status, x.certified_auth, x.inspected_auth, x.inspected_by])).toEqual([
      [10, 'DONE', 'EXE-B1-01', 'EXE-INSP-01', 'Exe insp'],
      [20, 'DONE', 'EXE-B2-01', null, null],
      [30, 'DONE', 'EXE-B1-01', null, null],
    ]);
    const records = Number((await one(`select count(*) as n from maintenance_record`)).n);
    const r = ok(await act('cert', 'amo_work_order', 'issue_amo_crs', wo.amo_wo_id));
    expect(r.message).toBe(`CRS-${wo.wo_no} issued for ${wo.wo_no} by Exe cert (EXE-B1-01).`);
    const o = await order(wo.amo_wo_id);
    expect({ ...o, crs_date: day(o.crs_date), actual_end: day(o.actual_end) }).toMatchObject({ status: 'RELEASED', crs_no: `CRS-${wo.wo_no}`, crs_date: today, crs_signed_by: 'Exe cert (EXE-B1-01)', crs_user: ids.cert, crs_auth_no: 'EXE-B1-01', actual_end: today });
    expect(Number((await one(`select count(*) as n from maintenance_record`)).n)).toBe(records);
    // released: no more signatures, no second CRS
    refused(await sign('mech', 'performed', c[0].amo_task_id), `Work order ${wo.wo_no} is already released to service: its cards take no more signatures.`);
    refused(await act('cert', 'amo_work_order', 'issue_amo_crs', wo.amo_wo_id), `This AMO work order is Released to service: Issue CRS is offered only when it is Planned (open), In work, On hold (parts / customer approval) or Work completed (awaiting CRS).`, 'ERR_STATE');
  });

  it('prints the certificate of release to service (named print) once issued', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/data/amo_work_order/${wo.amo_wo_id}/pdf?print=crs`, headers: { authorization: `Bearer ${tok.boss}` } });
    expect(r.statusCode, r.body).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'mro-crs-'));
    writeFileSync(join(dir, 'crs.pdf'), r.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'crs.pdf'), '-'], { encoding: 'utf8' });
    for (const s of [`CRS-${wo.wo_no}`, 'PK-EXE', 'Test Execution', 'Exe cert (EXE-B1-01)', 'EXE-INSP-01', 'TC-3']) expect(text).toContain(s);
  });

  it('closes once released; a closed order takes no update', async () => {
    ok(await act('boss', 'amo_work_order', 'close_amo_work_order', wo.amo_wo_id));
    const closed = await order(wo.amo_wo_id);
    expect(closed.status).toBe('CLOSED');
    const r = await t.call('PUT', `/api/data/amo_work_order/${wo.amo_wo_id}`, { token: tok.boss, body: { ...header(await get('amo_work_order', wo.amo_wo_id)), remark: 'changed after closing' } });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect((await order(wo.amo_wo_id)).remark).toBeNull();
  });
});

describe('start, withdraw and close refusals', () => {
  it('an order not released refuses Close; one with a signed card refuses Withdraw; an untouched one is withdrawn and takes no CRS', async () => {
    const a = await workOrder(ids.ac, [{ cert_category: 'B1' }]);
    const [card] = await cards(a.amo_wo_id);
    refused(await act('boss', 'amo_work_order', 'close_amo_work_order', a.amo_wo_id), `This AMO work order is Planned (open): Close Work Order is offered only when it is Released to service.`, 'ERR_STATE');
    // the print is refused before the CRS
    const pdf = await t.call('GET', `/api/data/amo_work_order/${a.amo_wo_id}/pdf?print=crs`, { token: tok.boss });
    expect(pdf.status).toBe(409);
    ok(await act('boss', 'amo_work_order', 'start_amo_work_order', a.amo_wo_id));
    expect((await order(a.amo_wo_id)).status).toBe('INWORK');
    ok(await sign('mech', 'performed', card.amo_task_id));
    refused(await act('boss', 'amo_work_order', 'withdraw_amo_work_order', a.amo_wo_id), `This AMO work order is In work: Withdraw is offered only when it is Planned (open).`, 'ERR_STATE');
    const b = await workOrder(ids.ac, [{ cert_category: 'B1' }]);
    ok(await act('boss', 'amo_work_order', 'withdraw_amo_work_order', b.amo_wo_id));
    expect((await order(b.amo_wo_id)).status).toBe('CANCELLED');
    refused(await act('cert', 'amo_work_order', 'issue_amo_crs', b.amo_wo_id), `This AMO work order is Cancelled: Issue CRS is offered only when it is Planned (open), In work, On hold (parts / customer approval) or Work completed (awaiting CRS).`, 'ERR_STATE');
  });
});
