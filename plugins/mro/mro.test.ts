/**
 * MRO through the real server (plugins/mro): quotation prices computed on every write path, never
 * typed, against figures worked by hand; a line that cannot be priced refused with a 400 naming
 * its field and nothing written. One server and database per file, both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, expectError } from '../../server/test/support.ts';

type Row = Record<string, any>;

let t: TestApp;
let tok: string;
const ids: Record<string, number> = {};
const db = () => t.services.database.db;

async function create(entity: string, body: Row): Promise<Row> {
  const r = await t.call('POST', `/api/data/${entity}`, { token: tok, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
const get = async (entity: string, key: unknown): Promise<Row> => (await t.call('GET', `/api/data/${entity}/${key}`, { token: tok })).body.data;
const money = (r: Row, fields: string[]) => Object.fromEntries(fields.map((f) => [f, Number(r[f])]));
const TOTALS = ['total_labour', 'total_material', 'total_services', 'subtotal', 'discount_amount', 'net_amount', 'tax_pct', 'tax_amount', 'grand_total'];

beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { username: 'mro.boss', companies: { GAT: 'administrator' } });
  tok = (await t.signIn('mro.boss', 'demo1234')).token;
  const type = await db().selectFrom('aircraft_type').select('aircraft_type_id').where('compcode', '=', 'GAT').orderBy('aircraft_type_id').executeTakeFirstOrThrow();
  // a customer without a contract rate (skill rates apply), billed in USD, and one in IDR
  for (const [code, currency] of [['TST', 'USD'], ['TSI', 'IDR']]) {
    const c = await create('amo_customer', { customer_code: code, customer_name: `Test ${code}`, country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency });
    ids[code] = c.amo_customer_id;
    ids[`${code}-ac`] = (await create('customer_aircraft', { amo_customer: c.amo_customer_id, registration: `PK-${code}`, aircraft_type: type.aircraft_type_id, msn: code })).customer_aircraft_id;
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const quotation = (code: string, lines: Row[], extra: Row = {}) => ({
  quotation_date: '2026-02-02',
  amo_customer: ids[code],
  customer_aircraft: ids[`${code}-ac`],
  subject: 'Test',
  valid_until: '2026-03-02',
  lines: lines.map((l, i) => ({ line_no: i + 1, description: `line ${i + 1}`, ...l })),
  ...extra,
});

describe('quotation pricing on the server', () => {
  it("the demo's quotations carry real totals", async () => {
    const q = await db().selectFrom('quotation').selectAll().where('compcode', '=', 'GAT').where('quotation_no', '=', 'QTN-2025-00001').executeTakeFirstOrThrow();
    // GAH: contract rate 58.00 USD, not exempt; GAT's tax 11 %.
    // labour (212 + 3 + 1.5) MH × 58.00 = 12,296.00 + 174.00 + 87.00 = 12,557.00
    // parts 24 × 21.00 + 40 × 1.60 = 504.00 + 64.00 = 568.00
    // services: borescope rental cost 500.00 × 1.30 = 650.00
    // subtotal 13,775.00, no discount; tax 11 % = 1,515.25; total 15,290.25
    expect(money(q, TOTALS)).toEqual({ total_labour: 12557, total_material: 568, total_services: 650, subtotal: 13775, discount_amount: 0, net_amount: 13775, tax_pct: 11, tax_amount: 1515.25, grand_total: 15290.25 });
    expect([q.currency, Number(q.labour_rate), Number(q.total_manhours)]).toEqual(['USD', 58, 216.5]);
  });

  it("prices every kind of line; amounts sent by the client are ignored", async () => {
    const q = await create(
      'quotation',
      quotation(
        'TST',
        [
          { line_type: 'LAB', skill: 'B1', manhours: 10, amount: 1 }, //           B1 55.00 × 10 = 550.00
          { line_type: 'LAB', skill: 'NDT', manhours: 2 }, //                      NDT 70.00 × 2 = 140.00
          { line_type: 'MAT', price_source: 'FIXED', quantity: 3, unit_price: 12.5 }, // 3 × 12.50 = 37.50
          { line_type: 'SVC', price_source: 'COST', unit_cost: 1000, markup_pct: 15 }, // 1,000.00 × 1.15 = 1,150.00
          { line_type: 'OTH', quantity: 1, unit_price: 100 }, //                          100.00
        ],
        { discount_pct: 5, grand_total: 1, tax_pct: 0 },
      ),
    );
    // subtotal 1,977.50; discount 5 % = 98.875 → 98.88; net 1,878.62; tax 11 % = 206.6482 → 206.65;
    // total 2,085.27
    expect(money(q, TOTALS)).toEqual({ total_labour: 690, total_material: 37.5, total_services: 1250, subtotal: 1977.5, discount_amount: 98.88, net_amount: 1878.62, tax_pct: 11, tax_amount: 206.65, grand_total: 2085.27 });
    expect(q.lines.map((l: Row) => [Number(l.sell_price), Number(l.amount)])).toEqual([[55, 550], [70, 140], [12.5, 37.5], [1150, 1150], [100, 100]]);
    expect([q.currency, q.labour_rate, Number(q.exchange_rate)]).toEqual(['USD', null, 1]);
    ids.q = q.quotation_id;
  });

  it('a line written directly re-prices its quotation', async () => {
    // + B2 60.00 × 1.5 = 90.00: subtotal 2,067.50; discount 103.375 → 103.38; net 1,964.12;
    // tax 216.0532 → 216.05; total 2,180.17
    await create('quotation_line', { quotation: ids.q, line_no: 6, line_type: 'LAB', skill: 'B2', manhours: 1.5, description: 'avionics' });
    expect(money(await get('quotation', ids.q), ['subtotal', 'discount_amount', 'net_amount', 'tax_amount', 'grand_total'])).toEqual({ subtotal: 2067.5, discount_amount: 103.38, net_amount: 1964.12, tax_amount: 216.05, grand_total: 2180.17 });
  });

  it('a customer exempt from tax pays none', async () => {
    const c = await get('amo_customer', ids.TST);
    const body = { ...Object.fromEntries(['customer_code', 'customer_name', 'country', 'contract_type', 'payment_terms', 'currency', 'version'].map((f) => [f, c[f]])), tax_exempt: true, tax_exempt_ref: 'EXP-1' };
    const r = await t.call('PUT', `/api/data/amo_customer/${ids.TST}`, { token: tok, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const q = await create('quotation', quotation('TST', [{ line_type: 'OTH', quantity: 2, unit_price: 50 }]));
    expect(money(q, ['net_amount', 'tax_pct', 'tax_amount', 'grand_total'])).toEqual({ net_amount: 100, tax_pct: 0, tax_amount: 0, grand_total: 100 });
    expect(q.tax_exempt).toBe(true);
  });

  it("converts the company's rates at the day's rate", async () => {
    // IDR customer, no contract rate: B1 55.00 USD at 1 IDR = 0.000062 USD (GAT's rate from
    // 2026-01-01): 5,500 cents / 0.000062 = 88,709,677.42 → 887,096.77 IDR per hour; × 2 MH = 1,774,193.54
    const q = await create('quotation', quotation('TSI', [{ line_type: 'LAB', skill: 'B1', manhours: 2 }]));
    expect([q.currency, Number(q.exchange_rate), Number(q.lines[0].sell_price), Number(q.total_labour)]).toEqual(['IDR', 0.000062, 887096.77, 1774193.54]);
  });

  it('refuses a line it cannot price, naming the field; nothing is written', async () => {
    const before = await db().selectFrom('quotation').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    // labour without a skill (the customer has no contract rate)
    let r = await t.call('POST', '/api/data/quotation', { token: tok, body: quotation('TST', [{ line_type: 'OTH', unit_price: 1 }, { line_type: 'LAB', manhours: 1 }]) });
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/lines/1/skill', message: 'has no labour rate: give the customer a contract rate or the company a rate for the skill' }]);
    // a company-currency rate needed before the first IDR rate (2025-01-01)
    r = await t.call('POST', '/api/data/quotation', { token: tok, body: quotation('TSI', [{ line_type: 'LAB', skill: 'B1', manhours: 1 }], { quotation_date: '2024-06-02' }) });
    expectError(r, 400, 'ERR_VALIDATION');
    expect(r.body.errors).toEqual([{ path: '/currency', message: 'No exchange rate from IDR to the company currency valid on 2024-06-02: enter it under Currency Rates.' }]);
    const after = await db().selectFrom('quotation').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
