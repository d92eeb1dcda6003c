/**
 * Concurrency (docs/reliability.md, part 2), through real HTTP against a listening server:
 *   - 50 simultaneous actions on one workflow assignment → exactly one 200, 49 × 409, one action in
 *     the history, the document in the state the winner chose (several rounds);
 *   - 50 simultaneous sends of one draft → one task;
 *   - 1,000 simultaneous creations of numbered documents (half through the §7 call, half through
 *     the generic API, same series) → 1,000 unique, consecutive numbers, each with its line;
 *   - simultaneous edits of one record read at the same version → one 200, the others 409
 *     ERR_STALE, the row holds the winner's write (lines included), also when sequential;
 *   - 10 simultaneous full payments of one invoice → one posted, 9 × 409; 10 simultaneous credit
 *     notes of one invoice → one;
 *   - 10 simultaneous returns of one part of one issue, each made from the issue (its copy) → never
 *     more back than went out: exactly the 6 the issue sent out post, 4 × 400 naming the part;
 *   - simultaneous deletes of one draft and simultaneous refreshes of one refresh token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { BodyFactory, QUICK, elapsed, errorShapeProblem, report } from './support.ts';

let t: TestApp;
let base = '';
const tok: Record<string, string> = {};
let item = 0;
const figures: Record<string, unknown> = {};
const started = Date.now();

interface Res {
  status: number;
  body: any;
}

async function http(method: string, path: string, token: string | undefined, body?: unknown): Promise<Res> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, body: parsed };
}

const tally = (rs: Res[]) => rs.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

async function newMr(remark: string, lines = 1) {
  const r = await http('POST', '/api/aircraft-mrequest', tok.storekeeper, {
    jasa: 0,
    remark,
    lines: Array.from({ length: lines }, (_, i) => ({ linetype: 1, item, quantity: i + 1, description: `${remark} line ${i + 1}` })),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { requestkey: number; requestno: string; version: number; lines: { reqdtlkey: number }[] };
}

beforeAll(async () => {
  // Node's fetch opens one connection per simultaneous request (no per-origin limit)
  t = await startTestApp();
  base = await t.listen();
  for (const u of ['storekeeper', 'approver']) tok[u] = (await t.signIn(u, 'demo1234')).token;
  const admin = await t.signIn('admin', 'admin123');
  await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'GAT' } });
  tok.admin = admin.token;
  item = Number((await t.services.database.db.selectFrom('master_item').select('item_id').where('compcode', '=', 'GAT').orderBy('item_id').executeTakeFirstOrThrow()).item_id);
});

afterAll(async () => {
  report('concurrency', { ...figures, seconds: Math.round((Date.now() - started) / 1000) });
  await t?.close();
});

describe('workflow actions', () => {
  const rounds = QUICK ? 2 : 5;
  it(`50 simultaneous actions on one assignment: exactly one succeeds, 49 get 409, one action in the history (${rounds} rounds)`, async () => {
    const t0 = Date.now();
    const actions = ['APPROVED', 'REJECTED', 'REVIEWED'];
    for (let round = 0; round < rounds; round++) {
      const mr = await newMr(`race ${round}`);
      const sent = await http('POST', '/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.requestkey) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const todo = await http('GET', '/api/tasktodo', tok.approver);
      const key = (todo.body as { taskkey: number; taskassignkey: number }[]).find((x) => x.taskkey === sent.body.taskkey)?.taskassignkey;
      expect(key).toBeTruthy();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => http('POST', '/api/tasktodo/doaction', tok.approver, { taskassignkey: key, actionTake: actions[(i + round) % 3], comment: `attempt ${i}` })),
      );
      expect(tally(results)).toEqual({ 200: 1, 409: 49 });
      for (const r of results.filter((x) => x.status === 409)) expect(errorShapeProblem(r.status, r.body)).toBeNull();
      const winner = actions[(results.findIndex((r) => r.status === 200) + round) % 3];
      const history = await http('GET', `/api/tasktodo/history/${sent.body.taskkey}`, tok.storekeeper);
      const acted = (history.body.data as { actiontake: string | null; message: string }[]).filter((h) => h.actiontake);
      expect(acted.map((h) => h.actiontake)).toEqual([winner]);
      const doc = await http('GET', `/api/aircraft-mrequest/detail/${mr.requestkey}`, tok.storekeeper);
      expect(doc.body[0][0].statuswf).toBe(winner === 'REJECTED' ? '110' : '111');
    }
    figures.actionRounds = rounds;
    figures.actionSeconds = Math.round((Date.now() - t0) / 1000);
  });

  it('50 simultaneous sends of one draft: one task, 49 refusals', async () => {
    const mr = await newMr('send race');
    const results = await Promise.all(Array.from({ length: 50 }, () => http('POST', '/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.requestkey) })));
    expect(tally(results)).toEqual({ 200: 1, 409: 49 });
    const tasks = await t.services.database.db.selectFrom('wf_task').select('taskkey').where('entity_name', '=', 'material_request').where('record_key', '=', String(mr.requestkey)).execute();
    expect(tasks).toHaveLength(1);
  });
});

describe('document numbers', () => {
  const n = QUICK ? 300 : 1000;
  it(`${n} simultaneous creations get ${n} unique, consecutive numbers, each document with its line`, async () => {
    const db = t.services.database.db;
    const series = async () => Number((await db.selectFrom('sys_number_series').select('last_seq').where('compcode', '=', 'GAT').where('series', '=', 'MR').executeTakeFirst())?.last_seq ?? 0);
    const last = await series();
    const generic = { ...(await new BodyFactory(t, {}).valid('material_request', 'GAT')), lines: [{ linetype: 1, item, quantity: 1, description: 'generic' }] };
    const tag = `numbers-${Date.now()}`;
    const t0 = Date.now();
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        i % 2 === 0
          ? http('POST', '/api/aircraft-mrequest', tok.storekeeper, { jasa: 0, remark: `${tag} ${i}`, lines: [{ linetype: 1, item, quantity: 1, description: `line of ${i}` }] })
          : http('POST', '/api/data/material_request', tok.storekeeper, { ...generic, remark: `${tag} ${i}` }),
      ),
    );
    figures.creations = n;
    figures.creationSeconds = (Date.now() - t0) / 1000;
    expect(tally(results)).toEqual({ 200: n });
    const numbers = results.map((r) => String(r.body.data.requestno));
    expect(new Set(numbers).size).toBe(n);
    const seqs = numbers.map((x) => Number(/(\d+)$/.exec(x)?.[1])).sort((a, b) => a - b);
    expect(seqs[0]).toBe(last + 1);
    expect(seqs[n - 1]).toBe(last + n);
    expect(seqs.every((s, i) => s === last + 1 + i)).toBe(true);
    expect(await series()).toBe(last + n);
    const stored = await db
      .selectFrom('material_request as h')
      .leftJoin('material_request_line as l', 'l.request', 'h.requestkey')
      .select((eb) => ['h.requestno', eb.fn.count('l.reqdtlkey').as('lines')])
      .where('h.remark', 'like', `${tag}%`)
      .groupBy('h.requestno')
      .execute();
    expect(stored).toHaveLength(n);
    expect(stored.every((r) => Number(r.lines) === 1)).toBe(true);
    console.log(`[reliability] ${n} creations in ${figures.creationSeconds} s: ${numbers.sort()[0]} … ${numbers.sort()[n - 1]}`);
  });
});

describe('simultaneous edits of one record', () => {
  const rounds = QUICK ? 10 : 40;
  it(`two editors read version v and save at once: one 200, one 409 ERR_STALE, the winner's write kept (${rounds} rounds)`, async () => {
    const created = await http('POST', '/api/data/store_warehouse', tok.storekeeper, { store_code: `RACE-${Date.now() % 100000}`, store_name: 'race start' });
    expect(created.status).toBe(200);
    const key = created.body.data.store_id;
    for (let round = 0; round < rounds; round++) {
      const a = (await http('GET', `/api/data/store_warehouse/${key}`, tok.storekeeper)).body.data;
      const b = (await http('GET', `/api/data/store_warehouse/${key}`, tok.admin)).body.data;
      expect(a.version).toBe(b.version);
      const body = (row: Record<string, unknown>, name: string) => ({ store_code: row.store_code, store_name: name, store_type: row.store_type, active: row.active, version: row.version });
      const [ra, rb] = await Promise.all([
        http('PUT', `/api/data/store_warehouse/${key}`, tok.storekeeper, body(a, `A wins round ${round}`)),
        http('PUT', `/api/data/store_warehouse/${key}`, tok.admin, body(b, `B wins round ${round}`)),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      const loser = ra.status === 409 ? ra : rb;
      expect(loser.body.code).toBe('ERR_STALE');
      const winnerName = ra.status === 200 ? `A wins round ${round}` : `B wins round ${round}`;
      const now = (await http('GET', `/api/data/store_warehouse/${key}`, tok.storekeeper)).body.data;
      expect(now.store_name).toBe(winnerName);
      expect(now.version).toBe(a.version + 1);
    }
    figures.editRounds = rounds;
  });

  it('ten editors at once: one 200, nine 409, and sequentially the later stale save is refused', async () => {
    const created = await http('POST', '/api/data/store_warehouse', tok.storekeeper, { store_code: `RACE10-${Date.now() % 100000}`, store_name: 'ten' });
    const key = created.body.data.store_id;
    const v = created.body.data.version;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => http('PUT', `/api/data/store_warehouse/${key}`, i % 2 ? tok.admin : tok.storekeeper, { store_code: created.body.data.store_code, store_name: `editor ${i}`, store_type: 'MAIN', active: true, version: v })),
    );
    expect(tally(results)).toEqual({ 200: 1, 409: 9 });
    const winner = results.findIndex((r) => r.status === 200);
    expect((await http('GET', `/api/data/store_warehouse/${key}`, tok.storekeeper)).body.data.store_name).toBe(`editor ${winner}`);
    // sequential: A and B read v+1; A saves; B's save with v+1 is stale
    const cur = (await http('GET', `/api/data/store_warehouse/${key}`, tok.storekeeper)).body.data;
    const first = await http('PUT', `/api/data/store_warehouse/${key}`, tok.storekeeper, { store_code: cur.store_code, store_name: 'first write', store_type: 'MAIN', active: true, version: cur.version });
    const later = await http('PUT', `/api/data/store_warehouse/${key}`, tok.admin, { store_code: cur.store_code, store_name: 'later stale write', store_type: 'MAIN', active: true, version: cur.version });
    expect([first.status, later.status, later.body.code]).toEqual([200, 409, 'ERR_STALE']);
    expect((await http('GET', `/api/data/store_warehouse/${key}`, tok.storekeeper)).body.data.store_name).toBe('first write');
  });

  it('a document with lines saved by two editors at once keeps exactly the winner’s lines', async () => {
    const rounds = QUICK ? 5 : 20;
    for (let round = 0; round < rounds; round++) {
      const mr = await newMr(`lines race ${round}`, 2);
      const edit = (who: string, n: number) =>
        http('POST', '/api/aircraft-mrequest', tok[who], {
          requestkey: mr.requestkey,
          version: mr.version,
          jasa: 0,
          remark: `${who} edit`,
          lines: Array.from({ length: n }, (_, i) => ({ linetype: 1, item, quantity: 10 + i, description: `${who} line ${i}` })),
        });
      const [a, b] = await Promise.all([edit('storekeeper', 3), edit('admin', 4)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const who = a.status === 200 ? 'storekeeper' : 'admin';
      const detail = await http('GET', `/api/aircraft-mrequest/detail/${mr.requestkey}`, tok.storekeeper);
      expect(detail.body[0][0].remark).toBe(`${who} edit`);
      expect((detail.body[1] as { description: string }[]).map((l) => l.description).sort()).toEqual(Array.from({ length: who === 'storekeeper' ? 3 : 4 }, (_, i) => `${who} line ${i}`));
    }
  });
});

describe('money (issue 32 point 5, decision 0260)', () => {
  // the demo's posted invoice of GAT (MIV-2025-00001, the fixed-price 4A-check of Citra Aviation, IDR), nothing paid on it
  const demoInvoice = async () =>
    (await t.services.database.db.selectFrom('mro_invoice').selectAll().where('compcode', '=', 'GAT').where('invoice_no', '=', 'MIV-2025-00001').executeTakeFirstOrThrow()) as Record<string, any>;

  it('10 simultaneous full payments of one invoice over real connections: exactly one posts, nine 409', async () => {
    const inv = await demoInvoice();
    const drafts: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await http('POST', '/api/data/mro_payment', tok.admin, { payment_date: new Date().toISOString().slice(0, 10), amo_customer: inv.amo_customer, amount: Number(inv.total), currency: inv.currency, mro_invoice: inv.mro_invoice_id, reference: `race ${i}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      drafts.push(r.body.data.mro_payment_id);
    }
    const results = await Promise.all(drafts.map((key) => http('POST', '/api/data/mro_payment/action/mro_post_payment', tok.admin, { key })));
    expect(tally(results)).toEqual({ 200: 1, 409: 9 });
    for (const r of results.filter((x) => x.status !== 200)) expect(errorShapeProblem(r.status, r.body)).toBeNull();
    const posted = await t.services.database.db.selectFrom('mro_payment').select(['amount']).where('mro_invoice', '=', inv.mro_invoice_id).where('status', '=', 'POSTED').execute();
    // paid once: the sum of posted payments is the invoice's total, never more
    expect(posted.map((p) => Number(p.amount))).toEqual([Number(inv.total)]);
    figures.payments = tally(results);
  });

  it('10 simultaneous credit notes of one invoice: exactly one, the invoice and its credit notes sum to 0', async () => {
    const inv = await demoInvoice();
    const results = await Promise.all(Array.from({ length: 10 }, () => http('POST', '/api/data/mro_invoice/action/mro_credit_invoice', tok.admin, { key: inv.mro_invoice_id })));
    expect(tally(results)).toEqual({ 200: 1, 409: 9 });
    for (const r of results.filter((x) => x.status !== 200)) expect(errorShapeProblem(r.status, r.body)).toBeNull();
    const cns = await t.services.database.db.selectFrom('mro_invoice').select(['total']).where('credits', '=', inv.mro_invoice_id).where('doc_type', '=', 'CN').execute();
    expect(cns.map((c) => Number(c.total))).toEqual([-Number(inv.total)]);
    figures.creditNotes = tally(results);
  });
});

describe('stock returns (issue 32 point 5, decision 0264)', () => {
  it('10 simultaneous returns of one issue over real connections: never more back than went out (6 of 6 GAL, 4 refused)', async () => {
    const db = t.services.database.db;
    // the demo's ISS-2026-00004 of GAT (WO-2026-00171, PK-GTD): 6 GAL of ASH41-GAL, batch AS41-2508, none returned yet
    const iss = await db.selectFrom('inventory_issue').select(['issuekey', 'issueno']).where('compcode', '=', 'GAT').where('issueno', '=', 'ISS-2026-00004').executeTakeFirstOrThrow();
    const copy = await http('GET', `/api/data/inventory_return/lookup/issue/copy/${String(iss.issuekey)}`, tok.storekeeper);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const part = await db.selectFrom('master_item').select(['item_id']).where('compcode', '=', 'GAT').where('partnumber', '=', 'ASH41-GAL').executeTakeFirstOrThrow();
    const line = (copy.body.data.lines as Record<string, unknown>[]).find((l) => Number(l.item) === Number(part.item_id)) as Record<string, unknown>;
    expect([line.quantity, line.batch_number]).toEqual([6, 'AS41-2508']);
    const before = await db.selectFrom('stock_ledger').select(['ledgerkey']).where('compcode', '=', 'GAT').where('item', '=', part.item_id).where('txn_type', '=', 'RET').execute();
    const drafts: number[] = [];
    for (let i = 0; i < 10; i++) {
      // made from the issue: its copy, one gallon each, half naming the issue line and half only the part
      const body = { ...copy.body.data, issue: iss.issuekey, returndate: new Date().toISOString().slice(0, 10), reason: 'UNUSED', returned_by: `race ${i}`, lines: [{ ...line, quantity: 1, ...(i % 2 ? {} : { issue_line: null }) }] };
      const r = await http('POST', '/api/data/inventory_return', tok.storekeeper, body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      drafts.push(r.body.data.returnkey);
    }
    const results = await Promise.all(drafts.map((key) => http('POST', '/api/data/inventory_return/action/post_inventory_return', tok.storekeeper, { key })));
    expect(tally(results)).toEqual({ 200: 6, 400: 4 });
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(errorShapeProblem(r.status, r.body)).toBeNull();
      expect(r.body.errors[0].message).toMatch(/^1 of ASH41-GAL, batch AS41-2508 to come back exceeds what (that line of )?ISS-2026-00004 sent out: 6 issued, 6 already returned, so at most 0 can come back$/);
    }
    const back = await db.selectFrom('stock_ledger').select(['quantity']).where('compcode', '=', 'GAT').where('item', '=', part.item_id).where('txn_type', '=', 'RET').where('ledgerkey', 'not in', before.length ? before.map((b) => b.ledgerkey) : [0]).execute();
    // back: exactly what went out, never more
    expect(back.reduce((s, b) => s + Number(b.quantity), 0)).toBe(6);
    figures.returns = tally(results);
  });
});

describe('other races', () => {
  it('20 simultaneous deletes of one draft: one 200, the rest 404, the lines gone with it', async () => {
    const mr = await newMr('delete race', 3);
    const results = await Promise.all(Array.from({ length: 20 }, () => http('DELETE', `/api/aircraft-mrequest/${mr.requestkey}`, tok.admin)));
    expect(tally(results)).toEqual({ 200: 1, 404: 19 });
    const lines = await t.services.database.db.selectFrom('material_request_line').select('reqdtlkey').where('request', '=', mr.requestkey).execute();
    expect(lines).toHaveLength(0);
  });

  it('20 simultaneous refreshes with one refresh token: exactly one new token', async () => {
    const s = await t.signIn('storekeeper', 'demo1234');
    const results = await Promise.all(Array.from({ length: 20 }, () => http('POST', '/api/auth/refresh', undefined, { refresh_token: s.refresh_token })));
    expect(tally(results)).toEqual({ 200: 1, 401: 19 });
    console.log(`[reliability] concurrency done in ${elapsed(started)}`);
  });
});
