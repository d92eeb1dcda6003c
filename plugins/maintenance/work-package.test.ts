/**
 * Work packages from the due list through the HTTP API on the seeded demo (CTA): the planner
 * ticks due items of PK-WFD and plan_work_package makes one draft work order with a card per
 * item; the A-check brings its group's programme task; an item planned twice is refused naming
 * the work order; another company's item is not found. Demo facts (fixtures CTA 060): ATR-A1 is
 * the A-check package (group A-CHK, 60 MH, skill B1), ATR-ENG-01 the borescope of the same group
 * (4 MH); PK-WFD's home base is UPG; its open AD 2024-0123 and deferred defect DEF-2026-00060 are
 * on the due list. The demo's dates move with the day it is loaded, so dates are read, not typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlAll } from '../../server/test/support.ts';
import { todayUtc } from '../airworthiness/rules/dates.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const today = todayUtc();

type Row = Record<string, any>;
const rows = (q: string): Promise<Row[]> => sqlAll(t, q);
const one = async (q: string): Promise<Row> => (await rows(q))[0];
const ok = expectOk;
const plan = (who: string, keys: unknown[], extra: Row = {}) => t.call('POST', '/api/data/due_item/action/plan_work_package', { token: tok[who], body: { keys, ...extra } });
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === null ? null : String(v).slice(0, 10));

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['planner', 'engineer']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('plan a work package from the due list', () => {
  let ac: Row;
  let key: Record<string, string>;
  let wo: Row;

  beforeAll(async () => {
    ac = await one(`select * from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const items = await rows(`select due_key, item_code from due_item where aircraft = ${ac.aircraft_id}`);
    key = Object.fromEntries(items.map((i) => [i.item_code, i.due_key]));
  });

  it('three ticked items (the A-check, an AD, a deferred defect) make one work order; the check brings its borescope task', async () => {
    const due = await rows(`select due_key, forecast_date, next_due_date from due_item where due_key in ('${key['ATR-A1']}', '${key['AD 2024-0123']}', '${key['DEF-2026-00060']}', '${key['ATR-ENG-01']}')`);
    // the planned start: the earliest forecast (else next due) date of the four items, not before today
    const first = due.map((d) => day(d.forecast_date) ?? day(d.next_due_date)).filter(Boolean).sort()[0] as string;
    const start = first > today ? first : today;

    const r = ok(await plan('planner', [key['ATR-A1'], key['AD 2024-0123'], key['DEF-2026-00060']]));
    wo = await one(`select * from work_order where wo_id = ${r.wo_id}`);
    // 60 (A-check) + 4 (borescope) = 64 MH; the AD and the defect have none
    expect(r.message).toBe(`${String(wo.wo_no)} planned for PK-WFD: 4 task cards (1 brought by ATR-A1), 64.00 planned man-hours.`);
    const group = await one(`select id from inspection_group where compcode = 'CTA' and code = 'A-CHK'`);
    expect({ ...wo, planned_start: day(wo.planned_start), wo_date: day(wo.wo_date), est_manhours: Number(wo.est_manhours) }).toMatchObject({
      aircraft: ac.aircraft_id,
      wo_type: 'SCHED',
      title: 'A-check (1A) PK-WFD',
      inspection_group: group.id,
      station: 'UPG',
      wo_date: today,
      planned_start: start,
      est_manhours: 64,
      statuswf: '000',
      wo_status: 'DRAFT',
    });
    const cards = await rows(`select * from work_order_task where work_order = ${wo.wo_id} order by seq`);
    const insp = await rows(`select type_inspection_id, task_code from aircraft_type_inspection where compcode = 'CTA' and task_code in ('ATR-A1', 'ATR-ENG-01') order by task_code`);
    const adStatus = await one(`select type_ad from aircraft_ad_status where ad_status_id = ${Number(key['AD 2024-0123'].slice(1))}`);
    expect(cards.map((c) => ({ seq: c.seq, src: c.task_source, code: c.task_code, due: c.due_key, mh: c.est_manhours === null ? null : Number(c.est_manhours), cat: c.cert_category, insp: c.type_inspection, ad: c.type_ad, defect: c.defect, status: c.task_status }))).toEqual([
      { seq: 1, src: 'INSPECTION', code: 'ATR-A1', due: key['ATR-A1'], mh: 60, cat: 'B1', insp: insp[0].type_inspection_id, ad: null, defect: null, status: 'OPEN' },
      { seq: 2, src: 'INSPECTION', code: 'ATR-ENG-01', due: key['ATR-ENG-01'], mh: 4, cat: 'B1', insp: insp[1].type_inspection_id, ad: null, defect: null, status: 'OPEN' },
      { seq: 3, src: 'AD', code: 'AD 2024-0123', due: key['AD 2024-0123'], mh: null, cat: 'B1', insp: null, ad: adStatus.type_ad, defect: null, status: 'OPEN' },
      { seq: 4, src: 'DEFECT', code: 'DEF-2026-00060', due: key['DEF-2026-00060'], mh: null, cat: 'B1', insp: null, ad: null, defect: Number(key['DEF-2026-00060'].slice(1)), status: 'OPEN' },
    ]);
    expect(cards[1].remark).toBe('Brought by the check ATR-A1');
    // the due list shows where each is planned, through its Planned In column
    const list = ok(await t.call('GET', `/api/data/due_item?route=aircraft-maintenance/due-list&aircraft_id=${ac.aircraft_id}&limit=50`, { token: tok.planner }));
    const planned = Object.fromEntries((list.list as Row[]).map((x) => [x.item_code, x['planned_wo.wo_no']]));
    for (const code of ['ATR-A1', 'ATR-ENG-01', 'AD 2024-0123', 'DEF-2026-00060']) expect(planned[code], code).toBe(wo.wo_no);
    expect(planned['ATR-C1']).toBeNull();
  });

  it('refuses an item already planned in an open work order, naming it, and writes nothing', async () => {
    const before = await one(`select count(*)::int as n from work_order where compcode = 'CTA'`);
    const r = await plan('planner', [key['SB ATR72-32-1156'], key['AD 2024-0123']]);
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body).toMatchObject({ code: 'ERR_CONFLICT', message: `AD 2024-0123 is already planned in ${String(wo.wo_no)} (task card 3). A due item is planned in one open work order at a time.` });
    expect(await one(`select count(*)::int as n from work_order where compcode = 'CTA'`)).toEqual(before);
    expect(await one(`select count(*)::int as n from work_order_task where due_key = '${key['SB ATR72-32-1156']}'`)).toEqual({ n: 0 });
  });

  it('once the order is withdrawn the items are free again; a document expiry and items of two aircraft are refused', async () => {
    // the draft nobody signed is withdrawn by its action (decision 0162): CANCELLED
    ok(await t.call('POST', '/api/data/work_order/action/withdraw_work_order', { token: tok.planner, body: { key: wo.wo_id } }));
    expect((await one(`select wo_status from work_order where wo_id = ${wo.wo_id}`)).wo_status).toBe('CANCELLED');
    const r = ok(await plan('planner', [key['AD 2024-0123']], { planned_start: '2027-01-15', station: 'SUB' }));
    const again = await one(`select * from work_order where wo_id = ${r.wo_id}`);
    expect({ type: again.wo_type, title: again.title, station: again.station, start: day(again.planned_start), mh: again.est_manhours }).toEqual({ type: 'AD', title: 'Work package PK-WFD: 1 item', station: 'SUB', start: '2027-01-15', mh: null });
    const doc = await plan('planner', [key['COA/PK-WFD/26']]);
    expect(doc.status).toBe(400);
    expect(doc.body.message).toMatch(/: a document is renewed, not accomplished in a work order\.$/);
    const wfe = await one(`select d.due_key from due_item d join aircraft a on a.aircraft_id = d.aircraft where a.registration = 'PK-WFE' and d.item_code = 'ATR-C1'`);
    const two = await plan('planner', [key['ATR-C1'], wfe.due_key]);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('The ticked items are on 2 aircraft (PK-WFD, PK-WFE): a work package is for one aircraft.');
  });

  it('the title names the highest check it holds: the daily check ticked first, the A-check named (issue 37 point 6)', async () => {
    const r = ok(await plan('planner', [key['ATR-DY'], key['ATR-A1']]));
    const pkg = await one(`select title, inspection_group from work_order where wo_id = ${r.wo_id}`);
    const group = await one(`select id from inspection_group where compcode = 'CTA' and code = 'A-CHK'`);
    expect(pkg).toEqual({ title: 'A-check (1A) PK-WFD', inspection_group: group.id });
    ok(await t.call('POST', '/api/data/work_order/action/withdraw_work_order', { token: tok.planner, body: { key: r.wo_id } }));
  });

  it("another company's due item is not found; the engineer (no O on the due list) may not plan", async () => {
    const foreign = await one(`select due_key from due_item where compcode <> 'CTA' order by due_key limit 1`);
    const r = await plan('planner', [foreign.due_key]);
    expect(r.status, JSON.stringify(r.body)).toBe(404);
    const mixed = await plan('planner', [key['ATR-C1'], foreign.due_key]);
    expect(mixed.status).toBe(404);
    expect(await one(`select count(*)::int as n from work_order_task where due_key in ('${key['ATR-C1']}', '${String(foreign.due_key)}')`)).toEqual({ n: 0 });
    expect((await plan('engineer', [key['ATR-C1']])).status).toBe(403);
    expect((await plan('planner', [])).status).toBe(400);
    expect((await t.call('POST', '/api/data/due_item/action/plan_work_package', { token: tok.planner, body: { keys: key['ATR-C1'] } })).status).toBe(400);
    for (const bad of ["I4-3' or 1=1 --", { due_key: key['ATR-C1'] }]) expect((await plan('planner', [bad])).status).toBe(404);
    // a NUL in the body is refused before any action runs
    const nul = await plan('planner', ['I4-3\u0000']);
    expect([nul.status, nul.body.code]).toEqual([400, 'ERR_VALIDATION']);
  });
});

describe("the planner reads what the forecasts are computed from", () => {
  it("the utilisation and the usage history of the company's aircraft, no other company's", async () => {
    const u = ok(await t.call('GET', '/api/data/aircraft_utilisation?route=aircraft-maintenance/aircraft-utilisation&limit=50', { token: tok.planner }));
    const cta = await rows(`select aircraft_id from aircraft where compcode = 'CTA'`);
    expect((u.list as Row[]).length).toBeGreaterThan(0);
    expect((u.list as Row[]).every((x) => cta.some((a) => a.aircraft_id === x.aircraft_id))).toBe(true);
    const wfd = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const h = ok(await t.call('GET', `/api/data/usage_ledger?route=aircraft-maintenance/usage-history&aircraft_id=${wfd.aircraft_id}&limit=50`, { token: tok.planner }));
    const n = await one(`select count(*)::int as n from usage_ledger where aircraft = ${wfd.aircraft_id}`);
    expect(n.n).toBeGreaterThan(0);
    expect(h.meta.total).toBe(n.n);
    const foreign = await one(`select ledger_id from usage_ledger where compcode <> 'CTA' limit 1`);
    expect((await t.call('GET', `/api/data/usage_ledger/${foreign.ledger_id}?route=aircraft-maintenance/usage-history`, { token: tok.planner })).status).toBe(404);
  });
});
