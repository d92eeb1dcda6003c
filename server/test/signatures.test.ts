/**
 * Signing is an act of the signer (issue 34 points 1, 6, 7; decisions 0300, 0301): the second factor
 * enrolled on User Profile, the one gate before every certifying signature (password always, a
 * one-time code where the company requires it), its throttle shared with sign-in, an administrator's
 * reset, and a code enrolled on one server verified by another over the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type CallResult, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, adminIn, clientIp, createUser, expectError, expectOk, sqlOne } from './support.ts';
import { codeOf } from '../../test/helpers/signature.ts';
import { currentCode } from '../../engine/src/auth/totp.ts';
import { openDatabase, type Database } from '../../engine/src/db/database.ts';
import { createServices } from '../src/boot.ts';
import { buildApp } from '../src/app.ts';
import { todayUtc } from '../../plugins/airworthiness/rules/dates.ts';

type Row = Record<string, any>;
let t: TestApp;
const tok: Record<string, string> = {};
const today = todayUtc();
const one = (q: string): Promise<Row> => sqlOne(t, q);

async function tokenIn(username: string, compcode = 'CTA'): Promise<{ token: string; user_id: number }> {
  const s = await t.signIn(username, DEMO_PASSWORD);
  if (s.user.compcode !== compcode) expectOk(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode } }));
  return { token: s.token, user_id: s.user.user_id };
}

/** A user of CTA with the engineer's letters who enrols an authenticator through the API; returns its token and secret. */
async function enrolledEngineer(username: string): Promise<{ token: string; user_id: number; secret: string }> {
  await createUser(t, { username, full_name: `Engineer ${username}`, companies: { CTA: 'engineer' } });
  const s = await tokenIn(username);
  const e = expectOk(await t.call('POST', '/api/users/second-factor/enrol', { token: s.token, body: { password: DEMO_PASSWORD } }));
  expectOk(await t.call('POST', '/api/users/second-factor/confirm', { token: s.token, body: { code: currentCode(e.secret) } }));
  return { ...s, secret: e.secret };
}

/** A released work order of PK-WFD with `n` category A cards (approved by the Technical Director); its cards' keys. */
async function releasedCards(n: number): Promise<number[]> {
  const ac = await one(`select aircraft_id from aircraft where registration = 'PK-WFD' and compcode = 'CTA'`);
  const tasks = Array.from({ length: n }, (_, i) => ({ seq: i + 1, task_source: 'ADHOC', task_code: `AMM 12-13-${i}`, description: `Servicing ${i + 1}`, cert_category: 'A' }));
  const wo = expectOk(await t.call('POST', '/api/data/work_order', { token: tok.planner, body: { wo_date: today, aircraft: ac.aircraft_id, title: 'Signature gate', tasks } })).data;
  expectOk(await t.call('POST', '/api/data/work_order/action/send_work_order', { token: tok.planner, body: { key: wo.wo_id } }));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'work_order' and k.record_key = '${wo.wo_id}' and a.completeddate is null`);
  expectOk(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Package approved' } }));
  const rows = (await t.services.database.db.selectFrom('work_order_task').select('wo_task_id').where('work_order', '=', wo.wo_id).orderBy('seq').execute()) as Row[];
  return rows.map((r) => Number(r.wo_task_id));
}

const signPerformed = (token: string, card: number, body: Row = {}, headers?: Record<string, string>): Promise<CallResult> =>
  t.call('POST', '/api/data/work_order_task/action/sign_card_performed', { token, body: { key: card, ...body }, ...(headers ? { headers } : {}) });
const cardRow = (card: number) => one(`select task_status, performed_user, version from work_order_task where wo_task_id = ${card}`);

beforeAll(async () => {
  t = await startTestApp();
  tok.planner = (await tokenIn('planner')).token;
  tok.approver = (await tokenIn('approver')).token;
  tok.engineer = (await tokenIn('engineer')).token;
  tok.admin = await adminIn(t, 'CTA');
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the second factor on User Profile', () => {
  it('enrols with the password, a QR code and the secret shown once, then a code of it; the secret is never answered again', async () => {
    await createUser(t, { username: 'sig.enrol', companies: { CTA: 'engineer' } });
    const s = await tokenIn('sig.enrol');
    // Citra Aviation requires it (the default, turned on at the end of the demo's load)
    expect(expectOk(await t.call('GET', '/api/users/second-factor', { token: s.token }))).toEqual({ enrolled: false, enrolled_at: null, required: true });
    expectError(await t.call('POST', '/api/users/second-factor/enrol', { token: s.token, body: {} }), 400, 'ERR_VALIDATION');
    expectError(await t.call('POST', '/api/users/second-factor/enrol', { token: s.token, body: { password: 'not-the-password' }, headers: clientIp() }), 400, 'ERR_PW_CURRENT');
    const e = expectOk(await t.call('POST', '/api/users/second-factor/enrol', { token: s.token, body: { password: DEMO_PASSWORD } }));
    expect(e.secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits, base32
    expect(e.uri).toBe(`otpauth://totp/AeroERP:sig.enrol?issuer=AeroERP&secret=${e.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(e.qr).toMatch(/^data:image\/png;base64,/);
    // not enrolled until a code of the new secret is typed
    expect(expectOk(await t.call('GET', '/api/users/second-factor', { token: s.token })).enrolled).toBe(false);
    const wrong = currentCode(e.secret) === '000000' ? '111111' : '000000';
    expectError(await t.call('POST', '/api/users/second-factor/confirm', { token: s.token, body: { code: wrong } }), 400, 'ERR_VALIDATION');
    const done = expectOk(await t.call('POST', '/api/users/second-factor/confirm', { token: s.token, body: { code: currentCode(e.secret) } }));
    expect(done).toMatchObject({ enrolled: true, required: true });
    const status = expectOk(await t.call('GET', '/api/users/second-factor', { token: s.token }));
    expect(status.enrolled).toBe(true);
    expect(JSON.stringify(status)).not.toContain(e.secret);
    // enrolled: a new secret is not handed out (a stolen session cannot move it to its own phone)
    expectError(await t.call('POST', '/api/users/second-factor/enrol', { token: s.token, body: { password: DEMO_PASSWORD } }), 409, 'ERR_CONFLICT');
    const audit = await one(`select count(*)::int as n from sys_audit where entity = 'users' and record_key = '${s.user_id}' and changes like '%second factor enrolled%'`);
    expect(audit.n).toBe(1);
  });
});

describe('the gate before a signature', () => {
  let cards: number[];
  beforeAll(async () => {
    cards = await releasedCards(4);
  });

  it('a session token alone never signs; a wrong password or code is refused at its field, nothing written', async () => {
    const before = await cardRow(cards[0]);
    const noPassword = await signPerformed(tok.engineer, cards[0]);
    expectError(noPassword, 400, 'ERR_VALIDATION');
    expect(noPassword.body.errors).toEqual([{ path: '/password', message: 'is required' }]);
    const noCode = await signPerformed(tok.engineer, cards[0], { password: DEMO_PASSWORD });
    expectError(noCode, 400, 'ERR_VALIDATION');
    expect(noCode.body.errors).toEqual([{ path: '/otp', message: 'is required' }]);
    const ip = clientIp();
    const badPassword = await signPerformed(tok.engineer, cards[0], { password: 'wrong-password', otp: codeOf('engineer') }, ip);
    expectError(badPassword, 400, 'ERR_SIGN_PASSWORD', 'The password is wrong: nothing was signed.');
    expect(badPassword.body.errors).toEqual([{ path: '/password', message: 'is wrong' }]);
    // a code of the step two minutes ago is outside the ±30 s window
    const old = codeOf('engineer', -4);
    const badCode = await signPerformed(tok.engineer, cards[0], { password: DEMO_PASSWORD, otp: old === codeOf('engineer') ? '000000' : old }, ip);
    expectError(badCode, 400, 'ERR_SIGN_CODE');
    expect(badCode.body.errors).toEqual([{ path: '/otp', message: 'is wrong or was already used' }]);
    expect(await cardRow(cards[0])).toEqual(before);
    // a card of another company is not found, before any password is asked for it
    const gat = await one(`select t.wo_task_id from work_order_task t where t.compcode <> 'CTA' order by t.wo_task_id limit 1`);
    expect(gat?.wo_task_id).toBeTruthy();
    expectError(await signPerformed(tok.engineer, Number(gat.wo_task_id)), 404, 'ERR_NOT_FOUND');
  });

  it('password and code sign; the same code never signs twice, the next step\'s code does', async () => {
    const code = codeOf('engineer');
    const r = expectOk(await signPerformed(tok.engineer, cards[0], { password: DEMO_PASSWORD, otp: code }));
    expect(r.message).toMatch(/signed as performed by Dewi Lestari/);
    const engineerId = (await one(`select user_id from users where username = 'engineer'`)).user_id;
    expect(await cardRow(cards[0])).toMatchObject({ performed_user: engineerId });
    // replayed (RFC 6238 5.2): refused, the second card unsigned
    const before = await cardRow(cards[1]);
    expectError(await signPerformed(tok.engineer, cards[1], { password: DEMO_PASSWORD, otp: code }, clientIp()), 400, 'ERR_SIGN_CODE');
    expect(await cardRow(cards[1])).toEqual(before);
    // the code of the next 30 s step (one step of clock drift is accepted)
    expectOk(await signPerformed(tok.engineer, cards[1], { password: DEMO_PASSWORD, otp: codeOf('engineer', 1) }));
    // the password and code are not written anywhere
    const audit = await one(`select string_agg(changes, ' ') as c from sys_audit where entity = 'work_order_task' and record_key in ('${cards[0]}', '${cards[1]}')`);
    expect(audit.c).not.toContain(DEMO_PASSWORD);
  });

  it('wrong codes are throttled as sign-in is: the fifth failure locks the account, even the right code then, and its sign-in too', async () => {
    const u = await enrolledEngineer('sig.throttle');
    const before = await cardRow(cards[2]);
    const right = currentCode(u.secret, Date.now() + 30_000);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 4; i++) expectError(await signPerformed(u.token, cards[2], { password: DEMO_PASSWORD, otp: wrong }, clientIp()), 400, 'ERR_SIGN_CODE');
    expectError(await signPerformed(u.token, cards[2], { password: DEMO_PASSWORD, otp: wrong }, clientIp()), 400, 'ERR_SIGN_CODE');
    const locked = await signPerformed(u.token, cards[2], { password: DEMO_PASSWORD, otp: right }, clientIp());
    expectError(locked, 429, 'ERR_THROTTLED');
    expect(locked.body.message).toMatch(/^Too many failed signature or sign-in attempts\. Please wait \d+ seconds and try again\.$/);
    const signIn = await t.call('POST', '/api/auth/signin', { body: { username: 'sig.throttle', password: DEMO_PASSWORD }, headers: clientIp() });
    expectError(signIn, 429, 'ERR_THROTTLED');
    expect(await cardRow(cards[2])).toEqual(before);
  });

  it('with the company\'s setting off a signature asks the password only, never nothing', async () => {
    const put = async (value: boolean) => {
      const { created_at: _ca, created_by: _cb, updated_at: _ua, updated_by: _ub, ...c } = expectOk(await t.call('GET', '/api/data/company/CTA', { token: tok.admin })).data;
      // the company form's save: the record as read, the setting changed
      expectOk(await t.call('PUT', '/api/data/company/CTA', { token: tok.admin, body: { ...c, sign_second_factor: value } }));
    };
    const audits = async () => (await one(`select count(*)::int as n from sys_audit where entity = 'company' and record_key = 'CTA' and changes like '%sign_second_factor%'`)).n as number;
    const before = await audits();
    await put(false);
    try {
      expect(expectOk(await t.call('GET', '/api/users/second-factor', { token: tok.engineer })).required).toBe(false);
      expectError(await signPerformed(tok.engineer, cards[3]), 400, 'ERR_VALIDATION');
      expectOk(await signPerformed(tok.engineer, cards[3], { password: DEMO_PASSWORD }));
    } finally {
      await put(true);
    }
    // each change of the setting is the company's audited write
    expect(await audits()).toBe(before + 2);
  });
});

describe("an administrator's reset", () => {
  it('removes the second factor (audited with who), so the user enrols again before signing; nobody resets their own, a user without U on users none', async () => {
    const u = await enrolledEngineer('sig.reset');
    const reset = (token: string, key: number) => t.call('POST', '/api/data/users/action/reset_second_factor', { token, body: { key } });
    expectError(await reset(tok.engineer, u.user_id), 403, 'ERR_FORBIDDEN');
    const adminId = (await one(`select user_id from users where username = 'admin'`)).user_id;
    expectError(await reset(tok.admin, adminId), 403, 'ERR_FORBIDDEN');
    expect(expectOk(await reset(tok.admin, u.user_id)).message).toBe('The second factor was reset: the user enrols an authenticator again before signing.');
    expect(expectOk(await t.call('GET', '/api/users/second-factor', { token: u.token })).enrolled).toBe(false);
    const audit = await one(`select username, changes from sys_audit where entity = 'users' and record_key = '${u.user_id}' and changes like '%second factor reset%'`);
    expect(audit.username).toBe('admin');
    expect(JSON.parse(audit.changes)).toMatchObject({ action: 'second factor reset', by: 'admin', enrolled: true });
    // the old secret's codes sign nothing now
    const [card] = await releasedCards(1);
    expectError(await signPerformed(u.token, card, { password: DEMO_PASSWORD, otp: currentCode(u.secret) }), 403, 'ERR_SIGN_ENROL');
    // the reset signs nothing either: the card is as it was
    expect((await cardRow(card)).task_status).toBe('OPEN');
  });
});

describe('an authorisation\'s approval is a signature', () => {
  it('the quality manager approves it with password and code, never with the session alone', async () => {
    const admin = { token: tok.admin };
    const quality = await tokenIn('quality');
    const person = (await one(`select user_id from users where username = 'planner'`)).user_id;
    const a = expectOk(await t.call('POST', '/api/data/staff_authorisation', { token: admin.token, body: { person, auth_no: 'CTA-A-SIG1', category: 'A', licence_no: 'AMEL 9001 A', valid_from: today, valid_to: today, suspended: false, types: [] } })).data;
    expectOk(await t.call('POST', '/api/data/staff_authorisation/action/send_staff_authorisation', { token: admin.token, body: { key: a.auth_id } }));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'staff_authorisation' and k.record_key = '${String(a.auth_id)}' and a.completeddate is null and a.assignee = ${quality.user_id}`);
    const approve = (extra: Row) => t.call('POST', '/api/tasktodo/doaction', { token: quality.token, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Approved', ...extra } });
    expectError(await approve({}), 400, 'ERR_VALIDATION');
    expectError(await approve({ password: DEMO_PASSWORD }), 400, 'ERR_VALIDATION');
    expectError(await approve({ password: DEMO_PASSWORD, otp: codeOf('quality', -4) === codeOf('quality') ? '000000' : codeOf('quality', -4) }), 400, 'ERR_SIGN_CODE');
    expect((await one(`select statuswf from staff_authorisation where auth_id = ${Number(a.auth_id)}`)).statuswf).toBe('100');
    expectOk(await approve({ password: DEMO_PASSWORD, otp: codeOf('quality') }));
    expect(await one(`select statuswf, approved_by from staff_authorisation where auth_id = ${Number(a.auth_id)}`)).toEqual({ statuswf: '111', approved_by: quality.user_id });
  });
});

describe('the API description', () => {
  it('describes the signer\'s fields and the throttle on every signature action', async () => {
    const doc = expectOk(await t.call('GET', '/api/openapi.json', { token: tok.admin }));
    for (const [entity, action] of [['work_order_task', 'sign_card_performed'], ['work_order', 'issue_crs'], ['inventory_receipt_line', 'accept_incoming_inspection'], ['due_variation', 'approve_due_variation'], ['defect', 'grant_deferral_extension'], ['amo_work_order', 'issue_amo_crs']]) {
      const op = doc.paths[`/api/data/${entity}/action/${action}`].post;
      const schema = op.requestBody.content['application/json'].schema;
      expect(Object.keys(schema.properties), action).toEqual(['key', 'password', 'otp']);
      expect(schema.required).toEqual(['key', 'password']);
      expect(Object.keys(op.responses)).toContain('429');
    }
    // any other row action takes the screen's unsaved edits with it (decision 0375); a signature never does
    const plain = doc.paths['/api/data/work_order/action/close_work_order'].post;
    expect(Object.keys(plain.requestBody.content['application/json'].schema.properties)).toEqual(['key', 'save']);
    const card = await t.services.database.db.selectFrom('work_order_task').select(['wo_task_id', 'version']).where('compcode', '=', 'CTA').orderBy('wo_task_id').executeTakeFirstOrThrow();
    expectError(
      await t.call('POST', '/api/data/work_order_task/action/sign_card_performed', { token: tok.admin, body: { key: card.wo_task_id, password: 'admin123', save: { version: card.version, description: 'changed while signing' } } }),
      400,
      'ERR_BAD_REQUEST',
      'A signature signs the record as it is saved and previewed: save its edits first, then sign.',
    );
    expect((await t.services.database.db.selectFrom('work_order_task').select('version').where('wo_task_id', '=', card.wo_task_id).executeTakeFirstOrThrow()).version).toBe(card.version);
    for (const p of ['/api/users/second-factor', '/api/users/second-factor/enrol', '/api/users/second-factor/confirm', '/api/data/users/action/reset_second_factor']) expect(doc.paths[p], p).toBeDefined();
  });
});

// Two processes exist only over PostgreSQL (the embedded database has one process).
(process.env.TEST_DB === 'postgres' ? describe : () => undefined)('two servers over one PostgreSQL', () => {
  let other: { database: Database; app: FastifyInstance } | undefined;
  beforeAll(async () => {
    const database = await openDatabase({ url: t.url, poolSize: 4 });
    const services = await createServices(t.services.config, { database });
    const app = await buildApp(services);
    await app.ready();
    other = { database, app };
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  it('a second factor enrolled on one server signs on the other, and a code spent on one is refused on the other', async () => {
    const u = await enrolledEngineer('sig.two');
    const [c1, c2] = await releasedCards(2);
    const onOther = async (card: number, otp: string) => {
      const r = await other!.app.inject({ method: 'POST', url: '/api/data/work_order_task/action/sign_card_performed', headers: { authorization: `Bearer ${u.token}` }, payload: { key: card, password: DEMO_PASSWORD, otp } });
      return { status: r.statusCode, body: r.json(), headers: r.headers };
    };
    // the enrolment's code was step now; the next step's code signs on the other server
    const code = currentCode(u.secret, Date.now() + 30_000);
    expectOk(await onOther(c1, code));
    expect((await cardRow(c1)).performed_user).toBe(u.user_id);
    expectError(await signPerformed(u.token, c2, { password: DEMO_PASSWORD, otp: code }, clientIp()), 400, 'ERR_SIGN_CODE');
  });
});
