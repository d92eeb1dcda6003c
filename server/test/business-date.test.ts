/**
 * One business date (decision 0122): an action is dated on today's date in its company's time zone
 * (company.timezone), filled by the action runner; a time zone the server does not know is refused
 * at the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { adminIn, DEMO_PASSWORD, STARTUP_TIMEOUT } from './support.ts';
import { dateIn, isTimeZone } from '../../engine/src/crud/business-date.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('business date', () => {
  it('is the calendar date in the zone: 20:00 UTC is already tomorrow in Jakarta (UTC+7), still yesterday in Los Angeles at 05:00 UTC', () => {
    const evening = new Date('2026-11-27T20:00:00Z');
    expect(dateIn('UTC', evening)).toBe('2026-11-27');
    expect(dateIn('Asia/Jakarta', evening)).toBe('2026-11-28'); // 03:00 on the 28th, WIB
    expect(dateIn('America/Los_Angeles', new Date('2026-11-27T05:00:00Z'))).toBe('2026-11-26'); // 21:00 PST
    expect(dateIn('Asia/Jakarta', new Date('2026-12-31T16:59:59Z'))).toBe('2026-12-31'); // 23:59:59 WIB
    expect(dateIn('Asia/Jakarta', new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
    expect(isTimeZone('Asia/Jakarta')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it("dates a posting on the company's business day, and refuses a time zone the server does not know", async () => {
    const token = await adminIn(t, 'GAT');
    const company = (await t.call('GET', '/api/data/company/GAT', { token })).body.data;
    expect(company.timezone).toBe('UTC');
    const bad = await t.call('PUT', '/api/data/company/GAT', { token, body: { company: company.company, matauang: company.matauang, timezone: 'Mars/Olympus_Mons', version: company.version } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: '/timezone', message: 'is not a time zone: give an IANA name such as Asia/Jakarta, or UTC' }]);
    // UTC+14: from 10:00 UTC on, its business day is already tomorrow in UTC
    const zone = 'Pacific/Kiritimati';
    const set = await t.call('PUT', '/api/data/company/GAT', { token, body: { company: company.company, matauang: company.matauang, timezone: zone, version: company.version } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const db = t.services.database.db;
    const draft = await db.selectFrom('inventory_receipt').select(['receiptkey']).where('compcode', '=', 'GAT').where('posted', '=', 0).orderBy('receiptkey').executeTakeFirstOrThrow();
    const keeper = await t.signIn('storekeeper', DEMO_PASSWORD);
    const posted = await t.call('POST', '/api/data/inventory_receipt/action/post_inventory_receipt', { token: keeper.token, body: { key: draft.receiptkey } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const row = await db.selectFrom('inventory_receipt').select(['posted', 'posted_date']).where('receiptkey', '=', draft.receiptkey).executeTakeFirstOrThrow();
    expect(row.posted).toBe(1);
    expect(row.posted_date).toBe(dateIn(zone));
  });

  it("reads the views on each company's business date: the day count of a document's expiry differs by the zones' dates", async () => {
    const db = t.services.database.db;
    const doc = await db.selectFrom('aircraft_document').select(['compcode', 'expiry_date']).where('expiry_date', 'is not', null).orderBy('aircraft_document_id').executeTakeFirstOrThrow();
    const cc = String(doc.compcode);
    const token = await adminIn(t, cc);
    const days = async (zone: string): Promise<{ today: string; remaining: number }> => {
      const company = (await t.call('GET', `/api/data/company/${cc}`, { token })).body.data;
      const set = await t.call('PUT', `/api/data/company/${cc}`, { token, body: { company: company.company, matauang: company.matauang, timezone: zone, version: company.version } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const today = await db.selectFrom('company_today').select('today').where('compcode', '=', cc).executeTakeFirstOrThrow();
      const status = await db.selectFrom('document_status').select('days_remaining').where('compcode', '=', cc).where('expiry_date', '=', doc.expiry_date).executeTakeFirstOrThrow();
      return { today: String(today.today), remaining: Number(status.days_remaining) };
    };
    // UTC+14 and UTC-12 are always on different calendar days (26 hours apart): one day, or two
    // between 10:00 and 12:00 UTC
    const east = await days('Pacific/Kiritimati');
    const west = await days('Etc/GMT+12');
    expect(east.today).toBe(dateIn('Pacific/Kiritimati'));
    expect(west.today).toBe(dateIn('Etc/GMT+12'));
    const apart = Math.round((Date.parse(east.today) - Date.parse(west.today)) / 86_400_000);
    expect(apart).toBeGreaterThanOrEqual(1);
    expect(west.remaining - east.remaining).toBe(apart);
    await days('UTC');
  });
});
