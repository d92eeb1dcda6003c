/**
 * Stores (plugins/stores): posting throughput and the inventory reports over a large ledger.
 *
 * Data: on PostgreSQL, a ledger of 1,000,000 posted rows (--quick: 10,000) for GAT is generated
 * once and kept (rows with created_by 'bench-stores'): 2,000 parts (--quick 250; a tenth of them
 * batch-tracked with a shelf life) in 2 stores, 5 lots each, 50 movements per lot (--quick 4) (a receipt of 12 then three issues
 * of 3, repeated), dated 2020 to 2026, with the balance rows and moving-average pools those
 * movements give (aggregated from the ledger, as posting keeps them). Then, through the server:
 *
 * - posting throughput: issue documents of one line posted one after another, then by 8 clients
 *   at once on 8 different parts, then by 8 clients on the same part (postings of one part
 *   queue on its valuation row by design); on PostgreSQL each case also as a direct-SQL lower
 *   bound (`directIssue`: the same document, valuation and balance locks and the same rows
 *   written, in the fewest round trips, straight through pg) on other documents of the same
 *   parts, and the engine's share of it;
 * - the reports a storekeeper opens: inventory balance (first page; by store; by part number),
 *   stock card of one part and unfiltered, expiring stock, items to reorder.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../engine/src/db/database.ts';
import { PARSERS } from '../engine/src/db/value-types.ts';
import { COST, MONEY, QTY, fixed, mulDiv, toNumber } from '../engine/src/values/money.ts';
import type { BenchContext } from './lib/context.ts';
import { getJson, keepAlive, request } from './lib/http.ts';
import { loadavg } from 'node:os';
import { log, median, ms, num, percentile, printTable } from './lib/report.ts';
import { COMPANY, BENCH_USER } from './generate.ts';
import { SERVER_POOL_SIZE } from './list.ts';
import { contentHash } from '../engine/src/records/chain.ts';

const TAG = 'bench-stores';
const STORES = ['CGK-H4', 'DPS-LS'];
const LOTS = 5;

async function ensureLedger(ctx: BenchContext, rows: number, PARTS: number): Promise<{ rows: number; seconds: number }> {
  if (ctx.target.kind !== 'postgres') return { rows: 0, seconds: 0 };
  const database = await openDatabase({ url: ctx.target.url, poolSize: 2 });
  const db = database.db;
  try {
    const have = await sql<{ n: number }>`select count(*)::bigint as n from stock_ledger where created_by = ${TAG}`.execute(db);
    if (Number(have.rows[0]?.n) > 0) return { rows: Number(have.rows[0].n), seconds: 0 };
    const t0 = performance.now();
    const perLot = Math.max(4, Math.round(rows / (PARTS * STORES.length * LOTS)));
    log(`stores: generating ${(PARTS * STORES.length * LOTS * perLot).toLocaleString('en-US')} ledger rows (${perLot} per lot)`);
    await db.transaction().execute(async (tx) => {
      const run = (q: ReturnType<typeof sql>) => q.execute(tx);
      const category = await sql<{ id: number }>`select id from master_item_category where compcode = ${COMPANY} order by (code = 'EXP') desc, id limit 1`.execute(tx);
      await run(sql`
        insert into master_item (compcode, partnumber, itemname, category, unit, tracking, shelf_life_days, reorder_min, reorder_max, active, created_by)
        select ${COMPANY}, 'BNS-' || lpad(p::text, 5, '0'), 'Benchmark part ' || p, ${category.rows[0].id},
               'PCS', case when p % 10 = 0 then 'batch' else 'none' end, case when p % 10 = 0 then 720 end,
               case when p % 4 = 0 then 400 else 0 end, case when p % 4 = 0 then 800 else 0 end, true, ${TAG}
          from generate_series(1, ${PARTS}) p`);
      // lot n (0-based): part n / (stores × lots), store (n / lots) % stores, lot n % lots;
      // movement k of a lot: a receipt of 12 when k % 4 = 0, else an issue of 3 (never negative);
      // the running balances and values as posting writes them, in date order
      await run(sql`
        with parts as (select item_id, row_number() over (order by partnumber) - 1 as p, tracking from master_item where compcode = ${COMPANY} and created_by = ${TAG}),
             stores as (select store_id, row_number() over (order by store_code) - 1 as s from store_warehouse where compcode = ${COMPANY} and store_code in (${sql.join(STORES)})),
             mv as (
               select n, k, pa.item_id, pa.tracking, st.store_id,
                      date '2020-01-02' + ((k * 2400 / ${perLot}) + (n % 37))::int as d,
                      case when k % 4 = 0 then 12 else -3 end as qty,
                      10 + pa.p % 90 as cost
                 from generate_series(0, ${PARTS * STORES.length * LOTS - 1}) n
                cross join generate_series(0, ${perLot - 1}) k
                 join parts pa on pa.p = n / ${STORES.length * LOTS}
                 join stores st on st.s = (n / ${LOTS}) % ${STORES.length})
        insert into stock_ledger (compcode, txn_date, txn_type, doc_no, store, item, batch_number, condition, quantity, unit_cost, amount, expiry_date,
                                  balance_store, balance_item, value_store, value_item, posted, source, created_by)
        select ${COMPANY}, d,
               case when qty > 0 then 'RCV' else 'ISS' end,
               (case when qty > 0 then 'BR-' else 'BI-' end) || lpad((n * ${perLot} + k)::text, 8, '0'),
               store_id, item_id,
               case when tracking = 'batch' then 'LOT-' || (n % ${LOTS}) end,
               'NE', qty, cost, qty * cost,
               case when tracking = 'batch' then date '2026-06-30' + ((n % ${LOTS}) * 60) end,
               sum(qty) over (partition by item_id, store_id order by d, n, k),
               sum(qty) over (partition by item_id order by d, n, k),
               cost * sum(qty) over (partition by item_id, store_id order by d, n, k),
               cost * sum(qty) over (partition by item_id order by d, n, k),
               1, 'bench', ${TAG}
          from mv
         order by d, n, k`);
      await run(sql`
        insert into stock_balance (compcode, store, item, serial_number, batch_number, condition, quantity, expiry_date, last_movement, created_by)
        select compcode, store, item, '', coalesce(batch_number, ''), condition, sum(quantity), min(expiry_date), max(txn_date), ${TAG}
          from stock_ledger where created_by = ${TAG}
         group by compcode, store, item, coalesce(batch_number, ''), condition`);
      await run(sql`
        insert into stock_valuation (compcode, item, quantity, value, avg_cost, last_movement, created_by)
        select compcode, item, sum(quantity), sum(amount), round(sum(amount) / nullif(sum(quantity), 0), 4), max(txn_date), ${TAG}
          from stock_ledger where created_by = ${TAG}
         group by compcode, item`);
    });
    for (const table of ['stock_ledger', 'stock_balance', 'stock_valuation', 'master_item']) await sql.raw(`vacuum analyze ${table}`).execute(db);
    const n = await sql<{ n: number }>`select count(*)::bigint as n from stock_ledger where created_by = ${TAG}`.execute(db);
    return { rows: Number(n.rows[0].n), seconds: (performance.now() - t0) / 1000 };
  } finally {
    await database.close();
  }
}

interface Timed {
  label: string;
  runs: number[];
  rows?: number;
}

async function time(fn: () => Promise<number | void>, runs: number): Promise<{ lat: number[]; rows?: number }> {
  const lat: number[] = [];
  let rows: number | undefined;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const r = await fn();
    lat.push(performance.now() - s);
    if (typeof r === 'number') rows = r;
  }
  return { lat, rows };
}

/**
 * The direct-SQL lower bound of one posting of a one-line issue (decision 0133): what the engine
 * locks and writes, sent straight through pg in six round trips — begin; the document with its
 * line locked (not yet posted: exactly once); the part's valuation row locked; its balance rows
 * in the store locked, with its on hand over all stores; the ledger row (running balance and
 * value), the balance, the moving average, the posted flag and the document's two audit rows in
 * one statement; commit. No HTTP, access, rules beyond "not below zero", or hooks: a floor.
 */
export async function directIssue(pool: pg.Pool, key: number, user: { id: number | null; name: string }): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const doc = (
      await c.query(
        `select i.issueno, i.issuedate, i.store, i.registration, i.workorder_no, l.issuedtlkey, l.item, l.quantity, l.condition
           from inventory_issue i join inventory_issue_line l on l.issue = i.issuekey
          where i.issuekey = $1 and i.compcode = $2 and i.posted = 0 for update of i`,
        [key, COMPANY],
      )
    ).rows[0];
    if (!doc) throw new Error(`issue ${key} is posted already`);
    const v = (await c.query('select quantity, value from stock_valuation where compcode = $1 and item = $2 for update', [COMPANY, doc.item])).rows[0];
    const lots = (
      await c.query(
        `select b.balancekey, b.serial_number, b.batch_number, b.condition, b.quantity,
                (select sum(quantity) from stock_balance where compcode = $1 and item = $3) as item_qty,
                (select sum(quantity) filter (where condition <> 'AR') from stock_balance where compcode = $1 and item = $3) as item_valued
           from stock_balance b where b.compcode = $1 and b.store = $2 and b.item = $3
          order by b.serial_number, b.batch_number, b.condition for update of b`,
        [COMPANY, doc.store, doc.item],
      )
    ).rows;
    const need = fixed(doc.quantity, QTY);
    const lot = lots.find((b) => b.serial_number === '' && b.batch_number === '' && b.condition === doc.condition);
    if (!lot || fixed(lot.quantity, QTY) < need) throw new Error(`not enough stock for issue ${key}`);
    const poolQty = fixed(v.quantity, QTY);
    const poolValue = fixed(v.value, MONEY);
    const take = need === poolQty ? poolValue : mulDiv(need, poolValue, poolQty);
    const qtyAfter = poolQty - need;
    const valueAfter = poolValue - take;
    const atAverage = (q: bigint) => (qtyAfter > 0n ? mulDiv(q, valueAfter, qtyAfter) : 0n);
    const storeQty = lots.reduce((s, b) => s + fixed(b.quantity, QTY), 0n) - need;
    const storeValued = lots.filter((b) => b.condition !== 'AR').reduce((s, b) => s + fixed(b.quantity, QTY), 0n) - need;
    const itemQty = fixed(lots[0].item_qty, QTY) - need;
    const itemValued = fixed(lots[0].item_valued, QTY) - need;
    const date = String(doc.issuedate).slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const audit = (changes: unknown) => [user.id, user.name, JSON.stringify(changes)];
    await c.query(
      `with ledger as (
         insert into stock_ledger (compcode, txn_date, txn_type, doc_no, store, item, serial_number, batch_number, condition, quantity, unit_cost, amount,
                                   registration, balance_store, balance_item, value_store, value_item, posted, source, source_key, source_line, remark, created_by)
         values ($1, $2, 'ISS', $3, $4, $5, null, null, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1, 'inventory_issue', $15, $16, $17, $18)),
       balance as (update stock_balance set quantity = quantity - $19, last_movement = greatest(last_movement, $2::date), updated_at = now(), updated_by = $18 where balancekey = $20),
       valuation as (update stock_valuation set quantity = $21, value = $22, avg_cost = $23, last_movement = $2, updated_at = now(), updated_by = $18 where compcode = $1 and item = $5),
       document as (update inventory_issue set posted = 1, posted_date = $24, version = version + 1, updated_at = now(), updated_by = $18 where issuekey = $15)
       insert into sys_audit (entity, record_key, action, company, user_id, username, changes, content_hash)
       values ('inventory_issue', $15::text, 'action', $1, $25, $26, $27, $31), ('inventory_issue', $15::text, 'action', $1, $28, $29, $30, $32)`,
      [
        COMPANY, date, doc.issueno, doc.store, doc.item, doc.condition,
        -toNumber(need, QTY), toNumber(need > 0n ? mulDiv(take, 10n ** BigInt(COST), need) : 0n, COST), -toNumber(take, MONEY),
        doc.registration, toNumber(storeQty, QTY), toNumber(itemQty, QTY), toNumber(atAverage(storeValued), MONEY), toNumber(atAverage(itemValued), MONEY),
        key, doc.issuedtlkey, doc.workorder_no, user.name,
        toNumber(need, QTY), lot.balancekey,
        toNumber(qtyAfter, QTY), toNumber(valueAfter, MONEY), qtyAfter > 0n ? toNumber(mulDiv(valueAfter, 10n ** BigInt(COST), qtyAfter), COST) : null,
        today,
        ...audit({ action: 'post', changes: { posted: [0, 1], posted_date: [null, today] } }),
        ...audit({ action: 'post' }),
        ...[{ action: 'post', changes: { posted: [0, 1], posted_date: [null, today] } }, { action: 'post' }].map((changes) =>
          contentHash({ entity: 'inventory_issue', record_key: String(key), action: 'action', company: COMPANY, user_id: user.id, username: user.name, changes: JSON.stringify(changes) }),
        ),
      ],
    );
    await c.query('commit');
  } catch (e) {
    await c.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    c.release();
  }
}

export async function storesBenchmark(ctx: BenchContext): Promise<void> {
  const base = ctx.server.base;
  const token = ctx.auth.token;
  const target = ctx.quick ? 10_000 : 1_000_000;
  const made = await ensureLedger(ctx, target, ctx.quick ? 250 : 2000);
  const api = async <T = any>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await request(`${base}/api${path}`, { method, token, body });
    if (r.status !== 200) throw new Error(`${method} ${path} → ${r.status} ${r.body.toString().slice(0, 300)}`);
    return JSON.parse(r.body.toString()) as T;
  };
  const lookup = async (entity: string, field: string, q: string) => (await api<{ list: { key: number }[] }>('GET', `/data/${entity}/lookup/${field}?q=${encodeURIComponent(q)}&limit=1`)).list[0]?.key;
  const store = await lookup('inventory_issue', 'store', 'CGK-H4');
  if (!store) throw new Error('stores benchmark: store CGK-H4 not found');

  // parts to post against: the generated ones (PostgreSQL), else a few received here
  const parts: number[] = [];
  for (let p = 1; parts.length < 9 && p <= 40; p++) {
    const key = await lookup('inventory_issue_line', 'item', `BNS-${String(p * 4 + 1).padStart(5, '0')}`);
    if (key) parts.push(key);
  }
  if (parts.length < 9) {
    const category = await lookup('master_item', 'category', 'Expendable'); // no incoming inspection
    for (let p = parts.length; p < 9; p++) {
      const item = await api<{ data: { item_id: number } }>('POST', '/data/master_item', { partnumber: `BNQ-${Date.now()}-${p}`, itemname: 'Quick benchmark part', category, unit: 'PCS', tracking: 'none' });
      parts.push(item.data.item_id);
    }
  }
  const postings = ctx.quick ? 150 : 600;
  const direct = ctx.target.kind === 'postgres';
  // enough stock: one receipt per part (the first part serves two cases, each on both sides)
  const receipt = await api<{ data: { receiptkey: number } }>('POST', '/data/inventory_receipt', {
    receiptdate: '2026-11-20',
    source: 'OTHER',
    lines: parts.map((item) => ({ item, store, quantity: postings * 5, unit_cost: 25, condition: 'NE', unit: 'PCS' })),
  });
  await api('POST', '/data/inventory_receipt/action/post_inventory_receipt', { key: receipt.data.receiptkey });

  const issueDoc = async (item: number) =>
    (await api<{ data: { issuekey: number } }>('POST', '/data/inventory_issue', { issuedate: '2026-11-21', issue_type: 'AC', store, registration: 'PK-GTB', workorder_no: 'WO-BENCH', lines: [{ item, quantity: 1, condition: 'NE', unit: 'PCS' }] })).data.issuekey;

  const scenarios: { label: string; clients: number; item: (i: number) => number }[] = [
    { label: 'one at a time', clients: 1, item: () => parts[0] },
    { label: '8 clients, 8 different parts', clients: 8, item: (i) => parts[1 + (i % 8)] },
    { label: '8 clients, the same part', clients: 8, item: () => parts[0] },
  ];
  /** Posts the documents with `clients` workers in a closed loop: postings per second and latencies. */
  const drive = async (keys: number[], clients: number, post: (key: number) => Promise<boolean>) => {
    const lat: number[] = [];
    let next = 0;
    let errors = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < keys.length) {
          const key = keys[next++];
          const s0 = performance.now();
          if (await post(key)) lat.push(performance.now() - s0);
          else errors++;
        }
      }),
    );
    return { rate: lat.length / ((performance.now() - t0) / 1000), lat, errors };
  };
  const pool = direct
    ? new pg.Pool({
        connectionString: (ctx.target as { url: string }).url,
        max: SERVER_POOL_SIZE,
        types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser },
      })
    : undefined;
  const user = { id: Number(ctx.auth.user.user_id ?? 0) || null, name: String(ctx.auth.user.username ?? BENCH_USER) };
  const postRows: (string | number)[][] = [];
  const loads: string[] = [];
  try {
    for (const sc of scenarios) {
      const keys: number[] = [];
      for (let i = 0; i < postings; i++) keys.push(await issueDoc(sc.item(i)));
      const directKeys: number[] = [];
      if (pool) for (let i = 0; i < postings; i++) directKeys.push(await issueDoc(sc.item(i)));
      const load0 = loadavg()[0];
      const agent = keepAlive(sc.clients);
      const engine = await drive(keys, sc.clients, async (key) => (await request(`${base}/api/data/inventory_issue/action/post_inventory_issue`, { method: 'POST', token, body: { key }, agent })).status === 200);
      agent.destroy();
      const load1 = loadavg()[0];
      const floor = pool
        ? await drive(directKeys, sc.clients, (key) =>
            directIssue(pool, key, user).then(
              () => true,
              () => false,
            ),
          )
        : undefined;
      loads.push(`${sc.label}: load ${load0.toFixed(2)} before the engine, ${load1.toFixed(2)} before direct, ${loadavg()[0].toFixed(2)} after`);
      postRows.push([
        sc.label,
        sc.clients,
        engine.lat.length,
        engine.errors,
        num(engine.rate, 0),
        ms(median(engine.lat)),
        ms(percentile(engine.lat, 95)),
        floor ? num(floor.rate, 0) : 'n/a',
        floor ? ms(median(floor.lat)) : 'n/a',
        floor ? floor.errors : 'n/a',
        floor ? `${((engine.rate / floor.rate) * 100).toFixed(0)}%` : 'n/a',
      ]);
      log(`stores posting, ${sc.label}: engine ${engine.rate.toFixed(0)}/s${floor ? `, direct ${floor.rate.toFixed(0)}/s (${((engine.rate / floor.rate) * 100).toFixed(0)}%)` : ''}`);
    }
  } finally {
    await pool?.end();
  }
  const ledgerRows = await getJson<{ meta: { total: number; totalCapped?: boolean } }>(`${base}/api/data/stock_ledger?route=aircraft-logistic/stock-ledger&limit=1`, token);
  const scale = `${ctx.quick ? 'QUICK run, ' : ''}${made.rows ? `${made.rows.toLocaleString('en-US')} generated ledger rows (GAT)` : 'no generated ledger (PGlite)'} + the demo; ${ctx.scale}`;
  printTable({
    title: 'Stores: posting throughput (issue of one line): engine through the server, direct SQL lower bound',
    machine: ctx.machine,
    scale,
    columns: ['postings', 'clients', 'posted', 'refused', 'engine /s', 'engine p50', 'engine p95', 'direct /s', 'direct p50', 'direct refused', 'engine/direct'],
    rows: postRows,
    notes: [
      "engine: POST …/post_inventory_issue through HTTP, one transaction of 9 statements (decision 0133), prepared and reused per shape (decision 0213): the document locked, the part's valuation row and balance rows locked, the rules checked, the ledger row, balance, average, document flag and audit rows written",
      `direct: the same locks and rows in 6 round trips through pg.Pool(max ${SERVER_POOL_SIZE}) (bench/stores.ts directIssue), on other documents of the same parts, right after the engine's run; goal (issue 24): engine ≥ 50% of direct at 1 and 8 clients`,
      ...(direct ? [] : ['direct SQL needs PostgreSQL (run with --db postgres://…)']),
      ...loads.map((l) => `load average (1 min): ${l}`),
      `ledger rows listed for GAT: ${ledgerRows.meta.total.toLocaleString('en-US')}${ledgerRows.meta.totalCapped ? '+' : ''}`,
      ...(made.seconds ? [`ledger generated in ${made.seconds.toFixed(1)} s`] : []),
    ],
  });

  const runs = ctx.quick ? 5 : 30;
  const item = parts[0];
  const reports: { label: string; url: string }[] = [
    { label: 'balance, first page (sorted by part number)', url: '/data/inventory_balance?route=aircraft-logistic/report-inventory-balance&page=1&limit=20' },
    { label: 'balance, one store', url: `/data/inventory_balance?route=aircraft-logistic/report-inventory-balance&store=${store}&page=1&limit=20` },
    { label: 'balance, part number starts with', url: '/data/inventory_balance?route=aircraft-logistic/report-inventory-balance&partnumber=BNS-0150&page=1&limit=20' },
    { label: 'stock card, one part', url: `/data/inventory_card?route=aircraft-logistic/report-inventory-card&item=${item}&page=1&limit=20` },
    { label: 'stock card, no filter (first page)', url: '/data/inventory_card?route=aircraft-logistic/report-inventory-card&page=1&limit=20' },
    { label: 'expired and expiring stock', url: '/data/inventory_expiry?route=aircraft-logistic/report-inventory-expired&page=1&limit=20' },
    { label: 'items needing reorder', url: '/data/inventory_reorder?route=aircraft-logistic/inventory-need-reorder&page=1&limit=20' },
  ];
  const timed: Timed[] = [];
  for (const r of reports) {
    await getJson(`${base}/api${r.url}`, token); // warm
    const { lat, rows } = await time(async () => (await getJson<{ meta: { total: number } }>(`${base}/api${r.url}`, token)).meta.total, runs);
    timed.push({ label: r.label, runs: lat, rows });
    log(`stores report ${r.label}: ${median(lat).toFixed(1)} ms`);
  }
  printTable({
    title: 'Stores: inventory reports over the ledger (through the server, one client)',
    machine: ctx.machine,
    scale,
    columns: ['report', 'rows (total)', 'p50', 'p95'],
    rows: timed.map((x) => [x.label, x.rows ?? '', ms(median(x.runs)), ms(percentile(x.runs, 95))]),
    notes: [
      'balance, expiry and reorder read the balance rows posting keeps (one per company, store, item, lot, condition); the stock card reads the ledger rows (running figures written by the posting)',
      `${runs} runs each after one warm-up; totals capped at 10,000 past the page as every list`,
    ],
  });
}
