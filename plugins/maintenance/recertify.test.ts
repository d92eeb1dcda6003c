/**
 * Corrections re-certify (issue 34 point 4, decision 0315), through the HTTP API on the seeded
 * demo (CTA): a signed card of a released work order is never edited; Re-certify Card makes a
 * numbered correction order whose card supersedes it with the reason, approved, signed and released
 * again; at its CRS the old card and its record line are superseded and the due list follows the
 * current record. Every expected due date is worked by hand from the interval in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlOne } from '../../server/test/support.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';
import { addDays, isoDate, todayUtc } from '../airworthiness/rules/dates.ts';
import { recertifyRefusal } from './recertify.ts';
import { pdfText } from '../../test/helpers/pdf.ts';

const pdfWords = (buf: Buffer) => pdfText(buf, { fold: true });

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();

type Row = Record<string, any>;
const db = () => t.services.database.db;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const rows = async (q: string): Promise<Row[]> => (await sql.raw<Row>(q).execute(db())).rows;
const ok = expectOk;
const act = (who: string, entity: string, name: string, key: unknown, body: Row = {}) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key, ...body }) });
const sign = (who: string, name: 'performed' | 'certified' | 'inspected', card: number) => act(who, 'work_order_task', `sign_card_${name}`, card);
const recertify = (who: string, card: number, body: Row) => act(who, 'work_order_task', 'recertify_task_card', card, body);
const cards = (wo: number) => rows(`select * from work_order_task where work_order = ${wo} order by seq`);
/** A card's fields as signed: without what a write stamps (version, who and when) and the supersession mark. */
const asSigned = (c: Row) => Object.fromEntries(Object.entries(c).filter(([k]) => !/^(version|updated_|modified_|superseded_)/.test(k)));
const conflict = (r: CallResult, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body.message).toBe(message);
};
const fieldError = (r: CallResult, path: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.errors.map((e: Row) => e.path)).toContain(path);
};

/** Sent by the planner, approved by the Technical Director: released for work. */
async function approve(woId: number): Promise<void> {
  ok(await act('planner', 'work_order', 'send_work_order', woId));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${woId}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved' } }));
}

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA');
  for (const u of ['planner', 'engineer', 'approver', 'cta.admin']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = s.user.user_id;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('a re-certified card supersedes the first and the due list follows it', () => {
  let ac: Row;
  let X = 0; // the inspection the card was wrongly recorded against
  let Y = 0; // the inspection the work actually was
  let wo1: Row;
  let old: Row;
  let wo2: Row;
  const reason = 'Recorded against the wrong inspection: the work done was TST-RY';
  const dueDate = async (insp: number) => isoDate((await one(`select next_due_date from due_item where due_key = 'I${ac.aircraft_id}-${insp}'`)).next_due_date);

  beforeAll(async () => {
    ac = await one(`select * from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const group = await one(`select id from inspection_group where compcode = 'CTA' and code = 'A-CHK'`);
    // two calendar inspections of the type, each last done (posted) before: the due is the last done + 30 days
    for (const [code, tolerance, doneAgo] of [['TST-RX', 3, 20], ['TST-RY', 5, 27]] as const) {
      const i = ok(await t.call('POST', '/api/data/aircraft_type_inspection', { token: tok.planner, body: { aircraft_type: ac.aircraft_type, task_code: code, title: `30-day check ${code}`, inspection_group: group.id, interval_days: 30, tolerance_days: tolerance, whichever: 'FIRST', repetitive: true } })).data;
      if (code === 'TST-RX') X = i.type_inspection_id;
      else Y = i.type_inspection_id;
      const rec = ok(await t.call('POST', '/api/data/maintenance_record', { token: tok.planner, body: { aircraft: ac.aircraft_id, done_date: addDays(today, -doneAgo), ac_fh: ac.total_fh - 6000, ac_fc: ac.total_fc - 40, certifying_staff: 'Earlier B1', lines: [{ item_kind: 'INSPECTION', type_inspection: i.type_inspection_id }] } })).data;
      ok(await act('planner', 'maintenance_record', 'post_maintenance_record', rec.record_id));
    }
    // X: done 20 days ago → due today + 10; Y: done 27 days ago → due today + 3
    expect([await dueDate(X), await dueDate(Y)]).toEqual([addDays(today, 10), addDays(today, 3)]);

    // the original order: the card recorded against X, signed and released today
    wo1 = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: '30-day check', tasks: [{ seq: 1, task_source: 'INSPECTION', task_code: 'TST-RX', description: '30-day check', type_inspection: X, cert_category: 'B1' }] } })).data;
    await approve(wo1.wo_id);
    [old] = await cards(wo1.wo_id);
    ok(await sign('engineer', 'performed', old.wo_task_id));
    ok(await sign('engineer', 'certified', old.wo_task_id));
  });

  it('is refused before the CRS (the order corrects its own cards until then), and to someone without O', async () => {
    conflict(await recertify('planner', old.wo_task_id, { reason }), `Task card 1 of ${String(wo1.wo_no)} is not released to service yet: a card is corrected on its own order until the CRS (or amended, when not signed).`);
    ok(await act('approver', 'work_order', 'issue_crs', wo1.wo_id));
    [old] = await cards(wo1.wo_id);
    // X done today, 10 days before its due, beyond the 3-day tolerance: from the accomplishment, today + 30
    expect(await dueDate(X)).toBe(addDays(today, 30));
    expect(await dueDate(Y)).toBe(addDays(today, 3));
    // the engineer signs (maintenance RU): no O, no correction
    expect((await recertify('engineer', old.wo_task_id, { reason })).status).toBe(403);
  });

  it('refuses a correction without its reason, with a field it does not change, or with bad values, writing nothing', async () => {
    const count = async () => (await one(`select count(*)::int as n from work_order`)).n;
    const before = await count();
    fieldError(await recertify('planner', old.wo_task_id, { reason: '  ' }), '/reason');
    fieldError(await recertify('planner', old.wo_task_id, { reason, task_status: 'OPEN' }), '/task_status');
    fieldError(await recertify('planner', old.wo_task_id, { reason, type_inspection: 999999 }), '/type_inspection');
    fieldError(await recertify('planner', old.wo_task_id, { reason, done_date: addDays(today, 1) }), '/done_date');
    fieldError(await recertify('planner', old.wo_task_id, { reason, description: '' }), '/description');
    expect(await count()).toBe(before);
    expect((await cards(wo1.wo_id))[0]).toEqual(old);
  });

  it('makes a numbered correction order of the aircraft whose card supersedes the old one, with the reason', async () => {
    // the correction also states the day the work was done: yesterday
    const r = ok(await recertify('planner', old.wo_task_id, { reason, type_inspection: Y, task_code: 'TST-RY', done_date: addDays(today, -1) }));
    wo2 = await one(`select * from work_order where wo_id = ${r.wo_id}`);
    expect(r.message).toBe(`${String(wo2.wo_no)} made to re-certify card 1 of ${String(wo1.wo_no)}: send it for approval, sign its card and issue its CRS; card 1 of ${String(wo1.wo_no)} is then superseded.`);
    expect(wo2.wo_no).toMatch(/^WO-\d{4}-\d{5}$/);
    expect(wo2.wo_no).not.toBe(wo1.wo_no);
    expect(wo2).toMatchObject({ aircraft: ac.aircraft_id, corrects: wo1.wo_id, statuswf: '000', wo_status: 'DRAFT', title: `Correction of card 1 of ${String(wo1.wo_no)}` });
    const [c] = await cards(wo2.wo_id);
    expect(c).toMatchObject({ seq: 1, task_source: 'INSPECTION', task_code: 'TST-RY', description: '30-day check', type_inspection: Y, cert_category: 'B1', supersedes: old.wo_task_id, correction_reason: reason, task_status: 'OPEN', performed_user: null, certified_user: null, superseded_by: null });
    expect(isoDate(c.done_date)).toBe(addDays(today, -1));
    // nothing moves before the correction is released: the old card stands, the due list too
    expect((await cards(wo1.wo_id))[0].superseded_by).toBeNull();
    expect(await dueDate(X)).toBe(addDays(today, 30));
    // one correction of a card at a time
    conflict(await recertify('planner', old.wo_task_id, { reason: 'again' }), `Task card 1 of ${String(wo1.wo_no)} is being corrected by ${String(wo2.wo_no)} card 1: release or withdraw that correction first.`);
  });

  it("at the correction's CRS the old card and its record line are superseded, and the due list follows the current record", async () => {
    await approve(wo2.wo_id);
    const [c] = await cards(wo2.wo_id);
    ok(await sign('engineer', 'performed', c.wo_task_id));
    ok(await sign('engineer', 'certified', c.wo_task_id));
    const signed = (await cards(wo2.wo_id))[0];
    // the day the correction states is kept, with the aircraft's totals at the end of that day
    expect(isoDate(signed.done_date)).toBe(addDays(today, -1));
    const r = ok(await act('approver', 'work_order', 'issue_crs', wo2.wo_id));
    expect(r.message).toContain(`Superseded: card 1 of ${String(wo1.wo_no)}.`);
    const was = (await cards(wo1.wo_id))[0];
    expect(was).toMatchObject({ superseded_by: c.wo_task_id, superseded_note: `Superseded by ${String(wo2.wo_no)} card 1: ${reason}` });
    // the old card is kept as it was signed
    expect(asSigned(was)).toEqual(asSigned(old));
    const lines = await rows(`select l.record_line_id, l.type_inspection, l.work_order_task, l.superseded_by, r.done_date, r.ac_fh, r.work_order from maintenance_record_line l join maintenance_record r on r.record_id = l.maintenance_record where r.work_order in (${wo1.wo_id}, ${wo2.wo_id}) order by l.record_line_id`);
    expect(lines.map((l) => ({ ...l, done_date: isoDate(l.done_date), record_line_id: undefined, ac_fh: undefined }))).toEqual([
      { type_inspection: X, work_order_task: old.wo_task_id, superseded_by: c.wo_task_id, done_date: today, work_order: wo1.wo_id, record_line_id: undefined, ac_fh: undefined },
      { type_inspection: Y, work_order_task: c.wo_task_id, superseded_by: null, done_date: addDays(today, -1), work_order: wo2.wo_id, record_line_id: undefined, ac_fh: undefined },
    ]);
    expect(lines[1].ac_fh).toBe(signed.ac_fh_done);
    // X: the superseded accomplishment no longer counts; its last is the one 20 days ago → today + 10
    expect(await dueDate(X)).toBe(addDays(today, 10));
    // Y: planned today + 3, done yesterday, 4 days early within the 5-day tolerance → from the planned due: today + 3 + 30
    expect(await dueDate(Y)).toBe(addDays(today, 33));
  });

  it('a superseded card takes no write and no second correction; both stay readable, the old one marked', async () => {
    const was = (await cards(wo1.wo_id))[0];
    // the company administrator holds every letter (CRUDPO): the record itself refuses
    const put = await t.call('PUT', `/api/data/work_order_task/${was.wo_task_id}`, { token: tok['cta.admin'], body: { version: was.version, work_order: wo1.wo_id, seq: 1, task_source: 'INSPECTION', description: 'Rewritten', cert_category: 'B1' } });
    expect(put.status, JSON.stringify(put.body)).toBe(409);
    const del = await t.call('DELETE', `/api/data/work_order_task/${was.wo_task_id}`, { token: tok['cta.admin'] });
    expect(del.status, JSON.stringify(del.body)).toBe(409);
    expect((await cards(wo1.wo_id))[0]).toEqual(was);
    conflict(await recertify('planner', was.wo_task_id, { reason: 'again' }), `Task card 1 of ${String(wo1.wo_no)} is already superseded (${String(was.superseded_note)}): correct the current record.`);
    const read = ok(await t.call('GET', `/api/data/work_order_task/${was.wo_task_id}`, { token: tok.engineer })).data;
    expect(read.superseded_note).toBe(`Superseded by ${String(wo2.wo_no)} card 1: ${reason}`);
    const list = ok(await t.call('GET', `/api/data/work_order_task?route=aircraft-maintenance/work-order-task-card&wo_id=${wo1.wo_id}`, { token: tok.engineer }));
    expect(list.list.map((x: Row) => x.superseded_note)).toEqual([`Superseded by ${String(wo2.wo_no)} card 1: ${reason}`]);
  });

  it('both print: the old work pack and CRS carry the mark, the correction names what it re-certifies', async () => {
    const pdf = async (wo: number, print: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/data/work_order/${wo}/pdf?print=${print}`, headers: { authorization: `Bearer ${tok.planner}` } });
      expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
      return pdfWords(r.rawPayload);
    };
    const mark = `SUPERSEDED — Superseded by ${String(wo2.wo_no)} card 1: ${reason}. Kept as it was signed; not the current record.`;
    expect(await pdf(wo1.wo_id, 'work_pack')).toContain(mark);
    expect(await pdf(wo1.wo_id, 'crs')).toContain(mark);
    const crs2 = await pdf(wo2.wo_id, 'crs');
    expect(crs2).toContain(`Corrects ${String(wo1.wo_no)}: a correction (re-certification) of the record listed below`);
    expect(crs2).toContain(`CORRECTION — re-certifies task card TST-RX of ${String(wo1.wo_no)}: ${reason}`);
    expect(await pdf(wo2.wo_id, 'work_pack')).toContain(`CORRECTION — re-certifies task card TST-RX of ${String(wo1.wo_no)}: ${reason}`);
  });
});

describe('which cards are re-certified (recertifyRefusal)', () => {
  const order = { wo_no: 'WO-2026-00001', wo_status: 'CRS' };
  const signed = { seq: 2, task_source: 'INSPECTION', rii: false, certified_user: 5, performed_user: 5 };
  it('a signed card of an order released to service (CRS or closed)', () => {
    expect(recertifyRefusal(order, signed, null)).toBeNull();
    expect(recertifyRefusal({ ...order, wo_status: 'CLOSED' }, signed, null)).toBeNull();
    expect(recertifyRefusal({ ...order, wo_status: 'INPROGRESS' }, signed, null)).toMatch(/is not released to service yet/);
  });
  it('not an unsigned, deferred or carried card, an RII card not inspected, a component change, or one being corrected', () => {
    expect(recertifyRefusal(order, { ...signed, certified_user: null }, null)).toBe('Task card 2 of WO-2026-00001 is not signed: only a signed card is re-certified.');
    expect(recertifyRefusal(order, { ...signed, rii: true, inspected_user: null }, null)).toMatch(/is not signed/);
    expect(recertifyRefusal(order, { ...signed, deferral_defect: 4 }, null)).toMatch(/is not signed/);
    expect(recertifyRefusal(order, { ...signed, carried_to: 9 }, null)).toMatch(/is not signed/);
    expect(recertifyRefusal(order, { ...signed, task_source: 'CHANGE' }, null)).toMatch(/is a component change/);
    expect(recertifyRefusal(order, signed, 'WO-2026-00002 card 1')).toBe('Task card 2 of WO-2026-00001 is being corrected by WO-2026-00002 card 1: release or withdraw that correction first.');
    expect(recertifyRefusal(order, { ...signed, superseded_by: 7, superseded_note: 'Superseded by WO-2026-00002 card 1: x' }, null)).toBe('Task card 2 of WO-2026-00001 is already superseded (Superseded by WO-2026-00002 card 1: x): correct the current record.');
  });
});
