/**
 * The chain's derived state, recomputed from the documents (never counted up or down), inside
 * the transaction of the event that changes it: an approval (workflowFinished), a posting
 * (afterPost), a cancelled PO remainder. Only approved documents and posted receipts count.
 *
 *   PO line   outstand 0 once received ≥ quantity − cancelled remainder
 *   PO        outstand 0 (complete) once every line is closed
 *   PR line   qty_ordered (approved POs, less cancellations), qty_received; outstand 0 once received
 *   MR line   qty_on_pr (approved PRs), qty_received; outstand 0 once received (close reason
 *             "Received"), reopened if a reversal takes it back; a line closed by hand stays closed
 *   PR        progress 0 approved, 1 canvass sheet approved, 2 ordered, 3 receiving
 *   MR        progress 0 approved, 1 on an approved PR, 2 canvass sheet, 3 ordered, 4 receiving
 *
 * A change of progress publishes mrnotif / prnotif, a line closed by a receipt mrclosednotif /
 * prclosednotif (the bell's counts), inside the same transaction.
 * Locks are taken downstream to upstream (PO lines → PO → PR lines → PR → MR lines → MR), each
 * level in key order.
 */
import { sql } from 'kysely';
import { byKey, cents, keysOf, lockRows, patchIfChanged, type Row, type Tx } from './util.ts';
import { receivedOn } from './quantities.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';

/** The close reason of a material request line closed because its quantity arrived. */
export const RECEIVED = 'Received';

async function emit(t: Tx, event: string, compcode: unknown, data: Record<string, unknown>): Promise<void> {
  await t.emit?.(t.db, { event, compcode: String(compcode), data });
}

/** PO lines (after a posting or a cancellation) and everything above them. */
export async function deriveFromPoLines(t: Tx, podtlkeys: number[]): Promise<void> {
  const lines = await lockRows(t.db, 'purchase_order_line', 'podtlkey', podtlkeys);
  if (lines.length === 0) return;
  const orders = byKey(await lockRows(t.db, 'purchase_order', 'pokey', keysOf(lines, 'purchase_order')), 'pokey');
  const received = await receivedOn(t.db, lines.map((l) => Number(l.podtlkey)));
  for (const l of lines) {
    if (orders.get(Number(l.purchase_order))?.statuswf !== STATUS.APPROVED) continue;
    const open = cents(l.quantity) - cents(l.qty_cancelled) - (received.get(Number(l.podtlkey)) ?? 0) > 0;
    await patchIfChanged(t, 'purchase_order_line', l, { outstand: open ? 1 : 0 }, open ? 'reopened' : 'received in full');
  }
  for (const po of orders.values()) {
    if (po.statuswf !== STATUS.APPROVED) continue;
    const open = await t.db.selectFrom('purchase_order_line').select('podtlkey').where('purchase_order', '=', Number(po.pokey)).where('outstand', '=', 1).executeTakeFirst();
    await patchIfChanged(t, 'purchase_order', po, { outstand: open ? 1 : 0 }, open ? 'reopened' : 'complete: every line received');
  }
  await derivePrLines(t, keysOf(lines, 'pr_line'));
}

/** PR lines: what approved orders order of them and what was received, and everything above. */
export async function derivePrLines(t: Tx, prdtlkeys: number[]): Promise<void> {
  const lines = await lockRows(t.db, 'purchase_request_line', 'prdtlkey', prdtlkeys);
  if (lines.length === 0) return;
  const headers = byKey(await lockRows(t.db, 'purchase_request', 'prkey', keysOf(lines, 'purchase_request')), 'prkey');
  const keys = lines.map((l) => Number(l.prdtlkey));
  const orderLines = (await t.db
    .selectFrom('purchase_order_line as pl')
    .innerJoin('purchase_order as p', 'p.pokey', 'pl.purchase_order')
    .select(['pl.podtlkey', 'pl.pr_line', 'pl.quantity', 'pl.qty_cancelled', 'p.statuswf'])
    .where('pl.pr_line', 'in', keys)
    .execute());
  const received = await receivedOn(t.db, keysOf(orderLines, 'podtlkey'));
  for (const l of lines) {
    const mine = orderLines.filter((o) => Number(o.pr_line) === Number(l.prdtlkey));
    const ordered = mine.filter((o) => o.statuswf === STATUS.APPROVED).reduce((s, o) => s + cents(o.quantity) - cents(o.qty_cancelled), 0);
    const got = mine.reduce((s, o) => s + (received.get(Number(o.podtlkey)) ?? 0), 0);
    const approved = headers.get(Number(l.purchase_request))?.statuswf === STATUS.APPROVED;
    const outstand = approved && got >= cents(l.quantity) ? 0 : 1;
    const closing = Number(l.outstand) === 1 && outstand === 0;
    await patchIfChanged(t, 'purchase_request_line', l, { qty_ordered: ordered / 100, qty_received: got / 100, outstand }, 'ordered and received quantities');
    if (closing) await emit(t, 'prclosednotif', l.compcode, { prdtlkey: l.prdtlkey, lineref: l.lineref, reason: 'received' });
  }
  await derivePrHeaders(t, [...headers.keys()]);
  await deriveMrLines(t, keysOf(lines, 'mr_line'));
}

/** MR lines: what approved PRs request of them and what was received, and the requests' progress. */
export async function deriveMrLines(t: Tx, reqdtlkeys: number[]): Promise<void> {
  const lines = await lockRows(t.db, 'material_request_line', 'reqdtlkey', reqdtlkeys);
  if (lines.length === 0) return;
  const headers = byKey(await lockRows(t.db, 'material_request', 'requestkey', keysOf(lines, 'request')), 'requestkey');
  const prLines = (await t.db
    .selectFrom('purchase_request_line as d')
    .innerJoin('purchase_request as h', 'h.prkey', 'd.purchase_request')
    .select(['d.mr_line', 'd.quantity', 'd.qty_received'])
    .where('h.statuswf', '=', STATUS.APPROVED)
    .where('d.mr_line', 'in', lines.map((l) => Number(l.reqdtlkey)))
    .execute());
  for (const l of lines) {
    const mine = prLines.filter((p) => Number(p.mr_line) === Number(l.reqdtlkey));
    const onPr = mine.reduce((s, p) => s + cents(p.quantity), 0);
    const got = mine.reduce((s, p) => s + cents(p.qty_received), 0);
    const values: Row = { qty_on_pr: onPr / 100, qty_received: got / 100 };
    const byHand = Number(l.outstand) === 0 && l.close_reason !== RECEIVED;
    let closing = false;
    if (!byHand) {
      const full = got >= cents(l.quantity);
      values.outstand = full ? 0 : 1;
      values.close_reason = full ? RECEIVED : null;
      closing = full && Number(l.outstand) === 1;
    }
    await patchIfChanged(t, 'material_request_line', l, values, 'purchased and received quantities');
    if (closing) await emit(t, 'mrclosednotif', l.compcode, { reqdtlkey: l.reqdtlkey, lineref: l.lineref, reason: 'received' });
  }
  await deriveMrHeaders(t, [...headers.keys()]);
}

const approvedCanvass = (prLineKeys: ReturnType<typeof sql>) => sql`exists (select 1 from canvass_line cl join canvass_sheet s on s.csheetkey = cl.canvass_sheet where s.statuswf = ${sql.lit(STATUS.APPROVED)} and cl.pr_line in (${prLineKeys}))`;

/** PR progress: 0 approved, 1 canvass sheet approved, 2 ordered, 3 receiving (the furthest step reached). */
export async function derivePrHeaders(t: Tx, prkeys: number[]): Promise<void> {
  const headers = await lockRows(t.db, 'purchase_request', 'prkey', prkeys);
  for (const h of headers) {
    if (h.statuswf !== STATUS.APPROVED) continue;
    const r = await sql<{ received: boolean; ordered: boolean; canvass: boolean }>`select
        exists (select 1 from purchase_request_line where purchase_request = ${h.prkey} and qty_received > 0) as received,
        exists (select 1 from purchase_request_line where purchase_request = ${h.prkey} and qty_ordered > 0) as ordered,
        ${approvedCanvass(sql`select prdtlkey from purchase_request_line where purchase_request = ${h.prkey}`)} as canvass`.execute(t.db);
    const f = r.rows[0];
    const progress = f.received ? 3 : f.ordered ? 2 : f.canvass ? 1 : 0;
    const was = h.progress;
    if ((await patchIfChanged(t, 'purchase_request', h, { progress }, 'progress')) && was !== null && was !== undefined) {
      await emit(t, 'prnotif', h.compcode, { prkey: h.prkey, prno: h.prno, progress });
    }
  }
}

/** MR progress: 0 approved, 1 purchase request, 2 canvass sheet, 3 purchase order, 4 receiving. */
export async function deriveMrHeaders(t: Tx, requestkeys: number[]): Promise<void> {
  const headers = await lockRows(t.db, 'material_request', 'requestkey', requestkeys);
  for (const h of headers) {
    if (h.statuswf !== STATUS.APPROVED) continue;
    const prLines = sql`select d.prdtlkey from purchase_request_line d join purchase_request p on p.prkey = d.purchase_request join material_request_line ml on ml.reqdtlkey = d.mr_line where ml.request = ${h.requestkey} and p.statuswf = ${sql.lit(STATUS.APPROVED)}`;
    const r = await sql<{ received: boolean; ordered: boolean; canvass: boolean; requested: boolean }>`select
        exists (select 1 from material_request_line where request = ${h.requestkey} and qty_received > 0) as received,
        exists (select 1 from purchase_request_line where prdtlkey in (${prLines}) and qty_ordered > 0) as ordered,
        ${approvedCanvass(prLines)} as canvass,
        exists (select 1 from material_request_line where request = ${h.requestkey} and qty_on_pr > 0) as requested`.execute(t.db);
    const f = r.rows[0];
    const progress = f.received ? 4 : f.ordered ? 3 : f.canvass ? 2 : f.requested ? 1 : 0;
    const was = h.progress;
    if ((await patchIfChanged(t, 'material_request', h, { progress }, 'progress')) && was !== null && was !== undefined) {
      await emit(t, 'mrnotif', h.compcode, { requestkey: h.requestkey, requestno: h.requestno, progress });
    }
  }
}

/** After an approval: the lines of a PR, canvass sheet or PO, and what they feed. */
export async function deriveAfterApproval(t: Tx, entity: string, key: number): Promise<void> {
  switch (entity) {
    case 'material_request':
      return deriveMrHeaders(t, [key]);
    case 'purchase_request': {
      await derivePrHeaders(t, [key]);
      const lines = await t.db.selectFrom('purchase_request_line').select(['mr_line']).where('purchase_request', '=', key).execute();
      return deriveMrLines(t, keysOf(lines as Row[], 'mr_line'));
    }
    case 'canvass_sheet': {
      const lines = (await t.db
        .selectFrom('canvass_line as cl')
        .innerJoin('purchase_request_line as d', 'd.prdtlkey', 'cl.pr_line')
        .select(['d.purchase_request', 'd.mr_line'])
        .where('cl.canvass_sheet', '=', key)
        .execute());
      await derivePrHeaders(t, keysOf(lines, 'purchase_request'));
      const mr = keysOf(lines, 'mr_line');
      const requests = mr.length ? await t.db.selectFrom('material_request_line').select(['request']).where('reqdtlkey', 'in', mr).execute() : [];
      return deriveMrHeaders(t, keysOf(requests as Row[], 'request'));
    }
    case 'purchase_order': {
      const lines = await t.db.selectFrom('purchase_order_line').select(['pr_line']).where('purchase_order', '=', key).execute();
      return derivePrLines(t, keysOf(lines as Row[], 'pr_line'));
    }
  }
}
