/**
 * A signature shows what is signed before it is given (issue 34 point 1, decision 0316): the
 * preview of a signature action answers the document, its text, the aircraft, the hours and
 * cycles the signature will record and the authorisation it will be given under, read now and
 * writing nothing; what it announces is what the signature then records. A blank card is shown
 * refused and is refused at the server, nothing written.
 *
 * The company signs with the password only here (the gate is server/test/signatures.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectError, expectOk, sqlOne } from './support.ts';
import { passwordOnlySignatures } from '../../test/helpers/signature.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

type Row = Record<string, any>;
let t: TestApp;
const tok: Record<string, string> = {};
const today = todayUtc();
const one = (q: string): Promise<Row> => sqlOne(t, q);

async function tokenIn(username: string): Promise<string> {
  const s = await t.signIn(username, DEMO_PASSWORD);
  if (s.user.compcode !== 'CTA') expectOk(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  return s.token;
}

const preview = (token: string, entity: string, action: string, key?: number | string) =>
  t.call('GET', `/api/data/${entity}/action/${action}/preview${key === undefined ? '' : `?key=${String(key)}`}`, { token });
const act = (token: string, entity: string, action: string, key: number) => t.call('POST', `/api/data/${entity}/action/${action}`, { token, body: { key, password: DEMO_PASSWORD } });
const item = (p: Row, label: RegExp): string => String(p.items.find((i: Row) => label.test(String(i.label)))?.value);
/** What the audit and the card hold, to see that a preview writes nothing. */
const footprint = async (card: number) => ({
  audit: (await one(`select count(*)::int as n from sys_audit`)).n,
  seals: (await one(`select count(*)::int as n from sys_seal`)).n,
  card: await one(`select version, task_status, performed_user, certified_user, ac_fh_done from work_order_task where wo_task_id = ${card}`),
});
/** FH / FC as the preview writes them: hours kept in minutes shown H:MM (843,365 min = 14,056:05), whole cycles, thousands separated. */
const totals = (fh: unknown, fc: unknown) => `${Math.floor(Number(fh) / 60).toLocaleString('en-US')}:${String(Number(fh) % 60).padStart(2, '0')} FH / ${Number(fc).toLocaleString('en-US', { maximumFractionDigits: 0 })} FC`;

let wo: Row;
let cards: number[];

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA');
  for (const u of ['planner', 'approver', 'engineer', 'store']) tok[u] = await tokenIn(u === 'store' ? 'storekeeper' : u);
  // a released work order of PK-WFD with two B1 cards (the planner's, approved by the Technical Director)
  const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
  const tasks = [1, 2].map((seq) => ({ seq, task_source: 'ADHOC', task_code: `AMM 12-13-7${seq}`, description: `Engine oil servicing, engine ${seq}`, cert_category: 'B1' }));
  wo = expectOk(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Preview walk', tasks } })).data;
  expectOk(await t.call('POST', '/api/data/work_order/action/send_work_order', { token: tok.planner, body: { key: wo.wo_id } }));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
  expectOk(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved' } }));
  cards = ((await t.services.database.db.selectFrom('work_order_task').select('wo_task_id').where('work_order', '=', wo.wo_id).orderBy('seq').execute()) as Row[]).map((r) => Number(r.wo_task_id));
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('what a signature will record, before it is given', () => {
  it('Sign Performed: the card, its text, the aircraft and the hours and cycles; the signature then records exactly those, and the preview wrote nothing', async () => {
    const before = await footprint(cards[0]);
    const p = expectOk(await preview(tok.engineer, 'work_order_task', 'sign_card_performed', cards[0]));
    expect(p).toMatchObject({ action: 'sign_card_performed', label: 'Sign Performed', document: `Task card 1 (AMM 12-13-71) of ${String(wo.wo_no)}`, authorisation: null, refusal: null, signer: { name: 'Dewi Lestari' } });
    expect(item(p, /^Work order$/)).toBe(String(wo.wo_no));
    expect(item(p, /^Aircraft$/)).toMatch(/^PK-WFD \(/);
    expect(item(p, /^Text$/)).toBe('Engine oil servicing, engine 1');
    expect(item(p, /^Hours and cycles recorded/)).toMatch(/^[\d,]+:\d{2} FH \/ [\d,]+ FC$/);
    expect(p.items.find((i: Row) => String(i.label).startsWith('Hours and cycles recorded')).label).toBe(`Hours and cycles recorded (end of ${today})`);
    // nothing written: no audit row, no seal, the card as it was
    expect(await footprint(cards[0])).toEqual(before);
    // the signature records the hours and cycles the preview announced
    expectOk(await act(tok.engineer, 'work_order_task', 'sign_card_performed', cards[0]));
    const signed = await one(`select ac_fh_done, ac_fc_done from work_order_task where wo_task_id = ${cards[0]}`);
    expect(totals(signed.ac_fh_done, signed.ac_fc_done)).toBe(item(p, /^Hours and cycles recorded/));
  });

  it('Certify: the authorisation it is given under, which the signature then records; a signature out of order is announced refused', async () => {
    const p = expectOk(await preview(tok.engineer, 'work_order_task', 'sign_card_certified', cards[0]));
    expect(p.refusal).toBeNull();
    expect(p.authorisation).toMatch(/^CTA-B1-\d+ v\d+$/);
    expect(item(p, /^Performed by$/)).toBe('Dewi Lestari');
    expectOk(await act(tok.engineer, 'work_order_task', 'sign_card_certified', cards[0]));
    const c = await one(`select certified_auth, certified_auth_version from work_order_task where wo_task_id = ${cards[0]}`);
    expect(p.authorisation).toBe(`${String(c.certified_auth)} v${String(c.certified_auth_version)}`);
    // the second card is not performed: Certify is announced refused with the action's own words
    const early = expectOk(await preview(tok.engineer, 'work_order_task', 'sign_card_certified', cards[1]));
    expect(early.refusal).toBe('Task card 2 (AMM 12-13-72) is not performed yet: it is certified once the work is signed as performed.');
  });

  it('a blank card cannot be signed: the preview says so, the signature is refused at the server with the words, nothing written', async () => {
    // the API refuses a card without text (description is required) …
    const put = await t.call('PUT', `/api/data/work_order_task/${cards[1]}`, { token: tok.planner, body: { description: '', version: (await one(`select version from work_order_task where wo_task_id = ${cards[1]}`)).version } });
    expect(put.status).toBe(400);
    // … so the blank card is made behind the application's back (spaces only)
    await t.services.database.db.updateTable('work_order_task').set({ description: '   ' }).where('wo_task_id', '=', cards[1]).execute();
    const p = expectOk(await preview(tok.engineer, 'work_order_task', 'sign_card_performed', cards[1]));
    const words = 'Task card 2 (AMM 12-13-72) has no text: a blank card is never signed; the planner writes what is to be done first.';
    expect(p.refusal).toBe(words);
    const before = await footprint(cards[1]);
    const r = await act(tok.engineer, 'work_order_task', 'sign_card_performed', cards[1]);
    expectError(r, 409, 'ERR_SIGNOFF', words);
    expect(await footprint(cards[1])).toEqual(before);
  });

  it('Issue CRS: the order, its aircraft, hours and cycles, each card and its state; refused while a card is unsigned, then the certifier\'s authorisation', async () => {
    const p = expectOk(await preview(tok.approver, 'work_order', 'issue_crs', wo.wo_id));
    expect(p.document).toBe(String(wo.wo_no));
    expect(item(p, /^Work order$/)).toBe(`${String(wo.wo_no)} · Preview walk`);
    expect(item(p, /^Aircraft$/)).toMatch(/^PK-WFD \(/);
    expect(item(p, /^Certificate$/)).toBe(`CRS-${String(wo.wo_no)}`);
    expect(item(p, /^Task card 1 /)).toBe('signed: Engine oil servicing, engine 1');
    expect(p.refusal).toMatch(/Task card 2 \(AMM 12-13-72\)/);
    expect(p.authorisation).toBeNull();
    // the blank card written again and signed: the CRS is then announced under the Technical Director's C authorisation
    await t.services.database.db.updateTable('work_order_task').set({ description: 'Engine oil servicing, engine 2' }).where('wo_task_id', '=', cards[1]).execute();
    expectOk(await act(tok.engineer, 'work_order_task', 'sign_card_performed', cards[1]));
    expectOk(await act(tok.engineer, 'work_order_task', 'sign_card_certified', cards[1]));
    const ready = expectOk(await preview(tok.approver, 'work_order', 'issue_crs', wo.wo_id));
    expect(ready).toMatchObject({ refusal: null, authorisation: 'CTA-C-0002 v1', signer: { name: 'Hendra Gunawan' } });
    expect(item(ready, /^Hours and cycles \(end of /)).toMatch(/^[\d,]+:\d{2} FH \/ [\d,]+ FC$/);
  });

  it('only for a signature, a record the user may see, with the letter the action needs', async () => {
    // an action that is not a signature has no preview
    expectError(await preview(tok.planner, 'work_order', 'send_work_order', wo.wo_id), 404);
    // an unknown entity or action
    expectError(await preview(tok.planner, 'no_such_entity', 'issue_crs', 1), 404);
    // another company's card is not found
    const gat = await one(`select wo_task_id from work_order_task where compcode <> 'CTA' order by wo_task_id limit 1`);
    expectError(await preview(tok.engineer, 'work_order_task', 'sign_card_performed', Number(gat.wo_task_id)), 404);
    // the storekeeper holds no U on task cards
    expectError(await preview(tok.store, 'work_order_task', 'sign_card_performed', cards[0]), 403);
    // a row action without its row
    expectError(await preview(tok.engineer, 'work_order_task', 'sign_card_performed'), 400);
  });
});
