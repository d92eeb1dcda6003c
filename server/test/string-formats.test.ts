/**
 * E-mail and phone fields checked by their format on the server (issue 37 point 4): a customer
 * e-mail "not-an-email" and a phone "call me" are 400 at their fields in words that say what is
 * wanted (not a regular expression), and nothing is stored; well-formed values save.
 *
 * A field's own pattern (issue 39 point 3, decision 0372): a master item's ATA chapter is two
 * digits, with up to two more pairs after hyphens (32, 32-42, 32-42-01). "3242" and "32-4" are
 * refused at /ata_chapter in the metadata's words (patternMessage), nothing changes; "32-42-01"
 * saves; the form a reader of Indonesian gets carries the pattern and its Indonesian words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { adminIn, signedInAt, STARTUP_TIMEOUT } from './support.ts';
import { formatMessage, STRING_FORMATS } from '../../engine/src/values/formats.ts';

let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminIn(t, 'GAT');
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const count = async (code: string) => (await t.services.database.db.selectFrom('amo_customer').select('customer_code').where('customer_code', '=', code).execute()).length;

describe('e-mail and phone formats', () => {
  it('refuses a malformed e-mail and phone at their fields, in words, and stores nothing', async () => {
    const r = await t.call('POST', '/api/data/amo_customer', { token: admin, body: { customer_code: 'FMT-1', customer_name: 'Format Air', country: 'Indonesia', email: 'not-an-email', phone: 'call me' } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('ERR_VALIDATION');
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { path: '/email', message: 'must be an e-mail address such as name@example.com' },
        { path: '/phone', message: 'must be a phone number: 6 to 20 digits, an optional + in front, spaces ( ) - . / between them' },
      ]),
    );
    expect(await count('FMT-1')).toBe(0);
  });

  it('saves well-formed values', async () => {
    const r = await t.call('POST', '/api/data/amo_customer', { token: admin, body: { customer_code: 'FMT-2', customer_name: 'Format Air', country: 'Indonesia', email: 'ops@format-air.co.id', phone: '+62 (21) 550-1234' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await count('FMT-2')).toBe(1);
  });

  it('the phone pattern: digits counted, a + only in front, words for each format', () => {
    const phone = new RegExp(STRING_FORMATS.phone, 'u');
    // 6 digits is the least, 20 the most; letters, a + inside, a trailing separator refused
    expect(['123456', '+62 21 550 1234', '(021) 550.1234', '0812/3456/789'].map((p) => phone.test(p))).toEqual([true, true, true, true]);
    expect(['12345', '1'.repeat(21), 'call me', '62+21 5501234', '021 5501234-', ''].map((p) => phone.test(p))).toEqual([false, false, false, false, false, false]);
    expect(formatMessage(STRING_FORMATS.email, 'id')).toBe('harus berupa alamat e-mail seperti nama@contoh.com');
    expect(formatMessage('^[A-Z]+$')).toBeUndefined();
  });
});

describe("a field's own pattern", () => {
  const ATA_WORDS = 'must be an ATA chapter such as 32, a chapter-section such as 32-42, or with its subject, 32-42-01';
  const item = () =>
    t.services.database.db.selectFrom('master_item').selectAll().where('compcode', '=', 'GAT').where('partnumber', '=', '3214552-3').executeTakeFirstOrThrow() as Promise<Record<string, any>>;
  const writable = (row: Record<string, any>) => {
    const out: Record<string, unknown> = { version: row.version };
    for (const f of t.services.reg.entity('master_item').fields) if (!f.readOnly && !f.hidden && row[f.name] !== undefined) out[f.name] = row[f.name];
    return out;
  };

  it('refuses an ATA chapter that is not one at the field, in the metadata words, and changes nothing', async () => {
    const before = await item();
    expect(before.ata_chapter).toBe('32-42');
    for (const bad of ['3242', '32-4', 'ATA 32']) {
      const r = await t.call('PUT', `/api/data/master_item/${before.item_id}`, { token: admin, body: { ...writable(before), ata_chapter: bad } });
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe('ERR_VALIDATION');
      expect(r.body.errors).toEqual([{ path: '/ata_chapter', message: ATA_WORDS }]);
    }
    expect(await item()).toEqual(before);
    const ok = await t.call('PUT', `/api/data/master_item/${before.item_id}`, { token: admin, body: { ...writable(before), ata_chapter: '32-42-01' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await item()).ata_chapter).toBe('32-42-01');
  });

  it('gives the form the pattern with its words in the reader\'s language', async () => {
    const { token } = await signedInAt(t, 'storekeeper', 'GAT');
    expect((await t.call('PUT', '/api/users/language', { token, body: { language: 'id' } })).status).toBe(200);
    const r = await t.call('GET', '/api/meta/screen/aircraft-logistic/master-item-form', { token });
    expect(r.status).toBe(200);
    expect(r.body.schema.properties.ata_chapter).toMatchObject({ pattern: '^[0-9]{2}(-[0-9]{2}){0,2}$', 'x-pattern-message': 'harus berupa bab ATA seperti 32, bab-seksi seperti 32-42, atau dengan subjeknya, 32-42-01' });
  });
});
