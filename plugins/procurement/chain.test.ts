/**
 * The procurement chain end to end through HTTP, as the demo's people work it in GAT: a
 * storekeeper's material request, purchase requests carried from it (one partial), a canvass sheet
 * with two quotations and a reasoned choice, purchase orders (one over the amount thresholds),
 * a cancelled PO remainder returning to its request, receivings, invoice terms with their payment
 * states, the history report and the events. Every quantity below is worked by hand:
 *
 *   MR      A 10 PCS (item X), B 4 PCS (item Y)
 *   PR1     A 6 (partial, chosen)               PR2   A 4, B 4 (the rest)     PR3 refused: nothing left
 *   CS1     A 6; V1 quotes 6 @ 100.00 (rank 2), V2 quotes 6 @ 90.00 (rank 1); V1 chosen for value
 *   PO1     V1, A 6 @ 100.00 = 600.00           (one approval: under 25,000)
 *   PO2     V2, A 4 @ 6,500 + B 4 @ 20,000 = 106,000.00   (three approvals: ≥ 25,000 and ≥ 100,000)
 *           B cancelled (4 back to PR2/2) → PO3 V2, B 4 (5 refused)
 *   RCV1    PO1/1 4, RCV2 PO1/1 the other 2, a third refused; 7 on one refused
 *   TRM     PO1 600.00 in 30 % / 70 %: 180.00 + 420.00
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { expectError } from '../../server/test/support.ts';
import { CHANNEL } from '../../server/src/realtime/events.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const users: Record<string, number> = {};
const events: { event: string; compcode?: string; data?: Record<string, unknown> }[] = [];
let unlisten: (() => Promise<void>) | undefined;
const ids: Record<string, number> = {};
type Row = Record<string, any>;

const db = () => t.services.database.db;

async function ok(r: { status: number; body: any }, status = 200) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}
const get = async (entity: string, key: number, who = 'purchaser'): Promise<Row> => (await ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: tok[who] }))).data;
const action = (who: string, entity: string, name: string, body: Record<string, unknown>) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body });
const put = (who: string, entity: string, key: number, body: Record<string, unknown>) => t.call('PUT', `/api/data/${entity}/${key}`, { token: tok[who], body });

/** The writable fields of a stored document (and its lines), to send back with changes. */
function editable(entity: string, row: Row): Row {
  const e = t.services.reg.entity(entity);
  const out: Row = { version: row.version };
  for (const f of e.fields) if (!f.readOnly && !f.hidden && row[f.name] !== undefined && f.name !== e.numbering?.field) out[f.name] = row[f.name];
  for (const c of e.children) if (Array.isArray(row[c.name])) out[c.name] = row[c.name].map((l: Row) => ({ [t.services.reg.entity(c.entity).key]: l[t.services.reg.entity(c.entity).key], ...editable(c.entity, l) }));
  for (const c of e.children) {
    for (const l of out[c.name] ?? []) {
      delete l.version;
      delete l[c.foreignKey];
    }
  }
  return out;
}

/** Acts on every open assignment of the document's task until it ends; returns who acted, in order. */
async function approveAll(entity: string, key: number, finalAction: 'APPROVED' | 'REJECTED' = 'APPROVED'): Promise<string[]> {
  const byId = Object.fromEntries(Object.entries(users).map(([u, id]) => [id, u]));
  const acted: string[] = [];
  for (let i = 0; i < 10; i++) {
    const task = await db().selectFrom('wf_task').selectAll().where('entity_name', '=', entity).where('record_key', '=', String(key)).orderBy('taskkey', 'desc').executeTakeFirstOrThrow();
    if (task.statuswf !== '100') return acted;
    const open = await db().selectFrom('wf_assignment').selectAll().where('taskkey', '=', task.taskkey as number).where('completeddate', 'is', null).executeTakeFirstOrThrow();
    const who = byId[Number(open.assignee)];
    expect(who, `assignee ${String(open.assignee)} is a demo user`).toBeTruthy();
    const steps = JSON.parse(String(task.steps_snapshot)) as { seq: number; item_kind: string }[];
    const kind = steps.find((s) => s.seq === Number(open.step_seq))?.item_kind;
    await ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok[who], body: { taskassignkey: open.taskassignkey, actionTake: finalAction === 'REJECTED' ? 'REJECTED' : kind === 'task' ? 'COMPLETED' : 'APPROVED', comment: 'checked' } }));
    acted.push(who);
  }
  throw new Error('workflow did not end');
}

async function send(who: string, entity: string, key: number) {
  return ok(await action(who, entity, `send_${entity}`, { key }));
}

/** Waits (without a fixed sleep) for an event published since `from` to arrive through LISTEN. */
async function eventSince(from: number, event: string, match: (d: Record<string, unknown>) => boolean = () => true) {
  for (let i = 0; i < 200; i++) {
    const hit = events.slice(from).find((e) => e.event === event && match(e.data ?? {}));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no ${event} event; got ${events.slice(from).map((e) => e.event).join(', ')}`);
}

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['storekeeper', 'purchaser', 'approver', 'procmanager', 'inspector', 'finance']) {
    const s = await t.signIn(u, 'demo1234');
    tok[u] = s.token;
    users[u] = s.user.user_id;
    // the chain runs in GAT (the Finance Director signs in to the holding first)
    await ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'GAT' } }));
  }
  const admin = await t.signIn('admin', 'admin123');
  tok.admin = admin.token;
  users.admin = admin.user.user_id;
  unlisten = await t.services.database.listen(CHANNEL, (payload) => events.push(JSON.parse(payload)));
  // two items stocked in PCS, a store, and two approved vendors made for the test
  const items = await db().selectFrom('master_item').select(['item_id']).where('compcode', '=', 'GAT').where('unit', '=', 'PCS').where('tracking', '=', 'none').orderBy('item_id').limit(2).execute();
  ids.X = Number(items[0].item_id);
  ids.Y = Number(items[1].item_id);
  ids.store = Number((await db().selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').where('store_code', '=', 'CGK-H4').executeTakeFirstOrThrow()).store_id);
  for (const [k, code] of [['V1', 'TV1'], ['V2', 'TV2'], ['V3', 'TV3']]) {
    const v = await ok(await t.call('POST', '/api/data/vendor', { token: tok.purchaser, body: { vendor_code: code, vendor_name: `Test vendor ${code}`, country: 'Indonesia', approval_status: 'APPROVED', approval_expiry: '2099-12-31', currency: 'USD' } }));
    ids[k] = v.data.vendor_id;
  }
});
afterAll(async () => {
  await unlisten?.();
  await t?.close();
});

describe('demo workflows and positions', () => {
  it('every demo workflow can assign its steps in every company (the holding too)', async () => {
    const steps = await db()
      .selectFrom('wf_step as s')
      .innerJoin('wf_definition as d', 'd.wftypekey', 's.wftypekey')
      .select(['d.compcode', 'd.name', 's.step_name', 's.assign_value'])
      .where('s.assign_kind', '=', 'position')
      .execute();
    // the reference workflows (fixtures/reference/20-workflows.yaml) in each of the three demo companies
    expect(new Set(steps.map((s) => s.compcode))).toEqual(new Set(['GAH', 'GAT', 'CTA']));
    expect(steps.length).toBeGreaterThanOrEqual(3 * 5);
    for (const { compcode, name, step_name, assign_value } of steps) {
      const holder = await db()
        .selectFrom('users as u')
        .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
        .select('u.username')
        .where('uc.compcode', '=', compcode as string)
        .where('u.jabatan', '=', String(assign_value))
        .where('u.active', '=', true)
        .executeTakeFirst();
      expect(holder, `${String(compcode)} ${String(name)} ${String(step_name)}`).toBeTruthy();
    }
  });

  it('a material request is sent to approval in every company, the holding included', async () => {
    const cta = await t.signIn('cta.admin', 'demo1234');
    for (const [compcode, token, userId] of [
      ['GAH', tok.admin, users.admin],
      ['GAT', tok.admin, users.admin],
      ['CTA', cta.token, cta.user.user_id],
    ] as const) {
      await ok(await t.call('PUT', `/api/users/ulc/${userId}`, { token, body: { compcode } }));
      const mr = (await ok(await t.call('POST', '/api/aircraft-mrequest', { token, body: { jasa: 0, remark: `send in ${compcode}`, lines: [{ linetype: 3, glaccount: '5101', description: 'freight', quantity: 1 }] } }))).data;
      const sent = await t.call('POST', '/api/data/material_request/action/send_material_request', { token, body: { key: mr.requestkey } });
      expect(sent.status, `${compcode}: ${JSON.stringify(sent.body)}`).toBe(200);
      const open = await db()
        .selectFrom('wf_assignment as a')
        .innerJoin('wf_task as tk', 'tk.taskkey', 'a.taskkey')
        .innerJoin('users as u', 'u.user_id', 'a.assignee')
        .select(['u.jabatan'])
        .where('tk.record_key', '=', String(mr.requestkey))
        .where('tk.entity_name', '=', 'material_request')
        .execute();
      expect(open.map((o) => o.jabatan)).toEqual(['Technical Director']);
    }
    await ok(await t.call('PUT', `/api/users/ulc/${users.admin}`, { token: tok.admin, body: { compcode: 'GAT' } }));
  });
});

describe('the chain with quantities', () => {
  let mr: Row;
  let pr1: Row;
  let pr2: Row;
  let cs: Row;
  let po1: Row;
  let po2: Row;

  it('a material request gets its line refs from the server and is approved (progress 0)', async () => {
    const r = await ok(
      await t.call('POST', '/api/aircraft-mrequest', {
        token: tok.storekeeper,
        body: { jasa: 0, registration: 'PK-GTB', remark: 'chain test', lines: [{ linetype: 1, item: ids.X, quantity: 10, description: 'Brake assembly', lineref: 'X/99' }, { linetype: 1, item: ids.Y, quantity: 4, description: 'Wheel' }] },
      }),
    );
    mr = r.data;
    expect(mr.lines.map((l: Row) => l.lineref)).toEqual([`${mr.requestno}/1`, `${mr.requestno}/2`]);
    await send('storekeeper', 'material_request', mr.requestkey);
    expect(await approveAll('material_request', mr.requestkey)).toEqual(['approver']);
    mr = await get('material_request', mr.requestkey, 'storekeeper');
    expect([mr.statuswf, mr.progress]).toEqual(['111', 0]);
  });

  it('PRs carry the MR lines: a partial one, the rest, then nothing is left', async () => {
    const [a, b] = mr.lines as Row[];
    // a chosen quantity above what is open is refused, writing nothing
    expectError(await action('storekeeper', 'material_request', 'pr_from_mr', { key: mr.requestkey, lines: [{ key: a.reqdtlkey, quantity: 11 }] }), 400, 'ERR_VALIDATION');
    const r1 = await ok(await action('storekeeper', 'material_request', 'pr_from_mr', { key: mr.requestkey, lines: [{ key: a.reqdtlkey, quantity: 6 }] }));
    pr1 = await get('purchase_request', r1.prkey, 'storekeeper');
    expect(pr1.lines.map((l: Row) => [l.lineref, l.mr_line, l.quantity, l.unit])).toEqual([[`${pr1.prno}/1`, a.reqdtlkey, 6, 'PCS']]);
    expect(pr1.material_request).toBe(mr.requestkey);
    const r2 = await ok(await action('storekeeper', 'material_request', 'pr_from_mr', { key: mr.requestkey }));
    pr2 = await get('purchase_request', r2.prkey, 'storekeeper');
    expect(pr2.lines.map((l: Row) => [l.mr_line, l.quantity])).toEqual([
      [a.reqdtlkey, 4],
      [b.reqdtlkey, 4],
    ]);
    expectError(await action('storekeeper', 'material_request', 'pr_from_mr', { key: mr.requestkey }), 409, 'ERR_CONFLICT');
  });

  it('refuses more than the MR line on every write path: a new line, a changed line', async () => {
    const [a] = mr.lines as Row[];
    const direct = await t.call('POST', '/api/data/purchase_request_line', { token: tok.storekeeper, body: { purchase_request: pr2.prkey, mr_line: a.reqdtlkey, item: ids.X, description: 'one more', quantity: 1, unit: 'PCS' } });
    expectError(direct, 400, 'ERR_VALIDATION', `${a.lineref} requested 10; 0 of it can still go on a purchase request, not 1.`);
    expect(direct.body.errors[0].path).toBe('/quantity');
    const body = editable('purchase_request', pr1);
    body.lines[0].quantity = 7;
    const changed = await put('storekeeper', 'purchase_request', pr1.prkey, body);
    expectError(changed, 400, 'ERR_VALIDATION', `${a.lineref} requested 10; 6 of it can still go on a purchase request, not 7.`);
    expect(changed.body.errors[0].path).toBe('/lines/0/quantity');
    expect((await get('purchase_request', pr1.prkey)).lines[0].quantity).toBe(6);
  });

  it('approving the PRs derives the MR line quantities and progress 1, with the events', async () => {
    const from = events.length;
    await send('storekeeper', 'purchase_request', pr1.prkey);
    await approveAll('purchase_request', pr1.prkey);
    await eventSince(from, 'prnotif', (d) => Number(d.key) === pr1.prkey);
    await eventSince(from, 'mrnotif', (d) => d.requestno === mr.requestno && d.progress === 1);
    mr = await get('material_request', mr.requestkey, 'storekeeper');
    expect(mr.progress).toBe(1);
    expect(mr.lines.map((l: Row) => [l.qty_on_pr, l.qty_received, l.outstand])).toEqual([
      [6, 0, 1],
      [0, 0, 1],
    ]);
    await send('storekeeper', 'purchase_request', pr2.prkey);
    await approveAll('purchase_request', pr2.prkey);
    mr = await get('material_request', mr.requestkey, 'storekeeper');
    expect(mr.lines.map((l: Row) => l.qty_on_pr)).toEqual([10, 4]);
    pr1 = await get('purchase_request', pr1.prkey);
    expect([pr1.statuswf, pr1.progress]).toEqual(['111', 0]);
  });

  it('canvass in four steps: RFQ, quotations, comparison, choice with a reason', async () => {
    const r = await ok(await action('purchaser', 'purchase_request', 'canvass_from_pr', { key: pr1.prkey }));
    cs = await get('canvass_sheet', r.csheetkey);
    expect(cs.lines.map((l: Row) => [l.lineref, l.pr_line, l.quantity])).toEqual([[`${cs.csno}/1`, pr1.lines[0].prdtlkey, 6]]);
    expect(cs.step).toBe(1);
    // step 1: the vendors invited; a quotation before the RFQ is refused
    let body = editable('canvass_sheet', cs);
    body.vendors = [{ vendor: ids.V1 }, { vendor: ids.V2 }];
    body.quotes = [{ cs_line: cs.lines[0].csdtlkey, vendor: ids.V1, item: ids.X, quantity: 6, unit_price: 100, currency: 'USD' }];
    expectError(await put('purchaser', 'canvass_sheet', cs.csheetkey, body), 400, 'ERR_VALIDATION', 'Issue the RFQ (step 1) before entering quotations.');
    delete body.quotes;
    cs = (await ok(await put('purchaser', 'canvass_sheet', cs.csheetkey, body))).data;
    const rfq = await ok(await action('purchaser', 'canvass_sheet', 'canvass_issue_rfq', { key: cs.csheetkey }));
    expect(rfq.rfq).toBe(`RFQ-${cs.csno}-1, RFQ-${cs.csno}-2`);
    // the answer leads to step 2 (Quotation Entry) of this sheet
    expect([rfq.next, rfq.csheetkey]).toEqual(['aircraft-procurement/bidding-step2of4', cs.csheetkey]);
    // a quotation line's vendor lookup offers the two invited vendors only (not TV3)
    const offered = await ok(await t.call('GET', `/api/data/canvass_quote/lookup/vendor?limit=50&among=${cs.csheetkey}`, { token: tok.purchaser }));
    expect(offered.list.map((v: Row) => Number(v.key)).sort((a: number, b: number) => a - b)).toEqual([ids.V1, ids.V2].sort((a, b) => a - b));
    cs = await get('canvass_sheet', cs.csheetkey);
    expect(cs.step).toBe(2);
    // the RFQ made a quotation line per invited vendor and line to quote: item, its part number and the 6 asked; no price yet
    const partnumber = (await db().selectFrom('master_item').select('partnumber').where('item_id', '=', ids.X).executeTakeFirstOrThrow()).partnumber;
    expect(cs.quotes.map((q: Row) => [q.vendor, q.cs_line, q.item, q.partnumber_offered, q.quantity, q.unit_price, q.price_rank])).toEqual([
      [ids.V1, cs.lines[0].csdtlkey, ids.X, partnumber, 6, null, null],
      [ids.V2, cs.lines[0].csdtlkey, ids.X, partnumber, 6, null, null],
    ]);
    // comparing before any price is typed is refused
    expectError(await action('purchaser', 'canvass_sheet', 'canvass_compare', { key: cs.csheetkey }), 400, 'ERR_VALIDATION', 'Enter at least one quotation price before comparing.');
    // the choice opens only after the comparison
    expectError(await action('purchaser', 'canvass_sheet', 'canvass_open_choice', { key: cs.csheetkey }), 409, 'ERR_CONFLICT', `Compare the quotations of ${cs.csno} (step 2) first.`);
    // step 2: quotation entry; an uninvited vendor and a choice before the comparison are refused
    body = editable('canvass_sheet', cs);
    const line = cs.lines[0].csdtlkey;
    const quote = (vendor: number, price: number, extra: Row = {}) => ({ cs_line: line, vendor, item: ids.X, quantity: 6, unit_price: price, currency: 'USD', lead_time_days: 30, ...extra });
    // refused at the quotation's vendor, naming the vendor
    const uninvited = await put('purchaser', 'canvass_sheet', cs.csheetkey, { ...body, quotes: [quote(ids.V3, 80)] });
    expectError(uninvited, 400, 'ERR_VALIDATION', 'Test vendor TV3 was not invited to quote on this canvass sheet: invite them in step 1 first.');
    expect(uninvited.body.errors).toEqual([{ path: '/quotes/0/vendor', message: 'Test vendor TV3 was not invited to quote on this canvass sheet: invite them in step 1 first.' }]);
    expectError(await put('purchaser', 'canvass_sheet', cs.csheetkey, { ...body, quotes: [quote(ids.V1, 100, { selected: true })] }), 400, 'ERR_VALIDATION', 'Compare the quotations (step 3) before choosing.');
    expectError(await put('purchaser', 'canvass_sheet', cs.csheetkey, { ...body, quotes: [quote(ids.V1, 100, { quantity: 7 })] }), 400, 'ERR_VALIDATION', `is more than the 6 asked on ${cs.lines[0].lineref}.`);
    // only the prices and terms are typed into the lines the RFQ made
    const typed = body.quotes.map((q: Row) => ({ ...q, unit_price: q.vendor === ids.V1 ? 100 : 90, lead_time_days: 30 }));
    cs = (await ok(await put('purchaser', 'canvass_sheet', cs.csheetkey, { ...body, quotes: typed }))).data;
    // step 3: the comparison sheet ranks by unit price
    expect(cs.quotes.map((q: Row) => [q.vendor, q.amount, q.price_rank])).toEqual([
      [ids.V1, 600, 2],
      [ids.V2, 540, 1],
    ]);
    const compared = await ok(await action('purchaser', 'canvass_sheet', 'canvass_compare', { key: cs.csheetkey }));
    // the answer leads to step 3 (Comparison Sheet)
    expect([compared.next, compared.csheetkey]).toEqual(['aircraft-procurement/bidding-step3of4', cs.csheetkey]);
    cs = await get('canvass_sheet', cs.csheetkey);
    expect([cs.step, cs.vendors.map((v: Row) => v.quote_received)]).toEqual([3, [true, true]]);
    // Go to Choice leads from the comparison (step 3) to the choice (step 4)
    const choice = await ok(await action('purchaser', 'canvass_sheet', 'canvass_open_choice', { key: cs.csheetkey }));
    expect([choice.next, choice.csheetkey]).toEqual(['aircraft-procurement/bidding-step4of4', cs.csheetkey]);
    cs = await get('canvass_sheet', cs.csheetkey);
    expect(cs.step).toBe(4);
    // step 4: the choice (not the cheapest) needs its reason before it is sent
    body = editable('canvass_sheet', cs);
    body.quotes.find((q: Row) => q.vendor === ids.V1).selected = true;
    cs = (await ok(await put('purchaser', 'canvass_sheet', cs.csheetkey, body))).data;
    const noReason = await action('purchaser', 'canvass_sheet', 'send_canvass_sheet', { key: cs.csheetkey });
    expectError(noReason, 400, 'ERR_VALIDATION');
    expect(noReason.body.errors.map((e: Row) => e.path)).toEqual(['/award_basis', '/award_remark']);
    body = editable('canvass_sheet', cs);
    cs = (await ok(await put('purchaser', 'canvass_sheet', cs.csheetkey, { ...body, award_basis: 'VALUE', award_remark: 'V1 delivers in 30 days with 24-month warranty; V2 has no release certificate.' }))).data;
    await send('purchaser', 'canvass_sheet', cs.csheetkey);
    cs = await get('canvass_sheet', cs.csheetkey);
    expect([cs.step, cs.awarded_vendor, cs.statuswf]).toEqual([4, ids.V1, '100']);
    const from = events.length;
    expect(await approveAll('canvass_sheet', cs.csheetkey)).toEqual(['procmanager']);
    await eventSince(from, 'prnotif', (d) => d.prno === pr1.prno && d.progress === 1);
    expect((await get('purchase_request', pr1.prkey)).progress).toBe(1);
    expect((await get('material_request', mr.requestkey, 'storekeeper')).progress).toBe(2);
  });

  it("the PO takes the chosen vendor's price; more than the PR line or the quoted price is refused", async () => {
    const r = await ok(await action('purchaser', 'canvass_sheet', 'po_from_canvass', { key: cs.csheetkey }));
    po1 = await get('purchase_order', r.pokey);
    const chosen = cs.quotes.find((q: Row) => q.vendor === ids.V1);
    expect([po1.vendor, po1.canvass_sheet, po1.purchase_request, po1.total_amount]).toEqual([ids.V1, cs.csheetkey, pr1.prkey, 600]);
    expect(po1.lines.map((l: Row) => [l.lineref, l.pr_line, l.quote, l.quantity, l.unit_price])).toEqual([[`${po1.pono}/1`, pr1.lines[0].prdtlkey, chosen.quotekey, 6, 100]]);
    expectError(await action('purchaser', 'canvass_sheet', 'po_from_canvass', { key: cs.csheetkey }), 409, 'ERR_CONFLICT');
    let body = editable('purchase_order', po1);
    body.lines[0].unit_price = 101;
    expectError(await put('purchaser', 'purchase_order', po1.pokey, body), 400, 'ERR_VALIDATION', 'is more than the 100.00 quoted.');
    body = editable('purchase_order', po1);
    body.lines[0].quantity = 7;
    expectError(await put('purchaser', 'purchase_order', po1.pokey, body), 400, 'ERR_VALIDATION', `${pr1.lines[0].lineref} requests 6; 6 of it can still be ordered, not 7.`);
  });

  it('PO approval: thresholds by amount decide the steps; approval derives ordered quantities and progress', async () => {
    await send('purchaser', 'purchase_order', po1.pokey);
    const task = await db().selectFrom('wf_task').select(['steps_snapshot', 'taskdetail']).where('entity_name', '=', 'purchase_order').where('record_key', '=', String(po1.pokey)).executeTakeFirstOrThrow();
    expect(JSON.parse(String(task.steps_snapshot)).map((s: Row) => s.step_name)).toEqual(['Procurement Manager approval']);
    expect(task.taskdetail).toBe('1 line(s), USD 600.00 — From ' + `${cs.csno}: V1 delivers in 30 days with 24-month warranty; V2 has no release certificate.`);
    expect(await approveAll('purchase_order', po1.pokey)).toEqual(['procmanager']);
    pr1 = await get('purchase_request', pr1.prkey);
    expect([pr1.progress, pr1.lines[0].qty_ordered, pr1.lines[0].qty_received, pr1.lines[0].outstand]).toEqual([2, 6, 0, 1]);
    expect((await get('material_request', mr.requestkey, 'storekeeper')).progress).toBe(3);
    // a PO typed by hand against PR2: 4 × 6,500 + 4 × 20,000 = 106,000 → three approvals
    const [a, b] = pr2.lines as Row[];
    po2 = (
      await ok(
        await t.call('POST', '/api/data/purchase_order', {
          token: tok.purchaser,
          body: {
            podate: '2026-11-20', vendor: ids.V2, purchase_request: pr2.prkey, currency: 'USD',
            lines: [
              { pr_line: a.prdtlkey, item: ids.X, quantity: 4, unit: 'PCS', unit_price: 6500 },
              { pr_line: b.prdtlkey, item: ids.Y, quantity: 4, unit: 'PCS', unit_price: 20000 },
            ],
          },
        }),
      )
    ).data;
    expect([po2.total_amount, po2.lines.map((l: Row) => l.lineref)]).toEqual([106000, [`${po2.pono}/1`, `${po2.pono}/2`]]);
    await send('purchaser', 'purchase_order', po2.pokey);
    expect(await approveAll('purchase_order', po2.pokey)).toEqual(['procmanager', 'approver', 'finance']);
    pr2 = await get('purchase_request', pr2.prkey);
    expect(pr2.lines.map((l: Row) => l.qty_ordered)).toEqual([4, 4]);
  });

  it('a cancelled PO remainder returns its quantity to the PR line', async () => {
    const bLine = po2.lines[1] as Row;
    expectError(await action('purchaser', 'purchase_order_line', 'cancel_purchase_order_line', { key: bLine.podtlkey, reason: 'x'.repeat(201) }), 400, 'ERR_VALIDATION');
    const r = await ok(await action('purchaser', 'purchase_order_line', 'cancel_purchase_order_line', { key: bLine.podtlkey, reason: 'Vendor cannot deliver' }));
    expect(r.cancelled).toBe(4);
    po2 = await get('purchase_order', po2.pokey);
    expect(po2.lines.map((l: Row) => [l.qty_cancelled, l.outstand, l.close_reason])).toEqual([
      [0, 1, null],
      [4, 0, 'Vendor cannot deliver'],
    ]);
    expect(po2.outstand).toBe(1);
    pr2 = await get('purchase_request', pr2.prkey);
    expect(pr2.lines.map((l: Row) => l.qty_ordered)).toEqual([4, 0]);
    expectError(await action('purchaser', 'purchase_order_line', 'cancel_purchase_order_line', { key: bLine.podtlkey }), 409, 'ERR_CONFLICT');
    // the 4 returned can be ordered again, not 5
    const order = (q: number) =>
      t.call('POST', '/api/data/purchase_order', { token: tok.purchaser, body: { podate: '2026-11-21', vendor: ids.V2, purchase_request: pr2.prkey, currency: 'USD', lines: [{ pr_line: pr2.lines[1].prdtlkey, item: ids.Y, quantity: q, unit: 'PCS', unit_price: 19000 }] } });
    expectError(await order(5), 400, 'ERR_VALIDATION', `${pr2.lines[1].lineref} requests 4; 4 of it can still be ordered, not 5.`);
    const po3 = (await ok(await order(4))).data;
    expect(po3.total_amount).toBe(76000);
  });

  it('receiving carries the open PO quantities: partial receipts, never more than is open', async () => {
    expectError(await action('purchaser', 'purchase_order', 'receiving_from_po', { key: po1.pokey }), 400, 'ERR_VALIDATION', `Give the receiving store: ${po1.pono} has no Deliver To.`);
    const from = events.length;
    const r1 = await ok(await action('purchaser', 'purchase_order', 'receiving_from_po', { key: po1.pokey, store: ids.store, lines: [{ key: po1.lines[0].podtlkey, quantity: 4 }] }));
    await eventSince(from, 'rcvnotif', (d) => d.rcvno === r1.rcvno);
    const rcv1 = await get('receiving', r1.rcvkey);
    expect([rcv1.vendor, rcv1.total_amount, rcv1.statuswf, rcv1.lines.map((l: Row) => [l.po_line, l.quantity])]).toEqual([ids.V1, 400, '000', [[po1.lines[0].podtlkey, 4]]]);
    const r2 = await ok(await action('purchaser', 'purchase_order', 'receiving_from_po', { key: po1.pokey, store: ids.store }));
    expect((await get('receiving', r2.rcvkey)).lines.map((l: Row) => l.quantity)).toEqual([2]);
    expectError(await action('purchaser', 'purchase_order', 'receiving_from_po', { key: po1.pokey, store: ids.store }), 409, 'ERR_CONFLICT');
    const body = editable('receiving', rcv1);
    body.lines[0].quantity = 7;
    expectError(await put('purchaser', 'receiving', rcv1.rcvkey, body), 400, 'ERR_VALIDATION', `${po1.lines[0].lineref} has 6 still to receive; this receiving cannot take 7.`);
    // its own workflow: the incoming inspection (a task), under the 50,000 threshold only that
    await send('purchaser', 'receiving', rcv1.rcvkey);
    expect(await approveAll('receiving', rcv1.rcvkey)).toEqual(['inspector']);
    expect((await get('receiving', rcv1.rcvkey)).statuswf).toBe('111');
    ids.rcv1 = r1.rcvkey;
    ids.rcv2 = r2.rcvkey;
  });

  it('posting the receipts: partial, then complete; the over-receipt refused; a reversal reopens the chain', async () => {
    const line = po1.lines[0].podtlkey;
    const post = (entity: string, key: number, who = 'purchaser') => action(who, entity, `post_${entity}`, { key });
    const state = async () => {
      const p = await get('purchase_order', po1.pokey);
      const r = await get('purchase_request', pr1.prkey);
      const m = await get('material_request', mr.requestkey, 'storekeeper');
      return {
        po: [p.lines[0].qty_received, p.lines[0].outstand, p.outstand],
        pr: [r.lines[0].qty_received, r.lines[0].outstand, r.progress],
        mr: [m.lines[0].qty_received, m.lines[0].outstand, m.progress],
      };
    };
    // not approved yet: refused, nothing written
    const unapproved = await post('receiving', ids.rcv2);
    expectError(unapproved, 409, 'ERR_CONFLICT');
    expect(unapproved.body.message).toMatch(/^RCV-\d{4}-\d{5} is not approved: send it to its workflow and have it approved before posting it\.$/);
    // a third receiving of 1, typed while RCV2's 2 wait: 6 ordered − 0 received leaves room for it alone
    const rcv3 = (await ok(await t.call('POST', '/api/data/receiving', { token: tok.purchaser, body: { rcvdate: '2026-11-24', purchase_order: po1.pokey, vendor: ids.V1, store: ids.store, lines: [{ po_line: line, item: ids.X, quantity: 1, unit: 'PCS' }] } }))).data;
    for (const k of [ids.rcv2, rcv3.rcvkey]) {
      await send('purchaser', 'receiving', k);
      await approveAll('receiving', k);
    }
    // 1. RCV1 posts 4 of 6: partial; PR progress 3, MR progress 4
    let from = events.length;
    await ok(await post('receiving', ids.rcv1));
    await eventSince(from, 'rcvnotif', (d) => Number(d.key) === ids.rcv1);
    await eventSince(from, 'mrnotif', (d) => d.requestno === mr.requestno && d.progress === 4);
    expect(await state()).toEqual({ po: [4, 1, 1], pr: [4, 1, 3], mr: [4, 1, 4] });
    // 2. RCV2 posts the other 2: the PO line and the PO close, so does the PR line; the MR line (10) stays open
    from = events.length;
    await ok(await post('receiving', ids.rcv2));
    await eventSince(from, 'prclosednotif', (d) => d.lineref === pr1.lines[0].lineref);
    expect(await state()).toEqual({ po: [6, 0, 0], pr: [6, 0, 3], mr: [6, 1, 4] });
    // 3. RCV3 would make 7 of 6: refused by the stores posting, nothing changes
    expectError(await post('receiving', rcv3.rcvkey), 409, 'ERR_STOCK', `Over-receipt on PO line ${po1.lines[0].lineref}: 6 ordered, 6 already received, 1 more would exceed the order.`);
    expect(await state()).toEqual({ po: [6, 0, 0], pr: [6, 0, 3], mr: [6, 1, 4] });
    // 4. a receipt from PO against PO2's cancelled remainder is refused too (4 ordered, 4 cancelled, 0 received)
    const cancelled = po2.lines[1] as Row;
    const ir = (await ok(await t.call('POST', '/api/data/inventory_receipt', { token: tok.admin, body: { receiptdate: '2026-11-24', source: 'PO', purchase_order: po2.pokey, vendor: ids.V2, lines: [{ po_line: cancelled.podtlkey, item: ids.Y, store: ids.store, quantity: 1, condition: 'NE', unit: 'PCS' }] } }))).data;
    expectError(await post('inventory_receipt', ir.receiptkey, 'admin'), 409, 'ERR_STOCK', `${cancelled.lineref}: 4 of it was cancelled and 0 received; 0 is still to receive, ${ir.receiptno} would receive 1.`);
    // 5. reversing RCV2 gives its 2 back: the order, the PR line and the MR line reopen; RCV3's 1 then posts
    await ok(await action('purchaser', 'receiving', 'reverse_receiving', { key: ids.rcv2 }));
    expect(await state()).toEqual({ po: [4, 1, 1], pr: [4, 1, 3], mr: [4, 1, 4] });
    await ok(await post('receiving', rcv3.rcvkey));
    expect(await state()).toEqual({ po: [5, 1, 1], pr: [5, 1, 3], mr: [5, 1, 4] });
    ids.rcv3 = rcv3.rcvkey;
  });

  it('invoice terms add up to the PO total; payment receipt states move in order; paying moves no stock', async () => {
    const stock = async () => Number((await sql<{ n: number }>`select count(*) as n from stock_ledger`.execute(db())).rows[0].n);
    const stockBefore = await stock();
    const r = await ok(await action('purchaser', 'purchase_order', 'terms_from_po', { key: po1.pokey }));
    expectError(await action('purchaser', 'purchase_order', 'terms_from_po', { key: po1.pokey }), 409, 'ERR_CONFLICT');
    let doc = await get('invoice_termin', r.termkey);
    expect([doc.contract_amount, doc.lines.map((l: Row) => [l.percentage, l.amount, l.payment_status])]).toEqual([600, [[100, 600, 0]]]);
    const save = async (lines: Row[], extra: Row = {}) => put('purchaser', 'invoice_termin', doc.termkey, { ...editable('invoice_termin', doc), ...extra, lines });
    const inst = (n: number, pct: number, amount: number, extra: Row = {}) => ({ termin_no: n, description: `Instalment ${n}`, percentage: pct, amount, due_date: '2026-12-31', payment_status: 0, ...extra });
    expectError(await save([inst(1, 30, 180), inst(2, 70, 400)]), 400, 'ERR_VALIDATION', 'The instalments add up to 580.00; they must add up to the contract amount 600.00.');
    expectError(await save([inst(1, 30, 200), inst(2, 70, 400)]), 400, 'ERR_VALIDATION', '30% of 600.00 is 180.00, not 200.00.');
    expectError(await save([inst(1, 30, 180), inst(2, 70, 420)], { contract_amount: 500 }), 400, 'ERR_VALIDATION', `must be 600.00, the total of ${po1.pono}.`);
    doc = (await ok(await save([inst(1, 30, 180), inst(2, 70, 420)]))).data;
    const move = async (n: number, changes: Row) => save(editable('invoice_termin', doc).lines.map((l: Row) => (l.termin_no === n ? { ...l, ...changes } : l)));
    expectError(await move(1, { payment_status: 1 }), 400, 'ERR_VALIDATION', 'cannot go from In Process to Treasury Received Posted.');
    doc = (await ok(await move(1, { payment_status: 4, invoice_no: 'INV-1', invoice_date: '2026-11-22' }))).data;
    expectError(await move(1, { payment_status: 1 }), 400, 'ERR_VALIDATION', 'is required when the payment is posted.');
    doc = (await ok(await move(1, { payment_status: 1, paid_date: '2026-11-23', paid_amount: 180 }))).data;
    expect([doc.paid_amount, doc.outstand]).toEqual([180, 1]);
    expectError(await move(1, { amount: 181 }), 400, 'ERR_VALIDATION');
    doc = (await ok(await move(2, { payment_status: 3 }))).data;
    doc = (await ok(await move(2, { payment_status: 0 }))).data;
    doc = (await ok(await move(2, { payment_status: 4 }))).data;
    doc = (await ok(await move(2, { payment_status: 2 }))).data;
    doc = (await ok(await move(2, { payment_status: 1, paid_date: '2026-11-24', paid_amount: 420 }))).data;
    expect([doc.paid_amount, doc.outstand]).toEqual([600, 0]);
    expectError(await save([]), 400, 'ERR_VALIDATION');
    expect(await stock()).toBe(stockBefore);
  });

  it('pr-history-status traces the chain from any document number', async () => {
    const byPo = await ok(await t.call('GET', `/api/data/pr_history_status?route=aircraft-procurement/pr-history-status&po_no=${po1.pono}&limit=50`, { token: tok.purchaser }));
    expect(byPo.list).toHaveLength(1);
    const rcvNo = async (k: number) => String((await get('receiving', k)).rcvno);
    // RCV2 was reversed: neither it nor its reversal stands
    expect(byPo.list[0]).toMatchObject({ root: 'PR', mr_no: mr.requestno, mr_line: `${mr.requestno}/1`, lineref: `${pr1.prno}/1`, cs_no: cs.csno, chosen_vendors: 'Test vendor TV1', quoted_vendors: 2, po_no: po1.pono, po_qty: 6, rcv_qty: 5, rcv_no: `${await rcvNo(ids.rcv1)}, ${await rcvNo(ids.rcv3)}`, payment: 'PAID', paid_amount: 600, stage: 'PARTIAL' });
    const byMr = await ok(await t.call('GET', `/api/data/pr_history_status?route=aircraft-procurement/pr-history-status&mr_no=${mr.requestno}&limit=50`, { token: tok.purchaser }));
    const rows = (byMr.list as Row[]).map((x) => [x.lineref, x.po_line, x.pr_qty, x.po_qty, x.po_cancelled, x.stage]).sort();
    const po3 = (await db().selectFrom('purchase_order_line').select('lineref').where('pr_line', '=', pr2.lines[1].prdtlkey).where('purchase_order', '<>', po2.pokey).executeTakeFirstOrThrow()).lineref;
    // PR2/2 was ordered twice: on PO2 (its 4 cancelled) and on the PO raised again for them
    expect(rows).toEqual(
      [
        [`${pr1.prno}/1`, `${po1.pono}/1`, 6, 6, 0, 'PARTIAL'],
        [`${pr2.prno}/1`, `${po2.pono}/1`, 4, 4, 0, 'ORDERED'],
        [`${pr2.prno}/2`, `${po2.pono}/2`, 4, 0, 4, 'CANCELLED'],
        [`${pr2.prno}/2`, po3, 4, 4, 0, 'ORDERING'],
      ].sort(),
    );
    const byRfq = await ok(await t.call('GET', `/api/data/pr_history_status?route=aircraft-procurement/pr-history-status&cs_no=${cs.csno}&limit=50`, { token: tok.purchaser }));
    expect(byRfq.list.map((x: Row) => x.lineref)).toEqual([`${pr1.prno}/1`]);
  });

  it('two buyers carrying the same MR at once: one PR gets the quantity, the other finds nothing left', async () => {
    const made = (await ok(await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: { jasa: 0, remark: 'race', lines: [{ linetype: 1, item: ids.X, quantity: 3, description: 'race' }] } }))).data;
    await send('storekeeper', 'material_request', made.requestkey);
    await approveAll('material_request', made.requestkey);
    const results = await Promise.all([0, 1].map(() => action('storekeeper', 'material_request', 'pr_from_mr', { key: made.requestkey })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const onPr = await db().selectFrom('purchase_request_line').select(sql<number>`sum(quantity)`.as('n')).where('mr_line', '=', made.lines[0].reqdtlkey).executeTakeFirstOrThrow();
    expect(Number(onPr.n)).toBe(3);
  });

  it('a rejected PR publishes prclosednotif', async () => {
    const pr = (await ok(await t.call('POST', '/api/data/purchase_request', { token: tok.storekeeper, body: { prdate: '2026-11-24', requestor: users.storekeeper, pr_type: 'STK', lines: [{ item: ids.X, description: 'stock', quantity: 1, unit: 'PCS' }] } }))).data;
    expect(pr.lines[0].lineref).toBe(`${pr.prno}/1`);
    await send('storekeeper', 'purchase_request', pr.prkey);
    const from = events.length;
    await approveAll('purchase_request', pr.prkey, 'REJECTED');
    await eventSince(from, 'prclosednotif', (d) => Number(d.key) === pr.prkey);
  });
});
