/**
 * Procurement chain figures (plugins/procurement): what the chain's checks and derivations cost a
 * save, an approval and a posting-free cancellation, and what pr-history-status costs over a large
 * chain. Runs on a throw-away copy of the demo database (PostgreSQL by default, TEST_DB=pglite for
 * the embedded one) and prints a table.
 *
 *   npx tsx bench/procurement.ts              20,000 generated PR lines (each with its MR line, PO
 *                                            line and receipt line), 50-line documents
 *   npx tsx bench/procurement.ts --quick     2,000 and 10-line documents
 */
import { sql } from 'kysely';
import { startTestApp } from '../test/helpers/app.ts';

const quick = process.argv.includes('--quick');
const CHAIN = quick ? 2_000 : 20_000;
const LINES = quick ? 10 : 50;
const t = await startTestApp({ kind: (process.env.TEST_DB as 'pglite' | 'postgres' | undefined) ?? 'postgres' });
const db = t.services.database.db;
const rows: [string, string][] = [];
const time = async <T>(label: string, fn: () => Promise<T>, n = 1): Promise<T> => {
  const t0 = performance.now();
  let r: T | undefined;
  for (let i = 0; i < n; i++) r = await fn();
  rows.push([label, `${((performance.now() - t0) / n).toFixed(1)} ms`]);
  return r as T;
};
const ok = (r: { status: number; body: any }) => {
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body;
};
const tok: Record<string, string> = {};
for (const u of ['storekeeper', 'purchaser', 'approver', 'procmanager', 'finance']) {
  const s = await t.signIn(u, 'demo1234');
  tok[u] = s.token;
  await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'GAT' } });
}
const approve = async (entity: string, key: number) => {
  for (;;) {
    const task = await db.selectFrom('wf_task').selectAll().where('entity_name', '=', entity).where('record_key', '=', String(key)).orderBy('taskkey', 'desc').executeTakeFirstOrThrow();
    if (task.statuswf !== '100') return;
    const a = await db.selectFrom('wf_assignment as a').innerJoin('users as u', 'u.user_id', 'a.assignee').select(['a.taskassignkey', 'u.username']).where('a.taskkey', '=', task.taskkey as number).where('a.completeddate', 'is', null).executeTakeFirstOrThrow();
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok[String(a.username)], body: { taskassignkey: a.taskassignkey, actionTake: 'APPROVED', comment: 'ok' } }));
  }
};

// one document of LINES lines through the chain, timing each step
const items = await db.selectFrom('master_item').select('item_id').where('compcode', '=', 'GAT').where('unit', '=', 'PCS').orderBy('item_id').limit(LINES).execute();
const mr = ok(await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: { jasa: 0, remark: 'bench', lines: items.map((i) => ({ linetype: 1, item: i.item_id, quantity: 10, description: 'bench' })) } })).data;
ok(await t.call('POST', '/api/data/material_request/action/send_material_request', { token: tok.storekeeper, body: { key: mr.requestkey } }));
await approve('material_request', mr.requestkey);
const pr = await time(`PR from MR (${LINES} lines: lock, caps, lineref)`, async () => ok(await t.call('POST', '/api/data/material_request/action/pr_from_mr', { token: tok.storekeeper, body: { key: mr.requestkey } })));
ok(await t.call('POST', '/api/data/purchase_request/action/send_purchase_request', { token: tok.storekeeper, body: { key: pr.prkey } }));
await time(`PR approval (${LINES} MR lines derived)`, () => approve('purchase_request', pr.prkey));
const prDoc = ok(await t.call('GET', `/api/data/purchase_request/${pr.prkey}`, { token: tok.purchaser })).data;
const vendor = ok(await t.call('POST', '/api/data/vendor', { token: tok.purchaser, body: { vendor_code: 'BENCH', vendor_name: 'Bench vendor', country: 'Indonesia', approval_status: 'APPROVED', approval_expiry: '2099-12-31' } })).data;
const po = await time(`PO save (${LINES} lines: caps, total)`, async () =>
  ok(await t.call('POST', '/api/data/purchase_order', { token: tok.purchaser, body: { podate: '2026-11-24', vendor: vendor.vendor_id, currency: 'USD', lines: prDoc.lines.map((l: any) => ({ pr_line: l.prdtlkey, item: l.item, quantity: 10, unit: 'PCS', unit_price: 100 })) } })).data,
);
const body = { version: po.version, podate: po.podate, vendor: po.vendor, currency: 'USD', po_type: 'RTN', payment_terms: 'NET30', incoterm: 'FCA', lines: po.lines.map((l: any) => ({ podtlkey: l.podtlkey, pr_line: l.pr_line, item: l.item, quantity: 9, unit: 'PCS', unit_price: 100, condition: 'NE' })) };
await time(`PO update of every line (${LINES} lines)`, async () => ok(await t.call('PUT', `/api/data/purchase_order/${po.pokey}`, { token: tok.purchaser, body })));
ok(await t.call('POST', '/api/data/purchase_order/action/send_purchase_order', { token: tok.purchaser, body: { key: po.pokey } }));
await time(`PO approval (${LINES} PR lines, their MR lines and progress derived)`, () => approve('purchase_order', po.pokey));
const line = ok(await t.call('GET', `/api/data/purchase_order/${po.pokey}`, { token: tok.purchaser })).data.lines[0];
await time('cancel one PO line remainder (and derive up the chain)', async () => ok(await t.call('POST', '/api/data/purchase_order_line/action/cancel_purchase_order_line', { token: tok.purchaser, body: { key: line.podtlkey } })));

// a large chain for the history report: MR line → PR line → PO line → posted receiving line
await time(`generate ${CHAIN.toLocaleString('en-US')} chain lines (SQL)`, async () => {
  await sql`insert into material_request (compcode, requestno, requestdate, jasa, requestor, priority, barter, statuswf, progress)
            select 'GAT', 'MRB-' || g, date '2026-01-01' + (g % 300), 0, 1, 'RTN', 0, '111', 4 from generate_series(1, ${CHAIN}) g`.execute(db);
  await sql`insert into material_request_line (compcode, request, lineref, linetype, item, quantity, invunitom, outstand)
            select 'GAT', requestkey, requestno || '/1', 1, ${items[0].item_id}, 5, 'PCS', 0 from material_request where requestno like 'MRB-%'`.execute(db);
  await sql`insert into purchase_request (compcode, prno, prdate, requestor, pr_type, statuswf, progress, material_request)
            select 'GAT', 'PRB-' || substr(requestno, 5), requestdate, 1, 'RTN', '111', 3, requestkey from material_request where requestno like 'MRB-%'`.execute(db);
  await sql`insert into purchase_request_line (compcode, purchase_request, lineref, mr_line, item, description, quantity, unit, outstand)
            select 'GAT', p.prkey, p.prno || '/1', ml.reqdtlkey, ml.item, 'bench', 5, 'PCS', 0 from purchase_request p join material_request_line ml on ml.request = p.material_request where p.prno like 'PRB-%'`.execute(db);
  await sql`insert into purchase_order (compcode, pono, podate, vendor, po_type, currency, payment_terms, incoterm, statuswf, outstand, purchase_request)
            select 'GAT', 'POB-' || substr(prno, 5), prdate, ${vendor.vendor_id}, 'RTN', 'USD', 'NET30', 'FCA', '111', 0, prkey from purchase_request where prno like 'PRB-%'`.execute(db);
  await sql`insert into purchase_order_line (compcode, purchase_order, lineref, pr_line, item, quantity, unit, unit_price, outstand, qty_received)
            select 'GAT', o.pokey, o.pono || '/1', d.prdtlkey, d.item, 5, 'PCS', 10, 0, 5 from purchase_order o join purchase_request_line d on d.purchase_request = o.purchase_request where o.pono like 'POB-%'`.execute(db);
  const store = await db.selectFrom('store_warehouse').select('store_id').where('compcode', '=', 'GAT').orderBy('store_id').executeTakeFirstOrThrow();
  await sql`insert into receiving (compcode, rcvno, rcvdate, purchase_order, vendor, store, posted, statuswf)
            select 'GAT', 'RCB-' || substr(pono, 5), podate + 10, pokey, vendor, ${store.store_id}, 1, '111' from purchase_order where pono like 'POB-%'`.execute(db);
  await sql`insert into receiving_line (compcode, receiving, po_line, item, quantity, unit, condition, inspection)
            select 'GAT', r.rcvkey, l.podtlkey, l.item, 5, 'PCS', 'NE', 'ACC' from receiving r join purchase_order_line l on l.purchase_order = r.purchase_order where r.rcvno like 'RCB-%'`.execute(db);
  await sql`analyze`.execute(db);
});
if (process.argv.includes('--explain')) {
  const plan = await sql<{ 'QUERY PLAN': string }>`explain analyze select * from pr_history_status where compcode = 'GAT' order by docdate desc limit 20`.execute(db);
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
}
const report = (q: string) => t.call('GET', `/api/data/pr_history_status?route=aircraft-procurement/pr-history-status&${q}`, { token: tok.purchaser });
await report('limit=20');
await time('pr-history-status: first page (20, newest first)', async () => ok(await report('limit=20')), 5);
await time('pr-history-status: by PO number (contains)', async () => ok(await report(`po_no=POB-${Math.floor(CHAIN / 2)}&limit=20`)), 5);
await time('pr-history-status: by MR number (contains)', async () => ok(await report(`mr_no=MRB-${Math.floor(CHAIN / 3)}&limit=20`)), 5);
await time('pr-history-status: by receipt number (contains; a subquery per row)', async () => ok(await report(`rcv_no=RCB-${Math.floor(CHAIN / 4)}&limit=20`)), 3);
await time('pr-history-status: by stage (Received; subqueries per row)', async () => ok(await report('stage=RECEIVED&limit=20')), 3);

console.log(`\nProcurement chain on ${t.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${LINES}-line documents, ${CHAIN.toLocaleString('en-US')} chain lines\n`);
console.log('| step | time |\n| --- | --- |');
for (const [label, v] of rows) console.log(`| ${label} | ${v} |`);
await t.close();
