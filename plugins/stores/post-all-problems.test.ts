/**
 * A posting names every problem at once, at its line's field, and an action takes the form's
 * unsaved edits in its own transaction (issue 37 point 11, decisions 0375 and 0376). Both
 * databases (TEST_DB=pglite / postgres), one server for the file.
 *
 * Worked by hand:
 * - PO (approved) of GAT: line A, 4 × OP-NON (no tracking); line B, 2 × OP-SER (serial-numbered).
 * - Receipt from that PO, three lines:
 *     0: A, quantity 5            → over-receipt: 4 ordered, 0 already received, 5 more exceed it
 *     1: B, 1, S/N OPS-1, no release certificate → its four certificate fields are required
 *        (a serial-numbered part received serviceable goes through incoming inspection)
 *     2: B, 1, certificate given, no S/N → the serial number is required (OP-SER is serial-numbered)
 *   → one 400 ERR_VALIDATION with the six errors: the certificates of line 1 (the receipt's own
 *   check), the over-receipt at /lines/0/quantity (the PO lines'), /lines/2/serial_number (the
 *   lots'); the `save` sent with it (a new remark) is not kept, nothing is posted, the PO lines
 *   still show 0 received, no ledger row.
 * - The same Post with the edits that mend all three (quantity 4, the certificate, S/N OPS-2):
 *   200 in the one request; the stored receipt shows the edits and posted = 1; PO line A 4
 *   received, B 2; 4 OP-NON in CGK-H4 and the two serials in quarantine CGK-QT.
 * - An issue of 3 OP-NON and 9 OP-NON from CGK-H4 lines 0 and 1 (4 on hand after the receipt):
 *   line 0 leaves 1, line 1 finds 1 on hand for 9 → 409 ERR_STOCK naming the shortage at
 *   /lines/1/quantity. An issue of 5 and 6 (4 on hand): both lines short (line 0: 4 on hand for
 *   5; line 1, line 0 not moved: 4 for 6) → both at their quantity in one 409.
 * - A stale save (another version than the one stored) is refused 409 ERR_STALE and the document is not posted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, expectError } from '../../server/test/support.ts';

type Row = Record<string, any>;

let t: TestApp;
let sk: string;
let boss: string;
const ids: Record<string, number> = {};
const db = () => t.services.database.db;

async function create(entity: string, body: Row, token = sk): Promise<Row> {
  const r = await t.call('POST', `/api/data/${entity}`, { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
const get = async (entity: string, key: unknown): Promise<Row> => (await t.call('GET', `/api/data/${entity}/${key}`, { token: sk })).body.data;
const post = (entity: string, action: string, body: Row) => t.call('POST', `/api/data/${entity}/action/${action}`, { token: sk, body });
const received = async (line: number) => Number((await db().selectFrom('purchase_order_line').select('qty_received').where('podtlkey', '=', line).executeTakeFirstOrThrow()).qty_received);
const onHand = async (item: string, store: string) =>
  Number((await db().selectFrom('stock_balance').select(sql<number>`coalesce(sum(quantity), 0)`.as('q')).where('compcode', '=', 'GAT').where('item', '=', ids[item]).where('store', '=', ids[store]).executeTakeFirstOrThrow()).q);

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { username: 'op.keeper', companies: { GAT: 'storekeeper' } });
  await createUser(t, { username: 'op.boss', companies: { GAT: 'administrator' } });
  sk = (await t.signIn('op.keeper', 'demo1234')).token;
  boss = (await t.signIn('op.boss', 'demo1234')).token;
  const d = db();
  const category = await d.selectFrom('master_item_category').select('id').where('compcode', '=', 'GAT').where('code', '=', 'EXP').executeTakeFirstOrThrow();
  for (const [pn, tracking] of [['OP-NON', 'none'], ['OP-SER', 'serial']] as const) {
    const r = await d
      .insertInto('master_item')
      .values({ compcode: 'GAT', partnumber: pn, itemname: `Test part ${pn}`, category: category.id, tracking, unit: 'PCS', reorder_min: 0, reorder_max: 0, active: true, created_by: 'test' })
      .returning('item_id')
      .executeTakeFirstOrThrow();
    ids[pn] = Number(r.item_id);
  }
  for (const code of ['CGK-H4', 'CGK-QT']) ids[code] = Number((await d.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').where('store_code', '=', code).executeTakeFirstOrThrow()).store_id);
  ids.COC = Number((await d.selectFrom('arc_status').select('id').where('compcode', '=', 'GAT').where('code', '=', 'COC').executeTakeFirstOrThrow()).id);
  ids.HON = Number((await d.selectFrom('vendor').select('vendor_id').where('compcode', '=', 'GAT').where('vendor_code', '=', 'HON').executeTakeFirstOrThrow()).vendor_id);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const cert = { certificate_type: 0, certificate_no: 'F1-2026-0901', certificate_date: '2026-11-01', certificate_issuer: 'Honeywell Singapore' };

describe('a receipt posted from what the screen shows, every problem at once', () => {
  let po: Row;
  let receipt: Row;
  beforeAll(async () => {
    cert.certificate_type = ids.COC as number;
    const doc = await create(
      'purchase_order',
      {
        podate: '2026-11-01',
        vendor: ids.HON,
        currency: 'USD',
        lines: [
          { item: ids['OP-NON'], quantity: 4, unit_price: 10, condition: 'NE', unit: 'PCS' },
          { item: ids['OP-SER'], quantity: 2, unit_price: 500, condition: 'NE', unit: 'PCS' },
        ],
      },
      boss,
    );
    await db().updateTable('purchase_order').set({ statuswf: '111' }).where('pokey', '=', doc.pokey).execute();
    po = await get('purchase_order', doc.pokey);
    const [a, b] = po.lines;
    const line = (po_line: number, item: string, quantity: number, extra: Row) => ({ po_line, item: ids[item], store: ids['CGK-H4'], quantity, condition: 'NE', unit: 'PCS', ...extra });
    receipt = await create('inventory_receipt', {
      receiptdate: '2026-11-09',
      source: 'PO',
      purchase_order: po.pokey,
      remark: 'as first saved',
      lines: [line(a.podtlkey, 'OP-NON', 5, {}), line(b.podtlkey, 'OP-SER', 1, { serial_number: 'OPS-1' }), line(b.podtlkey, 'OP-SER', 1, cert)],
    });
  });

  it('refuses the three kinds of problems in one 400 at their paths, saving and posting nothing', async () => {
    const r = await post('inventory_receipt', 'post_inventory_receipt', { key: receipt.receiptkey, save: { version: receipt.version, receiptdate: '2026-11-09', source: 'PO', remark: 'typed on screen' } });
    expectError(r, 400, 'ERR_VALIDATION', 'Please fill the form correctly.');
    const ref = po.lines[0].lineref ?? `${po.pono}/${po.lines[0].podtlkey}`;
    expect(r.body.errors).toEqual([
      { path: '/lines/1/certificate_type', message: 'is required for a serialised or rotable part: the release certificate (EASA Form 1 / FAA 8130-3)' },
      { path: '/lines/1/certificate_no', message: 'is required: the release certificate number' },
      { path: '/lines/1/certificate_date', message: 'is required: the date the release certificate was signed' },
      { path: '/lines/1/certificate_issuer', message: 'is required: who issued the release certificate' },
      { path: '/lines/0/quantity', message: `Over-receipt on PO line ${ref}: 4 ordered, 0 already received, 5 more would exceed the order.` },
      { path: '/lines/2/serial_number', message: 'is required: OP-SER is serial-numbered' },
    ]);
    const still = await get('inventory_receipt', receipt.receiptkey);
    expect([still.posted, still.remark, still.version]).toEqual([0, 'as first saved', receipt.version]);
    expect([await received(po.lines[0].podtlkey), await received(po.lines[1].podtlkey)]).toEqual([0, 0]);
    expect(await db().selectFrom('stock_ledger').select('ledgerkey').where('compcode', '=', 'GAT').where('doc_no', '=', receipt.receiptno).execute()).toEqual([]);
  });

  it('refuses a stale save without posting', async () => {
    expectError(await post('inventory_receipt', 'post_inventory_receipt', { key: receipt.receiptkey, save: { version: receipt.version + 1, receiptdate: '2026-11-09', source: 'PO', remark: 'old copy' } }), 409, 'ERR_STALE');
    expect((await get('inventory_receipt', receipt.receiptkey)).posted).toBe(0);
    // a save belongs to an action on one record
    expectError(await post('inventory_receipt', 'post_inventory_receipt', { save: { version: receipt.version } }), 400, 'ERR_BAD_REQUEST');
  });

  it('posts the edits of the screen in the one request', async () => {
    const [l0, l1, l2] = receipt.lines;
    const save = {
      version: receipt.version,
      receiptdate: '2026-11-09',
      source: 'PO',
      remark: 'typed on screen',
      lines: [
        { ...l0, quantity: 4 },
        { ...l1, ...cert },
        { ...l2, serial_number: 'OPS-2' },
      ].map(({ receiptdtlkey, item, store, po_line, quantity, condition, unit, serial_number, certificate_type, certificate_no, certificate_date, certificate_issuer }) => ({
        receiptdtlkey, item, store, po_line, quantity, condition, unit, serial_number, certificate_type, certificate_no, certificate_date, certificate_issuer,
      })),
    };
    const r = await post('inventory_receipt', 'post_inventory_receipt', { key: receipt.receiptkey, save });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.quarantined).toBe(2);
    const now = await get('inventory_receipt', receipt.receiptkey);
    expect([now.posted, now.remark]).toEqual([1, 'typed on screen']);
    expect(now.lines.map((l: Row) => [Number(l.quantity), l.serial_number, l.certificate_no])).toEqual([
      [4, null, null],
      [1, 'OPS-1', 'F1-2026-0901'],
      [1, 'OPS-2', 'F1-2026-0901'],
    ]);
    expect([await received(po.lines[0].podtlkey), await received(po.lines[1].podtlkey)]).toEqual([4, 2]);
    expect([await onHand('OP-NON', 'CGK-H4'), await onHand('OP-SER', 'CGK-QT')]).toEqual([4, 2]);
  });

  it('an issue names every short line at its quantity in one refusal', async () => {
    const issue = (qs: number[]) =>
      create('inventory_issue', { issuedate: '2026-11-10', issue_type: 'AC', store: ids['CGK-H4'], registration: 'PK-GTB', workorder_no: 'WO-OP-1', lines: qs.map((quantity) => ({ item: ids['OP-NON'], quantity, condition: 'NE', unit: 'PCS' })) });
    const one = await issue([3, 9]);
    const r1 = await post('inventory_issue', 'post_inventory_issue', { key: one.issuekey });
    expectError(r1, 409, 'ERR_STOCK', 'Not enough stock of OP-NON in CGK-H4 (condition NE): 1 on hand, 9 to move.');
    expect(r1.body.errors).toEqual([{ path: '/lines/1/quantity', message: 'Not enough stock of OP-NON in CGK-H4 (condition NE): 1 on hand, 9 to move.' }]);
    const two = await issue([5, 6]);
    const r2 = await post('inventory_issue', 'post_inventory_issue', { key: two.issuekey });
    expectError(r2, 409, 'ERR_STOCK', 'Not enough stock of OP-NON in CGK-H4 (condition NE): 4 on hand, 5 to move. 1 more problem is named at its line.');
    expect(r2.body.errors.map((e: Row) => e.path)).toEqual(['/lines/0/quantity', '/lines/1/quantity']);
    expect(await onHand('OP-NON', 'CGK-H4')).toBe(4);
  });
});
