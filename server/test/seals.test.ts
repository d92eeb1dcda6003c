/**
 * Seals (issue 34 point 2, decision 0305) through the HTTP API on the seeded demo (CTA): a card
 * signed performed and certified, its order released to service; each signature's seal verified
 * intact; a signed field changed with SQL named by Verify, a seal row changed with SQL detected;
 * the CRS print carries the seal's short form; verifySeals walks the company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, adminIn, expectOk, sqlOne } from './support.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';
import { verifySeals } from '../../engine/src/records/seal.ts';
import { pdfText } from '../../test/helpers/pdf.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();
type Row = Record<string, any>;
const db = () => t.services.database.db;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const ok = expectOk;
const exec = (q: string) => sql.raw(q).execute(db());
const act = (who: string, entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key }) });
const verify = (who: string, entity: string, key: unknown) => t.call('GET', `/api/data/${entity}/${String(key)}/verify`, { token: tok[who] });

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  for (const u of ['planner', 'engineer', 'approver', 'storekeeper']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = s.user.user_id;
    if (u !== 'storekeeper' && s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('each signature is sealed', () => {
  let wo: Row;
  let card: Row;
  beforeAll(async () => {
    const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
    wo = ok(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Sealed package', tasks: [{ seq: 1, task_source: 'ADHOC', task_code: 'AMM 12-13-79', description: 'Engine oil servicing', cert_category: 'B1' }] } })).data;
    ok(await act('planner', 'work_order', 'send_work_order', wo.wo_id));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved' } }));
    card = await one(`select * from work_order_task where work_order = ${wo.wo_id}`);
  });

  it("the demo's signatures, made by the fixtures through the same actions, are sealed and verify intact", async () => {
    const kinds = (await sql.raw<Row>(`select compcode, entity, kind, count(*)::int as n from sys_seal group by compcode, entity, kind order by compcode, entity, kind`).execute(db())).rows;
    // the quality manager's approval of each CTA authorisation (AUTH-APPROVAL) and the Technical Director's extension of DEF-2026-00060
    expect(kinds.filter((k) => k.compcode === 'CTA').map((k) => [k.entity, k.kind])).toEqual(expect.arrayContaining([['defect', 'extension'], ['staff_authorisation', 'approved']]));
    for (const company of ['CTA', 'GAT', 'GAH']) {
      const report = await verifySeals(db(), company);
      expect(report.broken, company).toEqual([]);
      expect(report.checked).toBe(report.intact + report.superseded);
    }
    expect((await verifySeals(db(), 'CTA')).checked).toBeGreaterThanOrEqual(2);
  });

  it('the performed signature writes one seal: SHA-256 of the RFC 8785 form of exactly the covered fields, the signer and the time', async () => {
    ok(await act('engineer', 'work_order_task', 'sign_card_performed', card.wo_task_id));
    const seal = await one(`select * from sys_seal where entity = 'work_order_task' and record_key = '${card.wo_task_id}'`);
    expect(seal).toMatchObject({ compcode: 'CTA', kind: 'performed', signer: ids.engineer, canon_version: 'JCS-SHA256/1' });
    // the hash is the SHA-256 of the stored canonical text, and that text is canonical (re-serialising it gives the same bytes)
    expect(seal.content_hash).toBe(createHash('sha256').update(seal.content, 'utf8').digest('hex'));
    const content = JSON.parse(seal.content);
    expect((canonicalize as unknown as (v: unknown) => string)(content)).toBe(seal.content);
    const signed = await one(`select * from work_order_task where wo_task_id = ${card.wo_task_id}`);
    expect(content).toMatchObject({ canon: 'JCS-SHA256/1', company: 'CTA', entity: 'work_order_task', key: String(card.wo_task_id), kind: 'performed', signer: ids.engineer });
    // every covered field, and nothing else (the canonical form sorts the keys)
    expect(Object.keys(content.record)).toEqual([...JSON.parse(seal.covered)].sort());
    // what the engineer signed: the card's text, who and when, the aircraft's hours and cycles
    expect(content.record).toMatchObject({ description: 'Engine oil servicing', task_code: 'AMM 12-13-79', performed_user: ids.engineer, done_by: 'Dewi Lestari', done_date: today, ac_fh_done: signed.ac_fh_done, ac_fc_done: signed.ac_fc_done });
    expect(content.record.performed_at).toBe(new Date(signed.performed_at).toISOString());
  });

  it('certified and released to service: Verify of the order says intact, each seal with its short form', async () => {
    ok(await act('engineer', 'work_order_task', 'sign_card_certified', card.wo_task_id));
    ok(await act('approver', 'work_order', 'issue_crs', wo.wo_id));
    const r = ok(await verify('planner', 'work_order', wo.wo_id));
    expect(r.intact).toBe(true);
    expect(r.seals.map((s: Row) => [s.entity, s.kind, s.status, s.title])).toEqual([
      ['work_order_task', 'performed', 'intact', 'Performed'],
      ['work_order_task', 'certified', 'intact', 'Certified'],
      ['work_order', 'crs', 'intact', 'Certificate of Release to Service'],
    ]);
    for (const s of r.seals) expect(s.short).toBe(s.hash.slice(0, 12));
    expect(r.seals[2]).toMatchObject({ signer: ids.approver, signer_name: 'Hendra Gunawan', record: `Work Order ${String(wo.wo_no)}`, fields: [] });
    // the CRS covers the certifier's authorisation number and version and every card as signed
    const crs = JSON.parse((await one(`select content from sys_seal where entity = 'work_order' and record_key = '${wo.wo_id}'`)).content);
    expect(crs.record).toMatchObject({ crs_no: `CRS-${String(wo.wo_no)}`, crs_auth_no: 'CTA-C-0002', crs_user: ids.approver });
    expect(crs.lines.tasks).toHaveLength(1);
    expect(crs.lines.tasks[0]).toMatchObject({ wo_task_id: card.wo_task_id, certified_auth: 'CTA-B1-0107', done_by: 'Dewi Lestari' });
  });

  it('the CRS and the work pack prints carry the seal short form and the verification line', async () => {
    const seals = (await sql.raw<Row>(`select entity, kind, content_hash from sys_seal where compcode = 'CTA' and ((entity = 'work_order' and record_key = '${wo.wo_id}') or (entity = 'work_order_task' and record_key = '${card.wo_task_id}')) order by seal_id`).execute(db())).rows;
    const short = (kind: string) => String(seals.find((s) => s.kind === kind)?.content_hash).slice(0, 12);
    const pdf = async (print: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/data/work_order/${wo.wo_id}/pdf?print=${print}`, headers: { authorization: `Bearer ${tok.planner}` } });
      expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
      return pdfText(r.rawPayload).replace(/\s+/g, ' ');
    };
    const crs = await pdf('crs');
    expect(crs).toContain(`Certificate of Release to Service: ${short('crs')}`);
    expect(crs).toContain(`Verify: the record's Verify button, or GET /api/data/work_order/${String(wo.wo_id)}/verify.`);
    const pack = await pdf('work_pack');
    expect(pack).toContain(`Performed ${short('performed')}`);
    expect(pack).toContain(`Certified ${short('certified')}`);
    expect(pack).toContain(short('crs'));
  });

  it('a signed field changed with SQL: Verify names it, with what was signed and what is there now', async () => {
    await exec(`update work_order_task set description = 'Engine oil servicing (not done)' where wo_task_id = ${card.wo_task_id}`);
    const r = ok(await verify('planner', 'work_order', wo.wo_id));
    expect(r.intact).toBe(false);
    const by = (entity: string, kind: string) => r.seals.find((s: Row) => s.entity === entity && s.kind === kind);
    expect(by('work_order_task', 'performed')).toMatchObject({ status: 'changed', fields: ['description'], labels: ['Description'], changes: [{ field: 'description', signed: 'Engine oil servicing', now: 'Engine oil servicing (not done)' }] });
    expect(by('work_order_task', 'certified')).toMatchObject({ status: 'changed', fields: ['description'] });
    // the CRS names the card's line and field
    expect(by('work_order', 'crs')).toMatchObject({ status: 'changed', fields: [`tasks[${card.wo_task_id}].description`], labels: ['Tasks AMM 12-13-79: Description'] });
    const report = await verifySeals(db(), 'CTA');
    expect(report.broken.filter((b) => b.record_key === String(card.wo_task_id) || b.record_key === String(wo.wo_id)).map((b) => [b.entity, b.kind, b.status, b.fields])).toEqual([
      ['work_order_task', 'performed', 'changed', ['description']],
      ['work_order_task', 'certified', 'changed', ['description']],
      ['work_order', 'crs', 'changed', [`tasks[${card.wo_task_id}].description`]],
    ]);
    // put back: intact again
    await exec(`update work_order_task set description = 'Engine oil servicing' where wo_task_id = ${card.wo_task_id}`);
    expect(ok(await verify('planner', 'work_order', wo.wo_id)).intact).toBe(true);
  });

  it('the seal row changed with SQL is detected: its hash, its content, its covered fields, its signer', async () => {
    const seal = await one(`select * from sys_seal where entity = 'work_order_task' and record_key = '${card.wo_task_id}' and kind = 'performed'`);
    const status = async () => (ok(await verify('planner', 'work_order', wo.wo_id)).seals as Row[]).find((s) => s.seal_id === seal.seal_id);
    // a new hash
    await exec(`update sys_seal set content_hash = '${'0'.repeat(64)}' where seal_id = ${seal.seal_id}`);
    expect(await status()).toMatchObject({ status: 'seal_altered', fields: ['content_hash'] });
    // the content changed to match a changed card, the hash recomputed: the signer and the columns still disagree with nothing, but the card is compared with the content...
    const forged = JSON.parse(seal.content);
    forged.signer = ids.planner;
    const text = (canonicalize as unknown as (v: unknown) => string)(forged);
    await exec(`update sys_seal set content = '${text.replace(/'/g, "''")}', content_hash = '${createHash('sha256').update(text).digest('hex')}' where seal_id = ${seal.seal_id}`);
    expect(await status()).toMatchObject({ status: 'seal_altered', fields: ['signer'] });
    // the seal's own signer column changed
    await exec(`update sys_seal set content = '${seal.content.replace(/'/g, "''")}', content_hash = '${seal.content_hash}', signer = ${ids.planner} where seal_id = ${seal.seal_id}`);
    expect(await status()).toMatchObject({ status: 'seal_altered', fields: ['signer'] });
    // the covered list shortened
    await exec(`update sys_seal set signer = ${ids.engineer}, covered = '["description"]' where seal_id = ${seal.seal_id}`);
    expect(await status()).toMatchObject({ status: 'seal_altered', fields: ['covered'] });
    await exec(`update sys_seal set covered = '${seal.covered}' where seal_id = ${seal.seal_id}`);
    expect(await status()).toMatchObject({ status: 'intact', fields: [] });
  });

  it('a revised authorisation: the seal of the version approved before is superseded, not broken; verify of the demo authorisation names the version', async () => {
    tok.admin = await adminIn(t, 'CTA');
    const b1 = await one(`select auth_id, auth_version from staff_authorisation where auth_no = 'CTA-B1-0107' and compcode = 'CTA'`);
    const before = ok(await verify('admin', 'staff_authorisation', b1.auth_id));
    expect(before.seals.map((s: Row) => [s.kind, s.status])).toEqual([['approved', 'intact']]);
    expect(before.seals[0]).toMatchObject({ title: 'Authorisation Approved', record: 'Certifying Staff Authorisation CTA-B1-0107' });
    const read = ok(await t.call('GET', `/api/data/staff_authorisation/${b1.auth_id}`, { token: tok.admin })).data;
    // the form's body (typed fields, version, type lines) with the reason of the change, then Revise
    const e = t.services.reg.entity('staff_authorisation');
    const body: Row = Object.fromEntries(e.fields.filter((f) => !f.hidden && !f.readOnly).map((f) => [f.name, read[f.name]]));
    Object.assign(body, { version: read.version, change_reason: 'Licence renewal', types: read.types.map((l: Row) => ({ auth_type_id: l.auth_type_id, aircraft_type: l.aircraft_type })) });
    ok(await t.call('PUT', `/api/data/staff_authorisation/${b1.auth_id}`, { token: tok.admin, body }));
    ok(await act('admin', 'staff_authorisation', 'revise_staff_authorisation', b1.auth_id));
    const after = ok(await verify('admin', 'staff_authorisation', b1.auth_id));
    expect(after.intact).toBe(true);
    expect(after.seals[0]).toMatchObject({ status: 'superseded', fields: ['auth_version'], changes: [{ field: 'auth_version', signed: b1.auth_version, now: b1.auth_version + 1 }] });
  });

  it('Verify needs R on the record (404 otherwise), and is 404 on an entity that takes no signatures', async () => {
    // the storekeeper holds no letter on the maintenance screens: 403, as for the record itself
    expect((await verify('storekeeper', 'work_order', wo.wo_id)).status).toBe(403);
    // the planner, working in CTA, asking for a work order of Garuda Aero Technics: not found
    const gat = await one(`select wo_id from work_order where compcode = 'GAT' order by wo_id limit 1`);
    const other = await verify('planner', 'work_order', gat.wo_id);
    expect(other.status).toBe(404);
    const none = await verify('planner', 'aircraft', 1);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('This record takes no signatures: there is nothing to verify.');
    const unsigned = ok(await verify('planner', 'work_order_task', card.wo_task_id));
    expect(unsigned.seals.map((s: Row) => s.kind)).toEqual(['performed', 'certified']);
  });
});
