/**
 * A certifying staff authorisation as the quality function gives one (decision 0220): issued by the
 * administrator (who holds every letter), sent to AUTH-APPROVAL and approved by the demo's quality
 * manager, so signatures accept it. The person named is never the administrator here: nobody
 * issues their own (plugins/maintenance/authorisations.ts, tested in authorisation.test.ts). The
 * approval is a signature: the quality manager's password and current code (a code signs once, so
 * a suite approving several within 30 s turns the company's second factor off: signature.ts).
 *
 *   const a = await approvedAuthorisation(t, 'GAT', { person, auth_no: 'GAT-T-B1', category: 'B1', valid_from, valid_to, types: [...] });
 */
import { expect } from 'vitest';
import { DEMO_PASSWORD, expectOk, sqlOne } from '../../server/test/support.ts';
import type { TestApp } from './app.ts';
import { codeOf } from './signature.ts';

type Row = Record<string, any>;

/** A token of `username` working in `compcode`. */
export async function tokenIn(t: TestApp, username: string, password: string, compcode: string): Promise<{ token: string; user_id: number }> {
  const s = await t.signIn(username, password);
  if (s.user.compcode !== compcode) expectOk(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode } }));
  return { token: s.token, user_id: s.user.user_id };
}

export async function approvedAuthorisation(t: TestApp, compcode: string, body: Row): Promise<Row> {
  const admin = await tokenIn(t, 'admin', 'admin123', compcode);
  const quality = await tokenIn(t, 'quality', DEMO_PASSWORD, compcode);
  const a = expectOk(await t.call('POST', '/api/data/staff_authorisation', { token: admin.token, body })).data;
  expectOk(await t.call('POST', '/api/data/staff_authorisation/action/send_staff_authorisation', { token: admin.token, body: { key: a.auth_id } }));
  const open = await sqlOne(t, `select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'staff_authorisation' and k.record_key = '${String(a.auth_id)}' and a.completeddate is null`);
  expectOk(await t.call('POST', '/api/tasktodo/doaction', { token: quality.token, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Authorisation approved', password: DEMO_PASSWORD, otp: codeOf('quality') } }));
  const stored = await sqlOne(t, `select * from staff_authorisation where auth_id = ${Number(a.auth_id)}`);
  expect(stored).toMatchObject({ statuswf: '111', approved_version: 1, approved_by: quality.user_id });
  return stored;
}
