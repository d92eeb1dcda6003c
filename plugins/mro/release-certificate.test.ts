/**
 * The authorised release certificate of a part (EASA Form 1 / FAA 8130-3; issue 36 point 4,
 * decision 0385) through the HTTP API, both databases: a component repaired on a customer work
 * order (a shop visit of Garuda Aero Technics, GAT) released by a certifying signature, printed
 * as the form, and received into stores on it. Every refusal writes nothing.
 *
 * People (GAT): mech performs card 10 (no authorisation); b1 holds B1 for the ATR 72-600 and
 * certifies both cards; the demo engineer (Dewi Lestari, enrolled second factor) holds the demo's
 * GAT-C-0314, category C, ATA scope 32, for the ATR 72-600 (and the demo's B1 GAT-B1-0211, any
 * ATA), and performs card 20 (category A); c32 holds only a C of scope 32 like GAT-C-0314; nocert
 * holds nothing. The company's approval: DGCA Indonesia, 145/0012.
 *
 * Worked by hand:
 * - the certificate's ATA 32-42 is in GAT-C-0314's scope 32; a certificate with ATA 34-11 is not in
 *   c32's: "Your authorisation F1T-C-32 does not cover ATA chapter 34-11 (scope 32).";
 * - segregation on: the engineer performed card 20 → refused; off → signed;
 * - numbering per company (series ARC, {series}-{YYYY}-{seq:5}): GAT's certificates follow one
 *   another (n, n + 1); Citra Aviation's first is ARC-<year>-00001;
 * - the receipt takes: certificate number = the tracking number, form = EASA Form 1, date = the
 *   signing day, issuer "Garuda Aero Technics 145/0012", condition RP (Repaired), serial BRK-7731.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { approvedAuthorisation, tokenIn } from '../../test/helpers/authorisation.ts';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT, createUser, DEMO_PASSWORD, expectError, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from '../airworthiness/rules/dates.ts';
import { codeOf, passwordOnlySignatures } from '../../test/helpers/signature.ts';
import { pdfText } from '../../test/helpers/pdf.ts';
import { releaseRefusal } from './release-certificate.ts';

type Row = Record<string, any>;

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, any> = {};
const today = todayUtc();
const year = today.slice(0, 4);
const one = (q: string): Promise<Row> => sqlOne(t, q);
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
const db = () => t.services.database.db;

const refused = (r: CallResult, message: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body).toMatchObject({ code: 'ERR_SIGNOFF', message });
};
const act = (who: string, entity: string, name: string, body: Row) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body });
const sign = (who: string, key: number, extra: Row = {}) => act(who, 'release_certificate', 'sign_release_certificate', { key, password: DEMO_PASSWORD, ...extra });
const signCard = (who: string, name: 'performed' | 'certified', key: number) => act(who, 'amo_work_order_task', `sign_amo_card_${name}`, { key, password: DEMO_PASSWORD });
const preview = async (who: string, key: number): Promise<Row> => expectOk(await t.call('GET', `/api/data/release_certificate/action/sign_release_certificate/preview?key=${key}`, { token: tok[who] }));
const create = async (entity: string, body: Row, who = 'boss'): Promise<Row> => expectOk(await t.call('POST', `/api/data/${entity}`, { token: tok[who], body })).data;
const cert = (id: number) => one(`select * from release_certificate where release_cert_id = ${id}`);
const segregation = (on: boolean) => sql`update company set release_independent = ${on} where compcode = 'GAT'`.execute(db());

/** A draft certificate of the brake assembly on the shop order. */
const draft = (extra: Row = {}) =>
  create('release_certificate', { amo_work_order: ids.wo, form_type: ids.easa, item: ids.brake, description: 'Brake assembly, main landing gear', partnumber: ids.brakePn, serial_no: 'BRK-7731', quantity: 1, status_work: 'RP', ata: '32-42', remarks: 'Repaired per CMM 32-42-27 rev. 14: heat stack replaced, wear pins reset.', ...extra });

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'GAT', 'CTA');
  await sql`update company set approval_authority = 'DGCA Indonesia', approval_ref = '145/0012', release_independent = false where compcode = 'GAT'`.execute(db());
  for (const u of ['boss', 'mech', 'b1', 'nocert', 'c32']) {
    await createUser(t, { username: `f1.${u}`, full_name: `F1 ${u}`, companies: { GAT: 'administrator' } });
    const s = await t.signIn(`f1.${u}`, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = s.user.user_id;
  }
  const eng = await tokenIn(t, 'engineer', DEMO_PASSWORD, 'GAT');
  tok.engineer = eng.token;
  ids.engineer = eng.user_id;
  ids.type = (await one(`select aircraft_type_id from aircraft_type where compcode = 'GAT' and type_name = 'ATR 72-600'`)).aircraft_type_id;
  ids.easa = (await one(`select id from arc_status where compcode = 'GAT' and code = 'EASA-F1'`)).id;
  const brake = await one(`select item_id, partnumber from master_item where compcode = 'GAT' and partnumber = '3214552-3'`);
  [ids.brake, ids.brakePn] = [brake.item_id, brake.partnumber];
  ids.store = (await one(`select store_id from store_warehouse where compcode = 'GAT' and store_code = 'CGK-H4'`)).store_id;
  ids.other = (await one(`select item_id from master_item where compcode = 'GAT' and partnumber <> '3214552-3' order by item_id limit 1`)).item_id;
  const c = await create('amo_customer', { customer_code: 'F1T', customer_name: 'Form One Airline', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'USD' });
  const ac = await create('customer_aircraft', { amo_customer: c.amo_customer_id, registration: 'PK-FOA', aircraft_type: ids.type, msn: 'F1T1' });
  const wo = await create('amo_work_order', {
    wo_date: today, amo_customer: c.amo_customer_id, customer_aircraft: ac.customer_aircraft_id, wo_type: 'SHOP', title: 'Shop visit: MLG brake assembly', planned_start: today, planned_end: addDays(today, 5),
    tasks: [
      { seq: 10, task_card_no: 'SH-1', description: 'Disassemble, inspect and replace the heat stack per CMM 32-42-27', ata: '32-42', cert_category: 'B1', est_manhours: 6 },
      { seq: 20, task_card_no: 'SH-2', description: 'Functional and leak test per CMM 32-42-27', ata: '32-42', cert_category: 'A', est_manhours: 2 },
    ],
  });
  ids.wo = wo.amo_wo_id;
  ids.woNo = wo.wo_no;
  ids.cards = (await sql.raw<Row>(`select amo_task_id from amo_work_order_task where amo_work_order = ${wo.amo_wo_id} order by seq`).execute(db())).rows.map((r) => r.amo_task_id);
  await approvedAuthorisation(t, 'GAT', { person: ids.b1, auth_no: 'F1T-B1-01', category: 'B1', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: ids.type }] });
  // a component releaser for landing gear only (category C, ATA 32), as the demo's GAT-C-0314
  await approvedAuthorisation(t, 'GAT', { person: ids.c32, auth_no: 'F1T-C-32', category: 'C', ata_scope: '32', valid_from: addDays(today, -30), valid_to: addDays(today, 365), types: [{ aircraft_type: ids.type }] });
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the demo', () => {
  it('holds one repaired component ready to release: its work signed, the engineer authorised', async () => {
    const demo = await one(`select c.release_cert_id, c.status, w.wo_type from release_certificate c join amo_work_order w on w.amo_wo_id = c.amo_work_order where c.compcode = 'GAT' and c.serial_no = 'BRK-20417'`);
    expect(demo).toMatchObject({ status: 'DRAFT', wo_type: 'SHOP' });
    expect(await preview('engineer', demo.release_cert_id)).toMatchObject({ refusal: null, authorisation: 'GAT-C-0314 v1' });
  });
});

describe('the release refusals (rule)', () => {
  const base = { tracking: 'ARC-1', status: 'DRAFT', order: { number: 'AWO-1', status: 'INWORK', held: false }, cards: [{ seq: 10, code: 'SH-1', status: 'DONE', performedBy: 7 }], approvalRef: '145/0012', independent: false, signer: 7 };
  it('refuses in the order a certifier reads them, and lets the performer sign unless the company segregates', () => {
    expect(releaseRefusal(base)).toBeNull();
    expect(releaseRefusal({ ...base, status: 'RELEASED' })).toBe('Release certificate ARC-1 is already signed.');
    expect(releaseRefusal({ ...base, order: { ...base.order, status: 'CANCELLED' } })).toBe('Work order AWO-1 is cancelled: its parts are not released.');
    expect(releaseRefusal({ ...base, cards: [...base.cards, { seq: 20, code: null, status: 'PERFORMED', performedBy: 3 }] })).toBe('Work order AWO-1 has task cards not signed: 20. A part is released once the work it certifies is signed.');
    expect(releaseRefusal({ ...base, cards: [{ ...base.cards[0], status: 'CANCEL' }] })).toBe('Work order AWO-1 has no signed task card: a release certificate certifies work signed on the order.');
    expect(releaseRefusal({ ...base, approvalRef: null })).toBe("The company's maintenance approval reference is not recorded (Company Profile): a release certificate names it.");
    expect(releaseRefusal({ ...base, independent: true })).toBe('You signed task card 10 (SH-1) of AWO-1 as performed: the company\'s rules have a part released by someone who did not perform its work.');
    expect(releaseRefusal({ ...base, independent: true, signer: 8 })).toBeNull();
  });
});

describe('a repaired brake assembly released on its Form 1', () => {
  let f1: Row;

  it('is numbered per company when made, a draft that does not print', async () => {
    f1 = await draft();
    const second = await draft({ serial_no: 'BRK-7732', ata: '34-11' });
    ids.second = second.release_cert_id;
    const m = /^ARC-(\d{4})-(\d{5})$/.exec(f1.tracking_no);
    expect(m?.[1]).toBe(year);
    expect(second.tracking_no).toBe(`ARC-${year}-${String(Number(m?.[2]) + 1).padStart(5, '0')}`);
    expect(f1).toMatchObject({ status: 'DRAFT', signed_by: null });
    const pdf = await t.call('GET', `/api/data/release_certificate/${f1.release_cert_id}/pdf?print=form1`, { token: tok.boss });
    expect(pdf.status).toBe(409);
    expect(pdf.body.message).toBe('The release certificate prints once it is signed (Sign Release).');
    // another company's certificates are numbered on their own: Citra Aviation's first
    const cta = await tokenIn(t, 'admin', 'admin123', 'CTA');
    tok.cta = cta.token;
    const cust = await create('amo_customer', { customer_code: 'F1C', customer_name: 'Own Fleet', country: 'Indonesia', contract_type: 'TM', payment_terms: 'NET30', currency: 'IDR' }, 'cta');
    const type = (await one(`select aircraft_type_id from aircraft_type where compcode = 'CTA' order by aircraft_type_id limit 1`)).aircraft_type_id;
    const ac = await create('customer_aircraft', { amo_customer: cust.amo_customer_id, registration: 'PK-F1C', aircraft_type: type, msn: 'F1C1' }, 'cta');
    const wo = await create('amo_work_order', { wo_date: today, amo_customer: cust.amo_customer_id, customer_aircraft: ac.customer_aircraft_id, wo_type: 'SHOP', title: 'Shop visit', planned_start: today, planned_end: today }, 'cta');
    const easa = (await one(`select id from arc_status where compcode = 'CTA' and code = 'EASA-F1'`)).id;
    const own = await create('release_certificate', { amo_work_order: wo.amo_wo_id, form_type: easa, description: 'Starter generator', partnumber: '23085-001', quantity: 1, status_work: 'OH' }, 'cta');
    expect(own.tracking_no).toBe(`ARC-${year}-00001`);
    // and GAT's users never see it
    expect((await t.call('GET', `/api/data/release_certificate/${own.release_cert_id}`, { token: tok.boss })).status).toBe(404);
  });

  it('is refused while its work is not signed, to a signer without an authorisation covering it, and to the performer when the company segregates; nothing written', async () => {
    const key = f1.release_cert_id;
    const open = `Work order ${ids.woNo} has task cards not signed: 10 (SH-1), 20 (SH-2). A part is released once the work it certifies is signed.`;
    const p = await preview('engineer', key);
    expect(p).toMatchObject({ document: `Release certificate ${f1.tracking_no}`, authorisation: null, refusal: open });
    refused(await sign('engineer', key), open);
    // the work signed: card 10 performed by mech, card 20 by the engineer; b1 certifies both
    expectOk(await signCard('mech', 'performed', ids.cards[0]));
    expectOk(await signCard('engineer', 'performed', ids.cards[1]));
    expectOk(await signCard('b1', 'certified', ids.cards[0]));
    expectOk(await signCard('b1', 'certified', ids.cards[1]));
    refused(await sign('nocert', key), 'You hold no certifying staff authorisation in this company: you cannot sign the release certificate of this component.');
    // b1's B1 authorisation has no ATA scope: category B1 may release a component of the type
    expect((await preview('b1', key)).authorisation).toBe('F1T-B1-01 v1');
    refused(await sign('c32', ids.second), 'Your authorisation F1T-C-32 does not cover ATA chapter 34-11 (scope 32).');
    await segregation(true);
    const own = `You signed task card 20 (SH-2) of ${ids.woNo} as performed: the company's rules have a part released by someone who did not perform its work.`;
    expect((await preview('engineer', key)).refusal).toBe(own);
    refused(await sign('engineer', key), own);
    await segregation(false);
    expect(await cert(key)).toMatchObject({ status: 'DRAFT', signed_user: null, signed_auth: null });
    expect(Number((await one(`select count(*) as n from sys_seal where entity = 'release_certificate' and record_key = '${String(key)}'`)).n)).toBe(0);
  });

  it('is signed with the password and the second factor after the preview of its blocks, and sealed', async () => {
    const key = f1.release_cert_id;
    await sql`update company set sign_second_factor = true where compcode = 'GAT'`.execute(db());
    const p = await preview('engineer', key);
    expect(p.refusal).toBeNull();
    expect(p.authorisation).toBe('GAT-C-0314 v1');
    expect(Object.fromEntries(p.items.map((i: Row) => [i.label, i.value]))).toMatchObject({
      'Form tracking number': f1.tracking_no,
      Organisation: 'Garuda Aero Technics · approval 145/0012',
      'Work order': `${ids.woNo} · Shop visit: MLG brake assembly`,
      'Part number': '3214552-3',
      'Serial number': 'BRK-7731',
      Quantity: '1',
      'Status / work': 'Repaired',
    });
    const noCode = await sign('engineer', key);
    expectError(noCode, 400, 'ERR_VALIDATION');
    expect(noCode.body.errors).toEqual([{ path: '/otp', message: 'is required' }]);
    const r = expectOk(await sign('engineer', key, { otp: codeOf('engineer') }));
    await passwordOnlySignatures(t, 'GAT');
    expect(r.message).toBe(`${f1.tracking_no} signed by Dewi Lestari under GAT-C-0314: 3214552-3 s/n BRK-7731 released.`);
    const s = await cert(key);
    expect({ ...s, signed_date: day(s.signed_date) }).toMatchObject({ status: 'RELEASED', signed_user: ids.engineer, signed_by: 'Dewi Lestari', signed_auth: 'GAT-C-0314', signed_auth_version: 1, signed_date: today, org_name: 'Garuda Aero Technics', approval_authority: 'DGCA Indonesia', approval_ref: '145/0012', issuer: 'Garuda Aero Technics 145/0012' });
    const v = expectOk(await t.call('GET', `/api/data/release_certificate/${key}/verify`, { token: tok.boss }));
    expect(v.seals.map((x: Row) => [x.kind, x.status])).toEqual([['released', 'intact']]);
    // signed is sealed: no edit, no delete, no second signature
    const read = expectOk(await t.call('GET', `/api/data/release_certificate/${key}`, { token: tok.boss })).data;
    const typed = ['amo_work_order', 'form_type', 'item_no', 'item', 'description', 'partnumber', 'quantity', 'status_work', 'ata', 'remarks'];
    const edit = await t.call('PUT', `/api/data/release_certificate/${key}`, { token: tok.boss, body: { ...Object.fromEntries(typed.map((f) => [f, read[f]])), version: read.version, serial_no: 'BRK-0000' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(409);
    expect(edit.body.message).toBe('This release certificate is signed: it is kept as signed.');
    expect((await t.call('DELETE', `/api/data/release_certificate/${key}`, { token: tok.boss })).status).toBe(409);
    refused(await sign('b1', key), `Release certificate ${f1.tracking_no} is already signed.`);
  });

  it('prints as the form: its blocks and values (pdftotext)', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/data/release_certificate/${f1.release_cert_id}/pdf?print=form1`, headers: { authorization: `Bearer ${tok.boss}` } });
    expect(r.statusCode, r.body).toBe(200);
    const text = pdfText(r.rawPayload, { raw: true, fold: true });
    for (const s of [
      'AUTHORISED RELEASE CERTIFICATE', 'EASA FORM 1 / FAA FORM 8130-3',
      '1. Approving Competent Authority / Country', 'DGCA Indonesia',
      '3. Form Tracking Number', f1.tracking_no,
      '4. Approved Organisation Name and Address', 'Garuda Aero Technics', 'Soekarno-Hatta International Airport',
      '5. Work Order / Contract / Invoice', ids.woNo,
      '6. Item', '7. Description', 'Brake assembly, main landing gear', '8. Part No.', '3214552-3', '9. Quantity', '10. Serial No.', 'BRK-7731',
      '11. Status / Work', 'Repaired', '12. Remarks', 'Repaired per CMM 32-42-27 rev. 14',
      'Part-145.A.50 Release to Service', '14b. Authorised Signature', 'Electronically signed by Dewi Lestari', 'GAT-C-0314',
      '14c. Approval / Authorisation Number', '145/0012', '14d. Name', '14e. Date', today,
      'Authorised Release Certificate:',
    ]) expect(text, s).toContain(s);
  });
});

describe('the part received into stores on its Form 1', () => {
  const line = (extra: Row) => ({ item: ids.brake, store: ids.store, quantity: 1, unit_cost: 0, unit: 'PCS', ...extra });
  it('takes the certificate from the signed Form 1 instead of retyping it, refuses a draft or another part, and checks it again at posting', async () => {
    const f1 = await one(`select * from release_certificate where compcode = 'GAT' and status = 'RELEASED' and serial_no = 'BRK-7731'`);
    const draftOne = await one(`select release_cert_id, tracking_no from release_certificate where release_cert_id = ${ids.second}`);
    const notSigned = await t.call('POST', '/api/data/inventory_receipt', { token: tok.boss, body: { receiptdate: today, source: 'OTHER', lines: [line({ release_certificate: draftOne.release_cert_id })] } });
    expectError(notSigned, 400, 'ERR_VALIDATION');
    expect(notSigned.body.errors).toEqual([{ path: '/release_certificate', message: `${draftOne.tracking_no} is not signed: a part is received on a signed release certificate` }]);
    const otherPart = await t.call('POST', '/api/data/inventory_receipt', { token: tok.boss, body: { receiptdate: today, source: 'OTHER', lines: [line({ item: ids.other, release_certificate: f1.release_cert_id })] } });
    expectError(otherPart, 400, 'ERR_VALIDATION');
    expect(otherPart.body.errors[0].message).toMatch(new RegExp(`^${f1.tracking_no} releases part 3214552-3, not `));
    // typed nothing of the certificate (and a wrong number typed is replaced by the certificate's)
    const doc = await create('inventory_receipt', { receiptdate: today, source: 'OTHER', lines: [line({ release_certificate: f1.release_cert_id, certificate_no: 'TYPED-1' })] });
    const [l] = (await sql.raw<Row>(`select * from inventory_receipt_line where receipt = ${doc.receiptkey}`).execute(db())).rows;
    expect({ ...l, certificate_date: day(l.certificate_date) }).toMatchObject({ certificate_no: f1.tracking_no, certificate_type: ids.easa, certificate_date: today, certificate_issuer: 'Garuda Aero Technics 145/0012', condition: 'RP', serial_number: 'BRK-7731' });
    // changed in place afterwards (a line update), the posting refuses it; put back, it posts
    const read = expectOk(await t.call('GET', `/api/data/inventory_receipt/${doc.receiptkey}`, { token: tok.boss })).data;
    const put = (lines: Row[]) => t.call('PUT', `/api/data/inventory_receipt/${doc.receiptkey}`, { token: tok.boss, body: { version: read.version, receiptdate: today, source: 'OTHER', lines } });
    const typedLine = ['receiptdtlkey', 'item', 'store', 'quantity', 'unit', 'unit_cost', 'release_certificate', 'certificate_type', 'certificate_no', 'certificate_date', 'certificate_issuer', 'serial_number'];
    expectOk(await put(read.lines.map((x: Row) => ({ ...Object.fromEntries(typedLine.map((f) => [f, x[f]])), condition: 'NE' }))));
    const post = () => t.call('POST', '/api/data/inventory_receipt/action/post_inventory_receipt', { token: tok.boss, body: { key: doc.receiptkey } });
    const bad = await post();
    expect(bad.status, JSON.stringify(bad.body)).toBe(409);
    expect(bad.body.message).toBe(`The line of ${f1.tracking_no} does not carry the certificate as signed (form, tracking number, date, issuer, condition, serial): choose the certificate again on the line.`);
    expect(Number((await one(`select posted from inventory_receipt where receiptkey = ${doc.receiptkey}`)).posted)).toBe(0);
    await sql.raw(`update inventory_receipt_line set condition = 'RP' where receipt = ${doc.receiptkey}`).execute(db());
    expectOk(await post());
    expect(Number((await one(`select posted from inventory_receipt where receiptkey = ${doc.receiptkey}`)).posted)).toBe(1);
  });
});
