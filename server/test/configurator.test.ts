/**
 * A configurator adds a screen with one YAML file and a restart: the file gets a migrated table, a
 * menu entry, a working list and form through the generic endpoints, and access checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { loadConfig } from '../src/config.ts';
import { loose } from '../../engine/src/db/loose.ts';

const YAML = `
module: aircraft-maintenance
entities:
  - name: tool_calibration_cfg
    title: Tool calibration
    numbering: { field: certificate_no, series: CAL }
    fields:
      - { name: certificate_no, type: string, maxLength: 20 }
      - { name: tool_serial, type: string, maxLength: 40, required: true, index: true }
      - { name: calibrated_on, type: date, required: true }
      - { name: due_on, type: date, required: true }
      - { name: lab, type: string, maxLength: 80 }
      - { name: result, type: enum, required: true, default: PASS, values: [{ code: PASS, label: Passed }, { code: FAIL, label: Failed }] }
lists:
  - route: tool-calibration-cfg
    entity: tool_calibration_cfg
    title: Tool Calibration
    columns: [certificate_no, tool_serial, calibrated_on, due_on, result]
    search: [certificate_no, tool_serial, lab]
    filters: [result]
    defaultSort: { field: due_on }
    form: tool-calibration-cfg-form
forms:
  - route: tool-calibration-cfg-form
    params: ['id?']
    entity: tool_calibration_cfg
    title: Tool Calibration
    list: tool-calibration-cfg
    sections:
      - { title: Calibration, fields: [certificate_no, tool_serial, calibrated_on, due_on, lab, result] }
menus:
  - { name: tool-calibration-cfg, title: Tool Calibration, icon: wrench, route: tool-calibration-cfg }
`;

/** A document approved through a workflow, declared in YAML only: no plugin code. */
const WORKFLOW_YAML = `
module: aircraft-maintenance
entities:
  - name: tool_loan_cfg
    title: Tool loan
    workflow: { title: Tool Loan, detail: [borrower] }
    numbering: { field: loan_no, series: TL }
    fields:
      - { name: loan_no, type: string, maxLength: 20 }
      - { name: tool_serial, type: string, maxLength: 40, required: true }
      - { name: borrower, type: string, maxLength: 80, required: true }
      - { name: statuswf, type: enum, label: Approval, required: true, default: '000', values: [{ code: '000', label: DRAFT }, { code: '100', label: ON PROCESS }, { code: '111', label: APPROVED }, { code: '110', label: REJECTED }] }
lists:
  - route: tool-loan-cfg
    entity: tool_loan_cfg
    title: Tool Loans
    columns: [loan_no, tool_serial, borrower, statuswf]
    form: tool-loan-cfg-form
forms:
  - route: tool-loan-cfg-form
    params: ['id?']
    entity: tool_loan_cfg
    title: Tool Loan
    list: tool-loan-cfg
    sections:
      - { fields: [loan_no, tool_serial, borrower, statuswf] }
    actions:
      - { name: send_tool_loan_cfg, run: engine#send, label: Send to Workflow, row: true, visibleWhen: { statuswf: '000' } }
      - { name: cancel_tool_loan_cfg, run: engine#cancel, label: Cancel Sending, row: true, visibleWhen: { statuswf: '100' } }
menus:
  - { name: tool-loan-cfg, title: Tool Loans, icon: wrench, route: tool-loan-cfg }
`;

describe('a configurator adds a screen with one YAML file', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aero-cfg-'));
    await writeFile(join(dir, 'tool-calibration.yaml'), YAML);
    await writeFile(join(dir, 'tool-loan.yaml'), WORKFLOW_YAML);
    const base = loadConfig({ ...process.env, DATABASE_URL: '' });
    t = await startTestApp({ config: { metadataDirs: [...base.metadataDirs, dir] } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gets a migrated table with its columns and indexes, recorded as a migration', async () => {
    const cols = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'tool_calibration_cfg' order by column_name`.execute(t.services.database.db);
    expect(cols.rows.map((c) => c.column_name)).toEqual(
      expect.arrayContaining(['id', 'compcode', 'certificate_no', 'tool_serial', 'calibrated_on', 'due_on', 'lab', 'result', 'version']),
    );
    const mig = await loose(t.services.database.db).selectFrom('_migrations').select('statements').execute();
    expect(mig.some((m) => String(m.statements).includes('create table "tool_calibration_cfg"'))).toBe(true);
  });

  it('gets a menu entry, a working list and form, and access checks by letters', async () => {
    const admin = await t.signIn('admin', 'admin123');
    const purchaser = await t.signIn('purchaser', 'demo1234'); // GAT: procurement letters, none in maintenance
    // a new menu entry has no letters yet: even the admin gets them granted (admin → Menu Access)
    expect((await t.call('GET', '/api/menus/access/tool-calibration-cfg?modul=aircraft-maintenance', { token: admin.token })).body).toEqual({ success: 0 });
    const own = await t.call('GET', '/api/menus/modul/aircraft-maintenance/admin', { token: admin.token });
    const newEntry = (own.body as { menu_id: number; name: string }[]).find((m) => m.name === 'tool-calibration-cfg');
    expect((await t.call('POST', '/api/menus', { token: admin.token, body: { username: 'admin', modulname: 'aircraft-maintenance', menus: [{ menu_id: newEntry?.menu_id, permission: 'CRUDPO' }] } })).status).toBe(200);
    expect((await t.call('GET', '/api/menus/access/tool-calibration-cfg?modul=aircraft-maintenance', { token: admin.token })).body).toEqual({ success: 1 });
    // the purchaser has no letters on the new entry
    expect((await t.call('GET', '/api/menus/access/tool-calibration-cfg?modul=aircraft-maintenance', { token: purchaser.token })).body).toEqual({ success: 0 });
    expect((await t.call('GET', '/api/data/tool_calibration_cfg?route=aircraft-maintenance/tool-calibration-cfg', { token: purchaser.token })).status).toBe(403);

    const screen = await t.call('GET', '/api/meta/screen/aircraft-maintenance/tool-calibration-cfg-form', { token: admin.token });
    expect(screen.status).toBe(200);
    expect(screen.body.schema.required).toEqual(['tool_serial', 'calibrated_on', 'due_on']);

    const bad = await t.call('POST', '/api/data/tool_calibration_cfg', { token: admin.token, body: { tool_serial: 'TW-1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please fill the form correctly.');
    const created = await t.call('POST', '/api/data/tool_calibration_cfg', {
      token: admin.token,
      body: { tool_serial: 'TW-4471-A', calibrated_on: '2026-10-01', due_on: '2027-10-01', lab: 'Avia Calibration Lab' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.certificate_no).toMatch(/^CAL-\d{4}-00001$/);
    expect(created.body.data.result).toBe('PASS');
    const list = await t.call('GET', '/api/data/tool_calibration_cfg?route=aircraft-maintenance/tool-calibration-cfg&q=4471', { token: admin.token });
    expect(list.body.meta.total).toBe(1);

    // the admin grants the purchaser read on the new entry: it applies on the purchaser's next request
    // the purchaser works in GAT; the admin grants in GAT
    await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'GAT' } });
    const menus = await t.call('GET', '/api/menus/modul/aircraft-maintenance/purchaser', { token: admin.token });
    const entry = (menus.body as { menu_id: number; name: string }[]).find((m) => m.name === 'tool-calibration-cfg');
    expect(entry).toBeTruthy();
    const granted = await t.call('POST', '/api/menus', { token: admin.token, body: { username: 'purchaser', modulname: 'aircraft-maintenance', menus: [{ menu_id: entry?.menu_id, permission: 'R' }] } });
    expect(granted.status).toBe(200);
    expect((await t.call('GET', '/api/menus/access/tool-calibration-cfg?modul=aircraft-maintenance', { token: purchaser.token })).body).toEqual({ success: 1 });
    const readable = await t.call('GET', '/api/data/tool_calibration_cfg?route=aircraft-maintenance/tool-calibration-cfg', { token: purchaser.token });
    expect(readable.status).toBe(200);
    expect(readable.body.meta.total).toBe(0); // the admin's row is in GAH, the purchaser works in GAT
    expect((await t.call('POST', '/api/data/tool_calibration_cfg', { token: purchaser.token, body: { tool_serial: 'X', calibrated_on: '2026-01-01', due_on: '2027-01-01' } })).status).toBe(403);
  });

  it('gets send, cancel, approval and the locks of a workflow from `workflow:` alone; its status is never written by a save', async () => {
    const admin = await t.signIn('admin', 'admin123');
    await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'GAH' } });
    const own = await t.call('GET', '/api/menus/modul/aircraft-maintenance/admin', { token: admin.token });
    const entry = (own.body as { menu_id: number; name: string }[]).find((m) => m.name === 'tool-loan-cfg');
    expect((await t.call('POST', '/api/menus', { token: admin.token, body: { username: 'admin', modulname: 'aircraft-maintenance', menus: [{ menu_id: entry?.menu_id, permission: 'CRUDPO' }] } })).status).toBe(200);
    // the engine offers the actions metadata names (letter O by default)
    const form = await t.call('GET', '/api/meta/screen/aircraft-maintenance/tool-loan-cfg-form', { token: admin.token });
    expect(form.body.actions.map((a: { name: string; letter: string }) => `${a.name} ${a.letter}`)).toEqual(['send_tool_loan_cfg O', 'cancel_tool_loan_cfg O']);
    // the admin configures the workflow at run time: one approval step by the Technical Director
    // (not the admin: nobody approves the documents they send, docs/workflow.md "Four eyes")
    const def = await t.call('POST', '/api/data/wf_definition', {
      token: admin.token,
      body: { name: 'TOOL-LOAN', title: 'Tool loan approval', entity_name: 'tool_loan_cfg', active: true, steps: [{ seq: 1, step_name: 'Tool store approval', assign_kind: 'user', assign_value: 'approver', item_kind: 'approval' }] },
    });
    expect(def.status, JSON.stringify(def.body)).toBe(200);

    const doc = (await t.call('POST', '/api/data/tool_loan_cfg', { token: admin.token, body: { tool_serial: 'TQ-9', borrower: 'Line station SUB' } })).body.data;
    expect(doc.statuswf).toBe('000');
    const read = async () => (await t.call('GET', `/api/data/tool_loan_cfg/${doc.id}`, { token: admin.token })).body.data;
    // a save cannot approve it: 409, nothing changes
    const forged = await t.call('PUT', `/api/data/tool_loan_cfg/${doc.id}`, { token: admin.token, body: { tool_serial: 'TQ-9', borrower: 'Line station SUB', statuswf: '111', version: doc.version } });
    expect(forged.status).toBe(409);
    expect(forged.body.message).toBe('The approval status changes only through its workflow (Send to Workflow, then approval or rejection).');
    expect((await read()).statuswf).toBe('000');
    expect((await t.call('POST', '/api/data/tool_loan_cfg', { token: admin.token, body: { tool_serial: 'TQ-10', borrower: 'X', statuswf: '111' } })).status).toBe(409);

    const sent = await t.call('POST', '/api/data/tool_loan_cfg/action/send_tool_loan_cfg', { token: admin.token, body: { key: doc.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(`${doc.loan_no} sent for approval`);
    const onProcess = await read();
    expect(onProcess.statuswf).toBe('100');
    // locked while on process
    const edit = await t.call('PUT', `/api/data/tool_loan_cfg/${doc.id}`, { token: admin.token, body: { tool_serial: 'TQ-9', borrower: 'Changed', version: onProcess.version } });
    expect(edit.status).toBe(409);
    // the task is the assignee's, named after the document
    const approver = await t.signIn('approver', 'demo1234');
    await t.call('PUT', `/api/users/ulc/${approver.user.user_id}`, { token: approver.token, body: { compcode: 'GAH' } });
    const todo = (await t.call('GET', '/api/tasktodo', { token: approver.token })).body as { taskassignkey: number; taskname: string }[];
    const mine = todo.find((x) => x.taskname === `Tool Loan ${doc.loan_no}`);
    expect(mine).toBeTruthy();
    const approved = await t.call('POST', '/api/tasktodo/doaction', { token: approver.token, body: { taskassignkey: mine?.taskassignkey, actionTake: 'APPROVED', comment: 'Calibrated tool, OK to lend' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await read()).statuswf).toBe('111');
    // approved: no more sending, still locked
    expect((await t.call('POST', '/api/data/tool_loan_cfg/action/send_tool_loan_cfg', { token: admin.token, body: { key: doc.id } })).status).toBe(409);
  });
});
