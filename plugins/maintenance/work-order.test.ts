/**
 * Maintenance execution through the HTTP API on the seeded demo (CTA): a work order approved
 * through its workflow, task cards signed by the demo's certifying staff (engineer: B1 ATR 72-600
 * and A320neo, an expired A; inspector: INSP; approver, the Technical Director: C), the release
 * gate and the CRS posting each signed card's compliance through the airworthiness rules.
 * Every refusal writes nothing; every expected value is worked by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';
import { pdfText } from '../../test/helpers/pdf.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();

type Row = Record<string, any>;
const db = () => t.services.database.db;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const ok = expectOk;
const refused = (r: CallResult, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body).toMatchObject({ code: 'ERR_SIGNOFF', message });
};
/** A declared transition refused from the order's state (metadata lifecycle, the action runner). */
const wrongState = (r: CallResult, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body).toMatchObject({ code: 'ERR_STATE', message });
};
const act = (who: string, entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key }) });
const sign = (who: string, name: 'performed' | 'certified' | 'inspected', card: number) => act(who, 'work_order_task', `sign_card_${name}`, card);
const cards = async (wo: number): Promise<Row[]> => (await sql.raw<Row>(`select * from work_order_task where work_order = ${wo} order by seq`).execute(db())).rows;
const aircraft = (reg: string) => one(`select * from aircraft where registration = '${reg}' and compcode = 'CTA'`);

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  for (const u of ['planner', 'engineer', 'inspector', 'approver']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = s.user.user_id;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

/** A work order of `reg` with the cards given, sent by the planner and approved by the Technical Director. */
async function approvedWorkOrder(reg: string, tasks: Row[]): Promise<Row> {
  const ac = await aircraft(reg);
  const wo = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Test package', tasks: tasks.map((x, i) => ({ seq: i + 1, ...x })) } })).data;
  ok(await act('planner', 'work_order', 'send_work_order', wo.wo_id));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Package approved' } }));
  return one(`select * from work_order where wo_id = ${wo.wo_id}`);
}

describe('task card sign-off', () => {
  let wo: Row;
  let c: Row[];
  beforeAll(async () => {
    wo = await approvedWorkOrder('PK-WFD', [
      { task_source: 'ADHOC', task_code: 'AMM 27-10-00', description: 'Aileron cable tension check', cert_category: 'B1', rii: true, ata: (await one(`select id from ata_group where compcode = 'CTA' and ata_code = '27'`)).id },
      { task_source: 'ADHOC', task_code: 'AMM 34-11-00', description: 'Pitot probe heater test', cert_category: 'B2' },
      { task_source: 'ADHOC', task_code: 'AMM 12-13-79', description: 'Engine oil servicing', cert_category: 'A' },
    ]);
    c = await cards(wo.wo_id);
  });

  it('a card of a work order not yet approved takes no signature', async () => {
    const ac = await aircraft('PK-WFD');
    const draft = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Draft', tasks: [{ seq: 1, task_source: 'ADHOC', description: 'x' }] } })).data;
    const [card] = await cards(draft.wo_id);
    refused(await sign('engineer', 'performed', card.wo_task_id), `Work order ${String(draft.wo_no)} is not released for work yet: its cards are signed once it is approved.`);
    expect((await cards(draft.wo_id))[0]).toEqual(card);
  });

  it("a card's status is never typed: a save marking a card Done, a new card created Done and a line written directly are refused, writing nothing", async () => {
    const STATUS = "The Work Order Task's Status changes only through its actions, never by editing it.";
    // the body a form sends: the document's fields and version, each line's fields and key
    const fieldsOf = (entity: string, row: Row, extra: string[]) => Object.fromEntries([...t.services.reg.entity(entity).fields.filter((f) => !f.hidden && f.name !== 'work_order').map((f) => f.name), ...extra].filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));
    const read = ok(await t.call('GET', `/api/data/work_order/${wo.wo_id}`, { token: tok.planner })).data;
    const stored: Row = { ...fieldsOf('work_order', read, ['version']), tasks: read.tasks.map((x: Row) => fieldsOf('work_order_task', x, ['wo_task_id'])) };
    const tasks = stored.tasks.map((x: Row) => ({ ...x }));
    tasks[1].task_status = 'DONE'; // the B2 card, unsigned: it would pass the release gate
    const saved = await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.planner, body: { ...stored, tasks } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(409);
    expect(saved.body.message).toBe(STATUS);
    const added = await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.planner, body: { ...stored, tasks: [...stored.tasks, { seq: 9, task_source: 'ADHOC', description: 'Typed as done', task_status: 'DONE' }] } });
    expect(added.status, JSON.stringify(added.body)).toBe(409);
    const direct = await t.call('PUT', `/api/data/work_order_task/${tasks[1].wo_task_id}`, { token: tok.planner, body: { ...fieldsOf('work_order_task', read.tasks[1], ['version']), work_order: wo.wo_id, task_status: 'DONE' } });
    expect(direct.status, JSON.stringify(direct.body)).toBe(409);
    expect(await cards(wo.wo_id)).toEqual(c);
    // sent back unchanged (as the form does), the status is no obstacle to a save
    const same = await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: tok.planner, body: { ...stored, remark: 'Cards as planned' } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it('performed by the engineer: who, when and the aircraft hours and cycles at the end of today from the posted usage', async () => {
    // the approval released it for work (workflowFinished); the first signature puts it in work
    expect([wo.statuswf, wo.wo_status]).toEqual(['111', 'RELEASED']);
    const r = ok(await sign('engineer', 'performed', c[0].wo_task_id));
    expect(r.message).toBe(`Task card 1 of ${String(wo.wo_no)} signed as performed by Dewi Lestari.`);
    const card = (await cards(wo.wo_id))[0];
    // no flight of PK-WFD is dated after today, so its totals at the end of today are its current totals
    const ac = await aircraft('PK-WFD');
    expect(card).toMatchObject({ task_status: 'PERFORMED', performed_user: ids.engineer, done_by: 'Dewi Lestari', ac_fh_done: ac.total_fh, ac_fc_done: ac.total_fc });
    expect(String(card.done_date).slice(0, 10) === today || new Date(card.done_date).toISOString().slice(0, 10) === today).toBe(true);
    expect((await one(`select wo_status from work_order where wo_id = ${wo.wo_id}`)).wo_status).toBe('INPROGRESS');
  });

  it('refuses the independent inspection by the performer, and any signature out of order, writing nothing', async () => {
    const before = (await cards(wo.wo_id))[0];
    // independence is checked before the authorisation (the engineer holds no inspector authorisation either)
    refused(await sign('engineer', 'inspected', c[0].wo_task_id), 'The independent inspection of task card 1 (AMM 27-10-00) must be signed by someone who did not perform the task (performed by Dewi Lestari).');
    refused(await sign('inspector', 'performed', c[0].wo_task_id), 'Task card 1 (AMM 27-10-00) is already signed as performed by Dewi Lestari.');
    refused(await sign('engineer', 'certified', c[1].wo_task_id), 'Task card 2 (AMM 34-11-00) is not performed yet: it is certified once the work is signed as performed.');
    expect((await cards(wo.wo_id))[0]).toEqual(before);
  });

  it('refuses a category the authorisation lacks, a type it does not cover and an authorisation that expired', async () => {
    ok(await sign('engineer', 'performed', c[1].wo_task_id));
    // card 2 needs B2: the engineer holds B1 (valid) and A (expired); the B1 gets furthest (category fails first for both)
    refused(await sign('engineer', 'certified', c[1].wo_task_id), 'Your authorisation CTA-B1-0107 (category B1) does not allow you to certify this task: it needs category B2.');
    // the planner holds no authorisation at all
    refused(await sign('planner', 'certified', c[1].wo_task_id), 'You hold no certifying staff authorisation in this company: you cannot certify this task.');
    // the engineer's B1 covers the ATR 72-600 and the A320neo, not the Boeing 737-800 (PK-WHA)
    const boeing = await approvedWorkOrder('PK-WHA', [{ task_source: 'ADHOC', task_code: 'AMM 32-00', description: 'Gear check', cert_category: 'B1' }]);
    const [bc] = await cards(boeing.wo_id);
    ok(await sign('engineer', 'performed', bc.wo_task_id));
    refused(await sign('engineer', 'certified', bc.wo_task_id), 'Your authorisation CTA-B1-0107 does not cover the Boeing 737-800 type.');
    // an authorisation that expired yesterday: the engineer's B1 moved back in time
    await sql`update staff_authorisation set valid_to = ${addDays(today, -1)} where auth_no = 'CTA-B1-0107' and compcode = 'CTA'`.execute(db());
    try {
      refused(await sign('engineer', 'certified', c[0].wo_task_id), `Your authorisation CTA-B1-0107 expired on ${addDays(today, -1)}.`);
    } finally {
      await sql`update staff_authorisation set valid_to = '2027-12-31' where auth_no = 'CTA-B1-0107' and compcode = 'CTA'`.execute(db());
    }
    expect((await cards(wo.wo_id)).map((x) => x.certified_user)).toEqual([null, null, null]);
  });

  it('certified under the B1, inspected by the inspector: the RII card is DONE', async () => {
    ok(await sign('engineer', 'certified', c[0].wo_task_id));
    expect((await cards(wo.wo_id))[0]).toMatchObject({ task_status: 'PERFORMED', certified_user: ids.engineer, certified_auth: 'CTA-B1-0107' });
    ok(await sign('inspector', 'inspected', c[0].wo_task_id));
    expect((await cards(wo.wo_id))[0]).toMatchObject({ task_status: 'DONE', inspected_user: ids.inspector, inspected_by: 'Yusuf Hakim', inspected_auth: 'CTA-INSP-007' });
    refused(await sign('inspector', 'inspected', c[0].wo_task_id), 'Task card 1 (AMM 27-10-00) is already inspected by Yusuf Hakim.');
  });

  it('the CRS is refused while a card is open, and by someone without a release authorisation', async () => {
    // card 2 (B2) is performed only, card 3 is open
    refused(
      await act('approver', 'work_order', 'issue_crs', wo.wo_id),
      'The certificate of release to service cannot be issued: Task card 2 (AMM 34-11-00) is performed but not fully signed (certification or independent inspection missing); Task card 3 (AMM 12-13-79) is not signed. Every card must be signed or deferred.',
    );
    expect((await one(`select wo_status, crs_no from work_order where wo_id = ${wo.wo_id}`))).toEqual({ wo_status: 'INPROGRESS', crs_no: null });
  });

  it('the work order is not closed while cards are open and no CRS is issued', async () => {
    // card 1 is DONE (certified and inspected above), card 2 performed only, card 3 open
    const r = await act('planner', 'work_order', 'close_work_order', wo.wo_id);
    wrongState(r, `This work order is In work: Close Work Order is offered only when it is Released to service (CRS issued).`);
    expect(await one(`select wo_status, crs_no, actual_end from work_order where wo_id = ${wo.wo_id}`)).toEqual({ wo_status: 'INPROGRESS', crs_no: null, actual_end: null });
  });
});

/**
 * Accomplishment posted at release through the programme's rules. PK-WFD's current total is N
 * (minutes); three 100 h checks (6,000 min) with ±10 h (600 min) tolerance were last done at
 * N − 80 h, N − 95 h and N − 105 h, so they are planned at N + 20 h, N + 5 h and N − 5 h. Done
 * today at N:
 * - 20 h early, beyond the tolerance: the next due counts from the accomplishment, N + 100 h;
 * - 5 h early, within: from the planned due, N + 5 h + 100 h = N + 105 h;
 * - 5 h late, within: from the planned due, N − 5 h + 100 h = N + 95 h;
 * and a recurring AD every 500 h (no tolerance on directives) is re-armed at N + 500 h.
 */
describe('release to service posts compliance', () => {
  let N = 0;
  let wo: Row;
  const insp: number[] = [];
  let adStatus = 0;
  let adId = 0;

  beforeAll(async () => {
    const wfd = await aircraft('PK-WFD');
    N = wfd.total_fh;
    const group = await one(`select id from inspection_group where compcode = 'CTA' and code = 'A-CHK'`);
    for (const [code, hoursAgo, date] of [['TST-EB', 80, -20], ['TST-EW', 95, -19], ['TST-LW', 105, -18]] as const) {
      const i = ok(await t.call('POST', '/api/data/aircraft_type_inspection', { token: tok.planner, body: { aircraft_type: wfd.aircraft_type, task_code: code, title: `100 h check ${code}`, inspection_group: group.id, interval_fh: 6000, tolerance_fh: 600, whichever: 'FIRST', repetitive: true } })).data;
      insp.push(i.type_inspection_id);
      const rec = ok(await t.call('POST', '/api/data/maintenance_record', { token: tok.planner, body: { aircraft: wfd.aircraft_id, done_date: addDays(today, date), ac_fh: N - hoursAgo * 60, ac_fc: wfd.total_fc - 50, certifying_staff: 'Earlier B1', lines: [{ item_kind: 'INSPECTION', type_inspection: i.type_inspection_id }] } })).data;
      ok(await act('planner', 'maintenance_record', 'post_maintenance_record', rec.record_id));
    }
    const authority = await one(`select id from ad_authority where compcode = 'CTA' and code = 'EASA'`);
    const ad = ok(await t.call('POST', '/api/data/aircraft_type_ad', { token: tok.planner, body: { aircraft_type: wfd.aircraft_type, authority: authority.id, ad_number: 'TST-AD-REP', title: 'Repetitive test directive', ad_subject: 'AIRFRAME', effective_date: addDays(today, -30), threshold_fh: 6000, is_recurring: true, interval_fh: 30000, whichever: 'FIRST' } })).data;
    adId = ad.type_ad_id;
    adStatus = ok(await t.call('POST', '/api/data/aircraft_ad_status', { token: tok.planner, body: { aircraft: wfd.aircraft_id, type_ad: ad.type_ad_id, ad_status: 'OPEN' } })).data.ad_status_id;
    const planned = async (id: number) => (await one(`select next_due_fh from due_item where due_key = 'I${wfd.aircraft_id}-${id}'`)).next_due_fh;
    // the planned dues, worked above
    expect([await planned(insp[0]), await planned(insp[1]), await planned(insp[2])]).toEqual([N + 1200, N + 300, N - 300]);
    wo = await approvedWorkOrder('PK-WFD', [
      ...insp.map((id, k) => ({ task_source: 'INSPECTION', task_code: ['TST-EB', 'TST-EW', 'TST-LW'][k], description: '100 h check', type_inspection: id, cert_category: 'B1' })),
      { task_source: 'AD', task_code: 'TST-AD-REP', description: 'Repetitive inspection', type_ad: ad.type_ad_id, cert_category: 'B1' },
    ]);
  });

  it('signed cards, then the CRS by the Technical Director (C): records, due list and AD status move', async () => {
    for (const card of await cards(wo.wo_id)) {
      ok(await sign('engineer', 'performed', card.wo_task_id));
      ok(await sign('engineer', 'certified', card.wo_task_id));
    }
    // the release is given by the Technical Director under the C authorisation CTA-C-0002
    const r = ok(await act('approver', 'work_order', 'issue_crs', wo.wo_id));
    expect(r.message).toMatch(new RegExp(`^CRS-${String(wo.wo_no)} issued for ${String(wo.wo_no)} by Hendra Gunawan \\(CTA-C-0002\\)\\. Compliance posted in MRC-`));
    const after = await one(`select * from work_order where wo_id = ${wo.wo_id}`);
    expect(after).toMatchObject({ wo_status: 'CRS', crs_no: `CRS-${String(wo.wo_no)}`, crs_user: ids.approver, crs_auth_no: 'CTA-C-0002', crs_signed_by: 'Hendra Gunawan (CTA-C-0002)' });
    const wfd = await aircraft('PK-WFD');
    const due = async (id: number) => (await one(`select next_due_fh from due_item where due_key = 'I${wfd.aircraft_id}-${id}'`)).next_due_fh;
    expect(await due(insp[0])).toBe(N + 6000); // early beyond tolerance: from the accomplishment
    expect(await due(insp[1])).toBe(N + 6300); // early within: from the planned N + 5 h
    expect(await due(insp[2])).toBe(N + 5700); // late within: from the planned N − 5 h
    expect(await one(`select ad_status, next_due_fh, last_done_fh from aircraft_ad_status where ad_status_id = ${adStatus}`)).toEqual({ ad_status: 'RECURRING', next_due_fh: N + 30000, last_done_fh: N });
    expect((await one(`select next_due_fh from due_item where due_key = 'A${adStatus}'`)).next_due_fh).toBe(N + 30000);
    const lines = (await sql.raw<Row>(`select l.reset_basis, l.overrun, l.type_inspection, l.type_ad from maintenance_record_line l join maintenance_record r on r.record_id = l.maintenance_record where r.work_order = ${wo.wo_id} order by l.record_line_id`).execute(db())).rows;
    expect(lines).toEqual([
      { reset_basis: 'ACTUAL', overrun: false, type_inspection: insp[0], type_ad: null },
      { reset_basis: 'PLANNED', overrun: false, type_inspection: insp[1], type_ad: null },
      { reset_basis: 'PLANNED', overrun: false, type_inspection: insp[2], type_ad: null },
      { reset_basis: 'ACTUAL', overrun: false, type_inspection: null, type_ad: adId },
    ]);
    expect((await cards(wo.wo_id)).every((x) => x.compliance_record !== null)).toBe(true);
    // released once
    wrongState(await act('approver', 'work_order', 'issue_crs', wo.wo_id), `This work order is Released to service (CRS issued): Issue CRS is offered only when it is Released for work or In work.`);
    refused(await sign('engineer', 'performed', (await cards(wo.wo_id))[0].wo_task_id), `Work order ${String(wo.wo_no)} is already released to service: its cards take no more signatures.`);
  });

  it("prints the CRS (certifier's name and authorisation number) and the work pack with each card's signatures as PDF", async () => {
    const pdf = async (print: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/data/work_order/${wo.wo_id}/pdf?print=${print}`, headers: { authorization: `Bearer ${tok.planner}` } });
      expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      return pdfText(r.rawPayload).replace(/\s+/g, ' '); // words as read, whatever the line breaks
    };
    const crs = await pdf('crs');
    expect(crs).toContain('Certificate of Release to Service');
    expect(crs).toContain(`CRS-${String(wo.wo_no)}`);
    expect(crs).toContain('PK-WFD');
    expect(crs).toContain('Hendra Gunawan (CTA-C-0002)');
    expect(crs).toContain('Authorisation No. CTA-C-0002');
    expect(crs).toContain('is considered ready for release to service');
    for (const card of await cards(wo.wo_id)) expect(crs).toContain(String(card.task_code));
    const pack = await pdf('work_pack');
    expect(pack).toContain('Work Pack');
    expect(pack).toContain(String(wo.wo_no));
    expect((pack.match(/Performed by/g) ?? []).length).toBe((await cards(wo.wo_id)).length); // one sign-off box per card
    expect(pack).toContain('CTA-B1-0107'); // certified under the engineer's B1
    // an unknown print is 404 naming the ones there are; the default print still works
    const unknown = await t.call('GET', `/api/data/work_order/${wo.wo_id}/pdf?print=nope`, { token: tok.planner });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Work Order has no print 'nope' (it has: crs, work_pack).");
  });

  it('refuses the CRS print of a work order not released, and any print without P', async () => {
    const draft = await approvedWorkOrder('PK-WFD', [{ task_source: 'ADHOC', task_code: 'AMM 12-13-79', description: 'Engine oil servicing', cert_category: 'B1' }]);
    const r = await t.call('POST', `/api/data/work_order/${draft.wo_id}/printjob`, { token: tok.planner, body: { print: 'crs' } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('The certificate of release to service prints once it is issued (Issue CRS).');
    expect((await t.call('POST', `/api/data/work_order/${draft.wo_id}/printjob`, { token: tok.planner, body: { print: 'work_pack' } })).status).toBe(200);
    // the engineer's maintenance letters are RU: no P, no print of any kind
    expect((await t.call('GET', `/api/data/work_order/${draft.wo_id}/pdf?print=work_pack`, { token: tok.engineer })).status).toBe(403);
  });
});

/**
 * Materials, labour and cost of a work order (decision 0165): parts listed per card, Request Parts
 * raising the work order's material request and reserving the free stock, hours booked per card
 * and person, the issue to the work order, and the progress screen's figures worked by hand.
 */
describe('materials, labour and cost', () => {
  const formBody = (entity: string, row: Row, extra: string[] = []) => Object.fromEntries([...t.services.reg.entity(entity).fields.filter((f) => !f.hidden && !f.readOnly).map((f) => f.name), ...extra].filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));
  const save = async (who: string, wo: number, change: (doc: Row) => void) => {
    const read = ok(await t.call('GET', `/api/data/work_order/${wo}`, { token: tok[who] })).data;
    const doc: Row = { ...formBody('work_order', read, ['version', 'statuswf', 'wo_status']) };
    for (const [c, e, k] of [['tasks', 'work_order_task', 'wo_task_id'], ['parts', 'work_order_part', 'wo_part_id'], ['labour', 'work_order_labour', 'wo_labour_id']] as const) {
      doc[c] = (read[c] as Row[]).map((x) => ({ ...formBody(e, x, [k, 'task_status']) }));
      for (const line of doc[c] as Row[]) delete line.work_order;
    }
    change(doc);
    return t.call('PUT', `/api/data/work_order/${wo}`, { token: tok[who], body: doc });
  };

  it('requests the parts with a reservation, books labour per card, and shows planned against booked, parts and cost', async () => {
    const admin = await t.signIn('cta.admin', DEMO_PASSWORD);
    tok.ctaAdmin = admin.token;
    // a part with serviceable stock free in a CTA store, and one with none
    const stocked = await one(`select b.item, b.store, b.condition, nullif(b.batch_number, '') as batch_number, sum(b.quantity)::numeric as qty from stock_balance b join store_warehouse s on s.store_id = b.store join master_item i on i.item_id = b.item
      where b.compcode = 'CTA' and s.store_type not in ('US', 'QUAR') and b.condition in ('NE', 'NS', 'OH', 'SV', 'RP') and i.tracking = 'none' and b.expiry_date is null
        and not exists (select 1 from stock_reservation_line rl join stock_reservation r on r.reservekey = rl.reservation where r.posted = 1 and r.status = 1 and rl.item = b.item)
      group by b.item, b.store, b.condition, b.batch_number having sum(b.quantity) >= 2 order by b.item limit 1`);
    expect(stocked, 'a CTA item with 2 or more in a serviceable store').toBeTruthy();
    const category = await one(`select id from master_item_category where compcode = 'CTA' and code = 'EXP'`);
    const none = await db().insertInto('master_item').values({ compcode: 'CTA', partnumber: 'T-NOSTOCK-1', itemname: 'Part never in stock', category: category.id, tracking: 'none', unit: 'PCS', active: true, created_by: 'test' }).returning('item_id').executeTakeFirstOrThrow();
    // the company's labour rate for B1 from today: 450,000.00 per hour
    ok(await t.call('POST', '/api/data/mro_pricing', { token: tok.ctaAdmin, body: { valid_from: today, tax_pct: 11, rates: [{ skill: 'B1', rate: 450000 }] } }));

    const order = await approvedWorkOrder('PK-WFD', [{ task_source: 'ADHOC', task_code: 'AMM 32-41-00', description: 'Brake unit change', cert_category: 'B1', skill: 'B1', est_manhours: 4 }]);
    const other = await approvedWorkOrder('PK-WFD', [{ task_source: 'ADHOC', description: 'Another order', cert_category: 'B1' }]);
    const [card] = await cards(order.wo_id);
    const [foreign] = await cards(other.wo_id);
    // the planner lists the parts of the card: 2 of the stocked item, 1 of the other
    const listed = await save('planner', order.wo_id, (d) => {
      d.parts = [
        { task: card.wo_task_id, item: stocked.item, quantity: 2, unit: 'PCS' },
        { task: card.wo_task_id, item: none.item_id, quantity: 1, unit: 'PCS' },
      ];
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    // the card lookups of the parts and labour lines offer this order's cards only (match on its key)
    for (const child of ['work_order_part', 'work_order_labour']) {
      const offered = ok(await t.call('GET', `/api/data/${child}/lookup/task?m.work_order=${order.wo_id}&limit=100`, { token: tok.planner }));
      expect(offered.list.map((r: Row) => r.key)).toEqual([card.wo_task_id]);
    }
    // a part for a card of another order is refused at its line, nothing written
    const wrong = await save('planner', order.wo_id, (d) => {
      (d.parts as Row[])[1].task = foreign.wo_task_id;
    });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: '/parts/1/task', message: 'must be a task card of this work order' }]);

    const asked = ok(await act('planner', 'work_order', 'request_work_order_parts', order.wo_id));
    const mr = await one(`select * from material_request where requestkey = ${asked.requestkey}`);
    expect(mr).toMatchObject({ work_order: order.wo_id, workorder_no: order.wo_no, registration: 'PK-WFD', statuswf: '000' });
    expect(asked.reservations).toHaveLength(1);
    const res = await one(`select r.*, (select sum(quantity)::numeric from stock_reservation_line where reservation = r.reservekey) as qty from stock_reservation r where compcode = 'CTA' and reserveno = '${asked.reservations[0]}'`);
    expect(res).toMatchObject({ posted: 1, status: 1, workorder_no: order.wo_no, material_request: mr.requestkey, store: stocked.store });
    expect(Number(res.qty)).toBe(2);
    const parts = (await sql.raw<Row>(`select * from work_order_part where work_order = ${order.wo_id} order by wo_part_id`).execute(db())).rows;
    expect(parts.map((p) => [p.mr_line !== null, Number(p.qty_reserved)])).toEqual([[true, 2], [true, 0]]);
    expect(asked.message).toMatch(/still to supply: .* 1$|still to supply: .* 1\.$/);
    // nothing left to request
    expect((await act('planner', 'work_order', 'request_work_order_parts', order.wo_id)).status).toBe(409);

    // the engineer books 2.5 h on the card (and not on another order's card)
    const booked = await save('engineer', order.wo_id, (d) => {
      d.labour = [{ task: card.wo_task_id, person: ids.engineer, work_date: today, hours: 2.5 }];
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const badBooking = await save('engineer', order.wo_id, (d) => {
      (d.labour as Row[])[0].task = foreign.wo_task_id;
    });
    expect(badBooking.status).toBe(400);
    expect(badBooking.body.errors).toEqual([{ path: '/labour/0/task', message: 'must be a task card of this work order' }]);

    // stores issues one of the reserved parts to the work order
    const issue = ok(await t.call('POST', '/api/data/inventory_issue', { token: tok.ctaAdmin, body: { issuedate: today, issue_type: 'AC', store: stocked.store, work_order: order.wo_id, lines: [{ task: foreign.wo_task_id, item: stocked.item, quantity: 1, condition: stocked.condition, batch_number: stocked.batch_number, unit: 'PCS' }] } })).data;
    // a line for a card of another order is refused at posting, at its field; for the order's own card it posts
    const wrongCard = await t.call('POST', '/api/data/inventory_issue/action/post_inventory_issue', { token: tok.ctaAdmin, body: { key: issue.issuekey } });
    expect(wrongCard.status, JSON.stringify(wrongCard.body)).toBe(400);
    expect(wrongCard.body.errors).toEqual([{ path: '/lines/0/task', message: "must be a task card of the issue's work order" }]);
    const draft = ok(await t.call('GET', `/api/data/inventory_issue/${issue.issuekey}`, { token: tok.ctaAdmin })).data;
    const fixed = { ...formBody('inventory_issue', draft, ['version']), lines: draft.lines.map((l: Row) => ({ ...formBody('inventory_issue_line', l, ['issuedtlkey']), task: card.wo_task_id })) };
    for (const l of fixed.lines) delete l.issue;
    ok(await t.call('PUT', `/api/data/inventory_issue/${issue.issuekey}`, { token: tok.ctaAdmin, body: fixed }));
    ok(await t.call('POST', '/api/data/inventory_issue/action/post_inventory_issue', { token: tok.ctaAdmin, body: { key: issue.issuekey } }));
    const issuedFor = await one(`select task from inventory_issue_line where issue = ${issue.issuekey}`);
    expect(issuedFor.task).toBe(card.wo_task_id);
    const value = -Number((await one(`select sum(amount)::numeric as v from stock_ledger where source = 'inventory_issue' and source_key = ${issue.issuekey}`)).v);

    const progress = ok(await t.call('GET', `/api/data/work_order_progress/${order.wo_id}`, { token: tok.planner })).data;
    expect(progress).toMatchObject({ tasks_total: 1, tasks_open: 1, tasks_done: 0 });
    expect(Number(progress.est_manhours)).toBe(4);
    expect(Number(progress.booked_manhours)).toBe(2.5);
    expect(Number(progress.parts_requested)).toBe(3); // 2 + 1
    expect(Number(progress.parts_reserved)).toBe(1); // 2 reserved, 1 of them issued
    expect(Number(progress.parts_issued)).toBe(1);
    expect(Number(progress.labour_cost)).toBe(1125000); // 2.5 h × 450,000.00
    expect(Number(progress.parts_cost)).toBeCloseTo(value, 2);
    expect(Number(progress.total_cost)).toBeCloseTo(1125000 + value, 2);
  });
});

/**
 * A component-change card (decision 0160, "Component changes"): a main wheel removed for wear and a spare fitted in its
 * place, both posted at the release on the day the work was signed, the removed wheel back in the
 * Halim unserviceable store as a draft receipt with its times at removal.
 */
describe('component change cards', () => {
  it('the release posts the removal and the installation and raises the removed part\'s unserviceable receipt', async () => {
    const wfd = await aircraft('PK-WFD');
    // a part of the ATR programme installed on PK-WFD (not an engine or an LLP), and a spare of it
    const fitted = await one(`select c.* from fleet_component c join aircraft_type_component t on t.type_component_id = c.type_component
      where c.aircraft = ${wfd.aircraft_id} and c.parent_component is null and not c.is_llp and c.component_class <> 'ENGINE' and c.times_known order by c.component_id limit 1`);
    expect(fitted, 'a part installed on PK-WFD').toBeTruthy();
    const spare = ok(await t.call('POST', '/api/data/fleet_component', { token: tok.planner, body: { type_component: fitted.type_component, partnumber: fitted.partnumber, partname: fitted.partname, serial_number: `TST-${String(Date.now()).slice(-6)}`, component_class: fitted.component_class, tsn: 0, csn: 0, times_known: true, is_llp: false, manufacture_date: addDays(today, -400) } })).data;
    const order = await approvedWorkOrder('PK-WFD', [
      { task_source: 'CHANGE', task_code: 'AMM 32-41-11-000-801', description: `Replace ${String(fitted.partname)} (worn)`, component: fitted.component_id, installed_component: spare.component_id, change_reason: 'UNSCHEDULED', cert_category: 'B1' },
    ]);
    const [card] = await cards(order.wo_id);
    ok(await sign('engineer', 'performed', card.wo_task_id));
    ok(await sign('engineer', 'certified', card.wo_task_id));
    const signedCard = (await cards(order.wo_id))[0];
    const r = ok(await act('approver', 'work_order', 'issue_crs', order.wo_id));
    expect(r.message).toContain(`Card 1: S/N ${String(fitted.serial_number)} removed, S/N ${String(spare.serial_number)} installed, unserviceable receipt `);

    // the parts: the removed one off the aircraft and unserviceable, the spare in its position
    const off = await one(`select aircraft, component_status, position, tsn, csn from fleet_component where component_id = ${fitted.component_id}`);
    const on = await one(`select aircraft, component_status, position, installed_ac_fh from fleet_component where component_id = ${spare.component_id}`);
    expect(off).toMatchObject({ aircraft: null, component_status: 'US', position: null });
    expect(on).toMatchObject({ aircraft: wfd.aircraft_id, component_status: 'INSTALLED', position: fitted.position, installed_ac_fh: signedCard.ac_fh_done });
    const after = (await cards(order.wo_id))[0];
    const removal = await one(`select * from component_change where change_id = ${after.removal_change}`);
    const installation = await one(`select * from component_change where change_id = ${after.installation_change}`);
    // both on the day the work was signed, at the aircraft's totals of that day
    expect(removal).toMatchObject({ action: 'REMOVE', posted: 1, change_date: signedCard.done_date, ac_fh: signedCard.ac_fh_done, ac_fc: signedCard.ac_fc_done, reason: 'UNSCHEDULED' });
    expect(installation).toMatchObject({ action: 'INSTALL', posted: 1, change_date: signedCard.done_date, aircraft: wfd.aircraft_id });
    // the removed part's times at removal = its times when it came off (nothing flown since)
    expect(removal.tsn).toBe(off.tsn);
    expect(removal.csn).toBe(off.csn);

    // the receipt: a draft in the Halim unserviceable store, the part as removed, its times
    const receipt = await one(`select r.*, s.store_code from unserviceable_receipt r join store_warehouse s on s.store_id = r.store where r.usreceiptkey = ${after.us_receipt}`);
    expect(receipt).toMatchObject({ posted: 0, source: 'REM', registration: 'PK-WFD', workorder_no: order.wo_no, removal_date: signedCard.done_date, removal_reason: 'UNSCHED', store_code: 'HLP-US' });
    expect(r.message).toContain(`unserviceable receipt ${String(receipt.usreceiptno)} raised (draft)`);
    const line = await one(`select * from unserviceable_receipt_line where usreceipt = ${after.us_receipt}`);
    expect(line).toMatchObject({ serial_number: fitted.serial_number, condition: 'AR', tsn: removal.tsn, csn: removal.csn, tso: removal.tso, cso: removal.cso });
    expect(Number(line.quantity)).toBe(1);
  });

  it('refuses the release of a change card whose part is not on the aircraft, writing nothing', async () => {
    const wfd = await aircraft('PK-WFD');
    const elsewhere = await one(`select c.* from fleet_component c where c.compcode = 'CTA' and c.aircraft is not null and c.aircraft <> ${wfd.aircraft_id} order by c.component_id limit 1`);
    const order = await approvedWorkOrder('PK-WFD', [{ task_source: 'CHANGE', description: 'Replace the part', component: elsewhere.component_id, change_reason: 'SCHEDULED', cert_category: 'B1' }]);
    const [card] = await cards(order.wo_id);
    ok(await sign('engineer', 'performed', card.wo_task_id));
    ok(await sign('engineer', 'certified', card.wo_task_id));
    const before = await one(`select aircraft, component_status from fleet_component where component_id = ${elsewhere.component_id}`);
    refused(await act('approver', 'work_order', 'issue_crs', order.wo_id), `Task card 1: S/N ${String(elsewhere.serial_number)} is not installed on PK-WFD.`);
    expect(await one(`select aircraft, component_status from fleet_component where component_id = ${elsewhere.component_id}`)).toEqual(before);
    expect(await one(`select wo_status, crs_no from work_order where wo_id = ${order.wo_id}`)).toEqual({ wo_status: 'INPROGRESS', crs_no: null }); // in work since the first signature
  });
});

/**
 * The work order's progress (wo_status, decision 0162) moves only through its workflow and its
 * actions: DRAFT → sent (ON PROCESS) → approved: RELEASED → Start Work: INPROGRESS → Issue CRS:
 * CRS → Close: CLOSED. A generic create or update carrying another value is 409 and writes nothing.
 */
describe('work order progress', () => {
  const conflict = (r: CallResult, message: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body).toMatchObject({ code: 'ERR_CONFLICT', message });
  };
  const PROGRESS = "The Work Order's Progress changes only through its actions, never by editing it.";
  const order = (id: number) => one(`select wo_status, statuswf, version, title, actual_start, crs_no from work_order where wo_id = ${id}`);
  // a PUT as the form sends it: the record's fields as read (the server-set ones unchanged), its version, the values changed
  const formBody = async (id: number, values: Row) => {
    const stored = ok(await t.call('GET', `/api/data/work_order/${id}`, { token: tok.planner })).data;
    const body: Row = { version: stored.version };
    for (const f of t.services.reg.entity('work_order').fields) if (!f.hidden && stored[f.name] !== undefined) body[f.name] = stored[f.name];
    return { ...body, ...values };
  };
  const put = async (id: number, values: Row) => t.call('PUT', `/api/data/work_order/${id}`, { token: tok.planner, body: await formBody(id, values) });
  const draft = async (title: string) => {
    const ac = await aircraft('PK-WFD');
    return ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title, tasks: [{ seq: 1, task_source: 'ADHOC', task_code: 'AMM 12-13-79', description: 'Engine oil servicing', cert_category: 'B1' }] } })).data;
  };

  it('a new order is a draft; creating one in another state is refused', async () => {
    const ac = await aircraft('PK-WFD');
    const before = await one(`select count(*)::int as n from work_order`);
    conflict(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Typed closed', wo_status: 'CLOSED' } }), PROGRESS);
    expect(await one(`select count(*)::int as n from work_order`)).toEqual(before);
    // the default sent back as it is, as a form does, is accepted
    const wo = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Typed draft', wo_status: 'DRAFT' } })).data;
    expect(wo.wo_status).toBe('DRAFT');
  });

  it('the full path: draft, sent, released, in work, released to service, closed; no PUT moves it', async () => {
    const wo = await draft('Progress path');
    const [card] = await cards(wo.wo_id);
    expect((await order(wo.wo_id)).wo_status).toBe('DRAFT');
    // a draft is neither started, signed, released nor closed
    wrongState(await act('planner', 'work_order', 'start_work_order', wo.wo_id), `This work order is Draft: Start Work is offered only when it is Released for work.`);
    refused(await sign('engineer', 'performed', card.wo_task_id), `Work order ${String(wo.wo_no)} is not released for work yet: its cards are signed once it is approved.`);
    wrongState(await act('approver', 'work_order', 'issue_crs', wo.wo_id), `This work order is Draft: Issue CRS is offered only when it is Released for work or In work.`);
    wrongState(await act('planner', 'work_order', 'close_work_order', wo.wo_id), `This work order is Draft: Close Work Order is offered only when it is Released to service (CRS issued).`);
    // nor released by a PUT: 409, the row as it was (same version)
    const stored = await order(wo.wo_id);
    conflict(await put(wo.wo_id, { wo_status: 'RELEASED', title: 'Released by hand' }), PROGRESS);
    expect(await order(wo.wo_id)).toEqual(stored);

    ok(await act('planner', 'work_order', 'send_work_order', wo.wo_id));
    expect(await order(wo.wo_id)).toMatchObject({ statuswf: '100', wo_status: 'DRAFT' });
    conflict(await act('planner', 'work_order', 'withdraw_work_order', wo.wo_id), `Work order ${String(wo.wo_no)} is on process: cancel the sending before withdrawing it.`);
    const task = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: task.taskassignkey, actionTake: 'APPROVED', comment: 'Released' } }));
    expect(await order(wo.wo_id)).toMatchObject({ statuswf: '111', wo_status: 'RELEASED', actual_start: null });

    // the planner edits the released order (the progress sent back unchanged), but cannot move it
    ok(await put(wo.wo_id, { title: 'Progress path, planned', wo_status: 'RELEASED' }));
    // a CRS is never typed: the release fields are the Issue CRS action's (read-only, a typed value is not stored)
    ok(await put(wo.wo_id, { crs_no: 'CRS-TYPED', crs_signed_by: 'Nobody', crs_date: `${today}T10:00:00.000Z` }));
    expect(await one(`select crs_no, crs_signed_by, crs_date from work_order where wo_id = ${wo.wo_id}`)).toEqual({ crs_no: null, crs_signed_by: null, crs_date: null });
    const released = await order(wo.wo_id);
    expect(released.title).toBe('Progress path, planned');
    conflict(await put(wo.wo_id, { wo_status: 'INPROGRESS' }), PROGRESS);
    conflict(await put(wo.wo_id, { wo_status: 'CLOSED' }), PROGRESS);
    expect(await order(wo.wo_id)).toEqual(released);

    ok(await act('planner', 'work_order', 'start_work_order', wo.wo_id));
    const started = await order(wo.wo_id);
    expect(started.wo_status).toBe('INPROGRESS');
    expect(started.actual_start).not.toBeNull();
    wrongState(await act('planner', 'work_order', 'start_work_order', wo.wo_id), `This work order is In work: Start Work is offered only when it is Released for work.`);
    // refused with the screen's edits sent along (save): nothing is written, not even the edits
    const inWork = await order(wo.wo_id);
    wrongState(
      await t.call('POST', '/api/data/work_order/action/start_work_order', { token: tok.planner, body: { key: wo.wo_id, save: await formBody(wo.wo_id, { title: 'Saved with a refused start' }) } }),
      `This work order is In work: Start Work is offered only when it is Released for work.`,
    );
    expect(await order(wo.wo_id)).toEqual(inWork);
    wrongState(await act('planner', 'work_order', 'withdraw_work_order', wo.wo_id), `This work order is In work: Withdraw is offered only when it is Draft or Released for work.`);

    ok(await sign('engineer', 'performed', card.wo_task_id));
    ok(await sign('engineer', 'certified', card.wo_task_id));
    // every card signed, but no CRS yet: still not closed
    wrongState(await act('planner', 'work_order', 'close_work_order', wo.wo_id), `This work order is In work: Close Work Order is offered only when it is Released to service (CRS issued).`);
    expect((await order(wo.wo_id)).wo_status).toBe('INPROGRESS');

    // an ADHOC card links no programme item: nothing to post
    expect(ok(await act('approver', 'work_order', 'issue_crs', wo.wo_id)).message).toBe(`CRS-${String(wo.wo_no)} issued for ${String(wo.wo_no)} by Hendra Gunawan (CTA-C-0002). No programme item to post.`);
    expect(await order(wo.wo_id)).toMatchObject({ wo_status: 'CRS', crs_no: `CRS-${String(wo.wo_no)}` });
    // released to service: the order is frozen (lifecycle), a PUT of the progress is still 409
    conflict(await put(wo.wo_id, { wo_status: 'CLOSED' }), PROGRESS);

    expect(ok(await act('planner', 'work_order', 'close_work_order', wo.wo_id)).message).toBe(`${String(wo.wo_no)} closed.`);
    expect((await order(wo.wo_id)).wo_status).toBe('CLOSED');
    wrongState(await act('planner', 'work_order', 'close_work_order', wo.wo_id), `This work order is Closed: Close Work Order is offered only when it is Released to service (CRS issued).`);
    wrongState(await act('approver', 'work_order', 'issue_crs', wo.wo_id), `This work order is Closed: Issue CRS is offered only when it is Released for work or In work.`);
  });

  it('a draft nobody signed is withdrawn, and a withdrawn order is not sent', async () => {
    const wo = await draft('Withdrawn package');
    ok(await act('planner', 'work_order', 'withdraw_work_order', wo.wo_id));
    expect((await order(wo.wo_id)).wo_status).toBe('CANCELLED');
    const stored = await order(wo.wo_id);
    conflict(await act('planner', 'work_order', 'send_work_order', wo.wo_id), `Work order ${String(wo.wo_no)} is withdrawn: it is not sent for approval.`);
    wrongState(await act('planner', 'work_order', 'start_work_order', wo.wo_id), `This work order is Cancelled: Start Work is offered only when it is Released for work.`);
    expect(await order(wo.wo_id)).toEqual(stored);
  });
});

describe('the demo work orders', () => {
  it('reached their progress through the workflow and the actions (the paper-released ones taken over closed)', async () => {
    const rows = (await sql.raw<Row>(`select wo_no, statuswf, wo_status from work_order where compcode = 'CTA' and wo_no in ('WO-2026-00318', 'WO-2026-00402', 'WO-2026-00449', 'WO-2026-00465', 'WO-2026-00472', 'WO-2026-00476') order by wo_no`).execute(db())).rows;
    expect(rows).toEqual([
      { wo_no: 'WO-2026-00318', statuswf: '111', wo_status: 'CLOSED' }, // $import: released on paper before the sign-off existed
      { wo_no: 'WO-2026-00402', statuswf: '111', wo_status: 'INPROGRESS' }, // approved, then Start Work
      { wo_no: 'WO-2026-00449', statuswf: '100', wo_status: 'DRAFT' }, // on process
      { wo_no: 'WO-2026-00465', statuswf: '110', wo_status: 'CANCELLED' }, // rejected, then Withdraw
      { wo_no: 'WO-2026-00472', statuswf: '111', wo_status: 'INPROGRESS' },
      { wo_no: 'WO-2026-00476', statuswf: '000', wo_status: 'DRAFT' }, // never sent
    ]);
    // each move of WO-2026-00402 was written by the approval and the action, audited with their reasons
    const audit = (await sql.raw<Row>(`select changes::text as c from sys_audit where entity = 'work_order' and record_key = (select wo_id::text from work_order where compcode = 'CTA' and wo_no = 'WO-2026-00402') order by 1`).execute(db())).rows.map((r) => String(r.c));
    expect(audit.filter((c) => c.includes('approved: released for work')).length).toBe(1);
    expect(audit.filter((c) => c.includes('work started')).length).toBe(1);
  });
});
