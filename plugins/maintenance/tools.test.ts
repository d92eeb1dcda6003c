/**
 * Tools on task cards (issue 40 point 3, decisions 0395 and 0396), through the HTTP API on the
 * seeded demo, both kinds of work order: the operator's (CTA: planner, engineer, approver) and a
 * customer work order of GAT's MRO (test users). Every refusal writes nothing.
 *
 * The tools, worked by hand against today (T, the companies' business date, UTC):
 *   TT-OK      torque wrench TW-NB-60, serviceable, calibrated T-10, due T+30   usable
 *   TT-LAST    torque wrench TW-NB-60, serviceable, due T                       usable (its last day)
 *   TT-OVER    torque wrench TW-NB-60, serviceable, due T-1                     overdue: refused
 *   TT-CAL     torque wrench TW-NB-60, out for calibration, due T+100           refused
 *   TT-JACK    axle jacking adapter D32203016000 (no calibration), no due date  usable
 * The lookup offers the three usable ones; a save naming another is refused at the tool's field.
 * TT-LAST falls due between its entry and the signature (its due date set to T-1): the performed
 * signature of its card is refused naming it; recalibrated (due T+180) the card is signed.
 *
 * Reverse traceability of TT-OK (last good calibration T-10): card 1 signed with it, its day set
 * back to T-20 (a card signed before that calibration: the API signs only today), card 2 signed
 * today, card 4 not signed. The list of TT-OK: cards 2 (T, since the calibration) and 1 (T-20,
 * before it); "since the last calibration" alone: card 2. Card 3 was signed with TT-LAST only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, createUser, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';
import { dayText, toolRefusal } from './rules/tools.ts';

type Row = Record<string, any>;
let t: TestApp;
const tok: Record<string, string> = {};
const today = todayUtc();
const db = () => t.services.database.db;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const rows = async (q: string): Promise<Row[]> => (await sql.raw<Row>(q).execute(db())).rows;
const ok = expectOk;
const day = (v: unknown) => (v === null || v === undefined ? null : (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10));
const fieldsRefused = (r: CallResult, errors: { path: string; message: string }[]) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.code).toBe('ERR_VALIDATION');
  expect(r.body.errors).toEqual(errors);
};
const act = (who: string, entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key }) });
const WRENCH = 'TW-NB-60 Torque wrench, 12-60 N·m, 3/8 in drive';
const tools: Record<string, number> = {};

/** The header of a stored document as its form saves it back: the typed fields and the version, no lines. */
async function header(entity: string, key: number, token: string): Promise<Row> {
  const read = ok(await t.call('GET', `/api/data/${entity}/${key}`, { token })).data as Row;
  const out: Row = {};
  const server = new Set([entity === 'work_order' ? 'wo_id' : 'amo_wo_id', 'compcode', 'created_at', 'created_by', 'updated_at', 'updated_by']);
  for (const [k, v] of Object.entries(read)) if (!Array.isArray(v) && !server.has(k)) out[k] = v;
  return out;
}

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT');
  for (const u of ['planner', 'engineer', 'approver']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
  const cat = async (pn: string) => (await one(`select id from tool_catalog where compcode = 'CTA' and tool_partnumber = '${pn}'`)).id;
  const wrench = await cat('TW-NB-60');
  const jack = await cat('D32203016000');
  for (const [serial, body] of Object.entries({
    'TT-OK': { tool_catalog: wrench, tool_status: 'SV', last_calibration: addDays(today, -10), calibration_due: addDays(today, 30) },
    'TT-LAST': { tool_catalog: wrench, tool_status: 'SV', last_calibration: addDays(today, -365), calibration_due: today },
    'TT-OVER': { tool_catalog: wrench, tool_status: 'SV', last_calibration: addDays(today, -366), calibration_due: addDays(today, -1) },
    'TT-CAL': { tool_catalog: wrench, tool_status: 'CAL', calibration_due: addDays(today, 100) },
    'TT-JACK': { tool_catalog: jack, tool_status: 'SV' },
  })) {
    tools[serial] = ok(await t.call('POST', '/api/data/tool', { token: tok.planner, body: { serial_number: serial, ...body } })).data.tool_id;
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('whether a tool may be used on a card (rule)', () => {
  const wrench = { serial: 'TW-0042', partNumber: 'TW-50', name: 'Torque wrench', calibrationRequired: true };
  it('takes a serviceable tool up to its due date, refuses it the day after, out for calibration, unserviceable or with no due date', () => {
    expect(toolRefusal({ ...wrench, status: 'SV', due: '2026-11-30' }, '2026-11-30')).toBeNull();
    expect(toolRefusal({ ...wrench, status: 'SV', due: '2026-11-30' }, '2026-12-01')).toBe('Tool S/N TW-0042 (TW-50 Torque wrench) is overdue for calibration: it was due 30 Nov 2026.');
    expect(toolRefusal({ ...wrench, status: 'CAL', due: '2027-01-01' }, '2026-12-01')).toBe('Tool S/N TW-0042 (TW-50 Torque wrench) is out for calibration: it is used on a task card once it is back and serviceable.');
    expect(toolRefusal({ ...wrench, status: 'US', statusLabel: 'Unserviceable', due: '2027-01-01' }, '2026-12-01')).toBe('Tool S/N TW-0042 (TW-50 Torque wrench) is unserviceable: only a serviceable tool is used on a task card.');
    expect(toolRefusal({ ...wrench, status: 'SV', due: null }, '2026-12-01')).toMatch(/has no calibration due date/);
    expect(toolRefusal({ ...wrench, calibrationRequired: false, status: 'SV', due: null }, '2026-12-01')).toBeNull();
  });
});

describe("tools on the operator's task cards", () => {
  let wo: Row;
  let c: Row[];
  const lines = () => rows(`select * from work_order_tool where work_order = ${wo.wo_id} order by wo_tool_id`);
  const save = async (tl: Row[]) => t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.planner, body: { ...(await header('work_order', wo.wo_id, tok.planner)), tools: tl } });

  beforeAll(async () => {
    const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    const made = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Tools on cards', tasks: [1, 2, 3, 4].map((seq) => ({ seq, task_source: 'ADHOC', cert_category: 'A', task_code: `AMM 12-${seq}`, description: `Servicing ${seq}` })) } })).data;
    ok(await act('planner', 'work_order', 'send_work_order', made.wo_id));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${made.wo_id}' and a.completeddate is null`);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'ok' } }));
    wo = await one(`select * from work_order where wo_id = ${made.wo_id}`);
    expect(wo.wo_status).toBe('RELEASED');
    c = await rows(`select * from work_order_task where work_order = ${wo.wo_id} order by seq`);
  });

  it('offers in the lookup only the tools usable today (serial scanned into the search)', async () => {
    const offered = ok(await t.call('GET', '/api/data/work_order_tool/lookup/tool?q=TT-&limit=50', { token: tok.planner })).list.map((r: Row) => r.display);
    expect(offered.sort()).toEqual(['TT-JACK', 'TT-LAST', 'TT-OK']);
    const scanned = ok(await t.call('GET', '/api/data/work_order_tool/lookup/tool?q=TT-OVER', { token: tok.planner })).list;
    expect(scanned).toEqual([]);
  });

  it('refuses an overdue tool and one out for calibration at their fields, naming the tool and its due date, writing nothing', async () => {
    const version = (await one(`select version from work_order where wo_id = ${wo.wo_id}`)).version;
    fieldsRefused(await save([{ task: c[0].wo_task_id, tool: tools['TT-OVER'] }]), [{ path: '/tools/0/tool', message: `Tool S/N TT-OVER (${WRENCH}) is overdue for calibration: it was due ${dayText(addDays(today, -1))}.` }]);
    fieldsRefused(await save([{ task: c[0].wo_task_id, tool: tools['TT-OK'] }, { task: c[0].wo_task_id, tool: tools['TT-CAL'] }]), [{ path: '/tools/1/tool', message: `Tool S/N TT-CAL (${WRENCH}) is out for calibration: it is used on a task card once it is back and serviceable.` }]);
    // written directly, the line is refused the same way
    fieldsRefused(await t.call('POST', '/api/data/work_order_tool', { token: tok.planner, body: { work_order: wo.wo_id, task: c[0].wo_task_id, tool: tools['TT-OVER'] } }), [{ path: '/tool', message: `Tool S/N TT-OVER (${WRENCH}) is overdue for calibration: it was due ${dayText(addDays(today, -1))}.` }]);
    expect(await lines()).toEqual([]);
    expect((await one(`select version from work_order where wo_id = ${wo.wo_id}`)).version).toBe(version);
  });

  it('records usable tools on the cards: one due today, one needing no calibration', async () => {
    ok(await save([
      { task: c[0].wo_task_id, tool: tools['TT-OK'] },
      { task: c[0].wo_task_id, tool: tools['TT-JACK'] },
      { task: c[1].wo_task_id, tool: tools['TT-OK'] },
      { task: c[2].wo_task_id, tool: tools['TT-LAST'] },
      { task: c[3].wo_task_id, tool: tools['TT-OK'] },
    ]));
    expect((await lines()).map((l) => [l.task, l.tool, l.signed])).toEqual([
      [c[0].wo_task_id, tools['TT-OK'], false],
      [c[0].wo_task_id, tools['TT-JACK'], false],
      [c[1].wo_task_id, tools['TT-OK'], false],
      [c[2].wo_task_id, tools['TT-LAST'], false],
      [c[3].wo_task_id, tools['TT-OK'], false],
    ]);
  });

  it('refuses the performed signature of a card whose tool fell due since its entry; recalibrated, the card is signed and its tools kept as signed', async () => {
    // the day passed: TT-LAST was due yesterday
    await sql`update tool set calibration_due = ${addDays(today, -1)} where tool_id = ${tools['TT-LAST']}`.execute(db());
    // the signature dialog's preview says it before the signer types a password
    const p = ok(await t.call('GET', `/api/data/work_order_task/action/sign_card_performed/preview?key=${c[2].wo_task_id}`, { token: tok.engineer }));
    expect(p.items.find((i: Row) => i.label === 'Tools used')?.value).toBe('TT-LAST TW-NB-60');
    expect(p.refusal).toBe(`Tool S/N TT-LAST (${WRENCH}) is overdue for calibration: it was due ${dayText(addDays(today, -1))}.`);
    const r = await act('engineer', 'work_order_task', 'sign_card_performed', c[2].wo_task_id);
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body).toMatchObject({ code: 'ERR_SIGNOFF', message: `Task card 3 (AMM 12-3) of ${String(wo.wo_no)} cannot be signed as performed: Tool S/N TT-LAST (${WRENCH}) is overdue for calibration: it was due ${dayText(addDays(today, -1))}. Work is signed with serviceable tools in calibration only.` });
    expect((await one(`select task_status, performed_user from work_order_task where wo_task_id = ${c[2].wo_task_id}`))).toEqual({ task_status: 'OPEN', performed_user: null });
    expect((await lines()).filter((l) => l.signed)).toEqual([]);
    await sql`update tool set calibration_due = ${addDays(today, 180)}, last_calibration = ${today} where tool_id = ${tools['TT-LAST']}`.execute(db());
    for (const card of [c[0], c[1], c[2]]) ok(await act('engineer', 'work_order_task', 'sign_card_performed', card.wo_task_id));
    expect((await lines()).map((l) => l.signed)).toEqual([true, true, true, true, false]);
  });

  it('keeps the tools of a signed card: not changed, not removed, and a signed card takes no new tool', async () => {
    const l = await lines();
    const r = await t.call('PUT', `/api/data/work_order_tool/${l[0].wo_tool_id}`, { token: tok.planner, body: { version: l[0].version, task: l[0].task, tool: tools['TT-JACK'], work_order: wo.wo_id } });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.code).toBe('ERR_LOCKED');
    const keep = l.map((x) => ({ wo_tool_id: x.wo_tool_id, version: x.version, task: x.task, tool: x.tool }));
    const dropped = await save(keep.slice(1));
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(409);
    expect(dropped.body.code).toBe('ERR_LOCKED');
    fieldsRefused(await save([...keep, { task: c[1].wo_task_id, tool: tools['TT-JACK'] }]), [{ path: '/tools/5/task', message: 'is signed or put aside: a tool is recorded on a card before it is signed' }]);
    expect(await lines()).toEqual(l);
  });

  it('lists the cards signed with a tool since its last good calibration (reverse traceability), and exports them', async () => {
    // card 1 was signed before TT-OK's last calibration (T-10): its day set back to T-20
    await sql`update work_order_task set done_date = ${addDays(today, -20)} where wo_task_id = ${c[0].wo_task_id}`.execute(db());
    const list = async (q: string) => ok(await t.call('GET', `/api/data/tool_usage?route=aircraft-maintenance/tool-traceability&tool_id=${tools['TT-OK']}${q}`, { token: tok.planner })).list as Row[];
    const all = await list('&sortBy=signed_on&sortDir=desc');
    expect(all.map((r) => [r.work_order_no, r.card, r.aircraft, r.source, day(r.signed_on), r.signed_by, day(r.last_calibration), r.since_calibration])).toEqual([
      [wo.wo_no, 'AMM 12-2', 'PK-WFD', 'OPERATOR', today, 'Dewi Lestari', addDays(today, -10), true],
      [wo.wo_no, 'AMM 12-1', 'PK-WFD', 'OPERATOR', addDays(today, -20), 'Dewi Lestari', addDays(today, -10), false],
    ]);
    expect((await list('&since_calibration=true')).map((r) => r.card)).toEqual(['AMM 12-2']);
    // card 3 was signed with TT-LAST alone
    expect(ok(await t.call('GET', `/api/data/tool_usage?route=aircraft-maintenance/tool-traceability&tool_id=${tools['TT-LAST']}`, { token: tok.planner })).list.map((r: Row) => r.card)).toEqual(['AMM 12-3']);
    const x = await t.app.inject({ method: 'GET', url: `/api/data/tool_usage/export?route=aircraft-maintenance/tool-traceability&tool_id=${tools['TT-OK']}`, headers: { authorization: `Bearer ${tok.planner}` } });
    expect(x.statusCode, x.body.slice(0, 200)).toBe(200);
    expect(String(x.headers['content-type'])).toMatch(/spreadsheetml/);
  });
});

describe("tools on an MRO customer's task cards", () => {
  const gat: Record<string, string> = {};
  const k: Record<string, number> = {};
  beforeAll(async () => {
    for (const u of ['boss', 'mech']) {
      await createUser(t, { username: `tools.${u}`, full_name: `Tools ${u}`, companies: { GAT: 'administrator' } });
      gat[u] = (await t.signIn(`tools.${u}`, DEMO_PASSWORD)).token;
    }
    const post = async (entity: string, body: Row) => ok(await t.call('POST', `/api/data/${entity}`, { token: gat.boss, body })).data as Row;
    const type = (await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' order by aircraft_type_id limit 1`)).aircraft_type_id;
    const cust = await post('amo_customer', { customer_code: 'TLS', customer_name: 'Tool Test Air', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD' });
    const ac = await post('customer_aircraft', { amo_customer: cust.amo_customer_id, registration: 'PK-TLS', aircraft_type: type, msn: 'TLS1' });
    const cat = await post('tool_catalog', { tool_partnumber: 'TT-GAUGE', tool_name: 'Tyre pressure gauge', tool_type: 'TEST', calibration_required: true, calibration_interval_days: 180 });
    k.good = (await post('tool', { tool_catalog: cat.id, serial_number: 'TTG-1', tool_status: 'SV', last_calibration: addDays(today, -5), calibration_due: addDays(today, 175) })).tool_id;
    k.over = (await post('tool', { tool_catalog: cat.id, serial_number: 'TTG-2', tool_status: 'SV', calibration_due: addDays(today, -3) })).tool_id;
    const wo = await post('amo_work_order', { wo_date: today, amo_customer: cust.amo_customer_id, customer_aircraft: ac.customer_aircraft_id, title: 'Wheel change', planned_start: today, planned_end: addDays(today, 1), tasks: [{ seq: 10, task_card_no: 'TC-1', description: 'Main wheel change', est_manhours: 2 }] });
    k.wo = wo.amo_wo_id;
    k.card = (await one(`select amo_task_id from amo_work_order_task where amo_work_order = ${k.wo}`)).amo_task_id;
  });

  it('refuses the overdue tool at its field, signs the card with the good one and lists it in the traceability of the tool', async () => {
    const save = async (tool: number) => t.call('PUT', `/api/data/amo_work_order/${k.wo}`, { token: gat.boss, body: { ...(await header('amo_work_order', k.wo, gat.boss)), tools: [{ task: k.card, tool }] } });
    fieldsRefused(await save(k.over), [{ path: '/tools/0/tool', message: `Tool S/N TTG-2 (TT-GAUGE Tyre pressure gauge) is overdue for calibration: it was due ${dayText(addDays(today, -3))}.` }]);
    expect(await rows(`select * from amo_work_order_tool where amo_work_order = ${k.wo}`)).toEqual([]);
    ok(await save(k.good));
    const r = await t.call('POST', '/api/data/amo_work_order_task/action/sign_amo_card_performed', { token: gat.mech, body: signed(t, 'amo_work_order_task', 'sign_amo_card_performed', { key: k.card }) });
    ok(r);
    const list = ok(await t.call('GET', `/api/data/tool_usage?route=aircraft-maintenance/tool-traceability&tool_id=${k.good}`, { token: gat.boss })).list as Row[];
    expect(list.map((x) => [x.source, x.card, x.aircraft, day(x.signed_on), x.signed_by, x.since_calibration])).toEqual([['MRO', 'TC-1', 'PK-TLS', today, 'Tools mech', true]]);
    // another company's tool is not even found from CTA
    expect(ok(await t.call('GET', `/api/data/tool_usage?route=aircraft-maintenance/tool-traceability&tool_id=${k.good}`, { token: tok.planner })).list).toEqual([]);
  });
});
