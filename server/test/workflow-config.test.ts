/**
 * Workflow Configuration validates what it saves (issue 39 point 4, docs/workflow.md "Configuring a
 * workflow"): a workflow on an entity that is not a document approved through a workflow, a step
 * assigned to a user who is not in the company, or a condition on a field the entity does not
 * have is refused at its field and nothing is stored; an edited workflow takes the next version and
 * a document already on process keeps the steps (and version) it was sent with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';

let t: TestApp;
let admin = '';

const definitions = async (name: string) =>
  t.services.database.db.selectFrom('wf_definition').select(['wftypekey', 'wf_version']).where('name', '=', name).execute();

const rowOf = (r: { body: Record<string, any> }) => (r.body.data ?? r.body) as Record<string, any>;

const SERVER = ['created_at', 'created_by', 'updated_at', 'updated_by', 'compcode'];
/** A read row as a form sends it back: without the server's columns (and the key of the definition and its lines' link). */
const editable = (row: Record<string, any>, drop: string[] = []): Record<string, any> =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !SERVER.includes(k) && !drop.includes(k))
      .map(([k, v]) => [k, Array.isArray(v) ? v.map((l) => editable(l, ['wftypekey'])) : v]),
  );

const step = (over: Record<string, unknown> = {}) => ({ seq: 1, step_name: 'Technical review', assign_kind: 'position', assign_value: 'Maintenance Planner', item_kind: 'approval', ...over });

async function refused(name: string, body: Record<string, unknown>, path: string, words: RegExp) {
  const r = await t.call('POST', '/api/data/wf_definition', { token: admin, body: { name, title: 'Check', active: false, ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  const errors = (r.body.errors ?? []) as { path: string; message: string }[];
  const at = errors.find((e) => e.path === path);
  expect(at, JSON.stringify(r.body)).toBeTruthy();
  expect(at!.message).toMatch(words);
  expect(await definitions(name)).toEqual([]);
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.signIn('admin', 'admin123');
  admin = a.token;
  // the administrator works in GAT, where the planner holds 'Maintenance Planner'
  await t.call('PUT', `/api/users/ulc/${a.user.user_id}`, { token: admin, body: { compcode: 'GAT' } });
});
afterAll(async () => t?.close());

describe('Workflow Configuration refuses what cannot run', () => {
  it('an unknown document entity is refused at the field', async () => {
    await refused('GSE-APPROVAL', { entity_name: 'gsee', steps: [step()] }, '/entity_name', /'gsee' is not an entity/);
  });

  it('an entity that is not approved through a workflow is refused at the field', async () => {
    await refused('AC-APPROVAL', { entity_name: 'aircraft', steps: [step()] }, '/entity_name', /not approved through a workflow/);
  });

  it('an unknown user is refused at the step', async () => {
    await refused('MR-NOUSER', { entity_name: 'material_request', steps: [step({ assign_kind: 'user', assign_value: 'nobody-here' })] }, '/steps/0/assign_value', /user name 'nobody-here'/);
  });

  it('a condition on a field the document does not have is refused at the step', async () => {
    await refused(
      'MR-NOFIELD',
      { entity_name: 'material_request', steps: [step(), step({ seq: 2, step_name: 'Finance', condition_field: 'grand_totl', condition_op: 'gte', condition_value: '100' })] },
      '/steps/1/condition_field',
      /'grand_totl', which is not a field of/,
    );
  });

  it('a condition without an operator is refused at the step', async () => {
    await refused('MR-NOOP', { entity_name: 'material_request', steps: [step({ condition_field: 'remark', condition_value: 'AOG' })] }, '/steps/0/condition_op', /is required when the step has a condition/);
  });
});

describe('an edited workflow is a new version', () => {
  it('saving a change takes wf_version from 1 to 2, and a step changed through its own call to 3', async () => {
    const c = await t.call('POST', '/api/data/wf_definition', { token: admin, body: { name: 'MR-VERSIONED', title: 'Versioned', entity_name: 'material_request', active: false, steps: [step()] } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const key = Number(rowOf(c).wftypekey);
    expect((await definitions('MR-VERSIONED'))[0].wf_version).toBe(1);
    const read = await t.call('GET', `/api/data/wf_definition/${key}`, { token: admin });
    const steps = rowOf(read).steps as Record<string, unknown>[];
    const u = await t.call('PUT', `/api/data/wf_definition/${key}`, { token: admin, body: { ...editable(rowOf(read), ['wftypekey']), title: 'Versioned twice', steps: steps.map((s) => ({ ...editable(s, ['wftypekey']), step_name: 'Planning review' })) } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(rowOf(u).wf_version).toBe(2);
    const s1 = await t.call('GET', `/api/data/wf_step/${Number(steps[0].id)}`, { token: admin });
    const p = await t.call('PUT', `/api/data/wf_step/${Number(steps[0].id)}`, { token: admin, body: { ...editable(rowOf(s1), ['id']), deadline_hours: 24 } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect((await definitions('MR-VERSIONED'))[0].wf_version).toBe(3);
    // a bad step through its own call is refused too, and the version stays
    const s2 = await t.call('GET', `/api/data/wf_step/${Number(steps[0].id)}`, { token: admin });
    const bad = await t.call('PUT', `/api/data/wf_step/${Number(steps[0].id)}`, { token: admin, body: { ...editable(rowOf(s2), ['id']), assign_kind: 'user', assign_value: 'nobody-here' } });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect((await definitions('MR-VERSIONED'))[0].wf_version).toBe(3);
    const again = await t.call('GET', `/api/data/wf_step/${Number(steps[0].id)}`, { token: admin });
    expect(rowOf(again).assign_value).toBe('Maintenance Planner');
  });

  it('a document on process keeps the version and steps it was sent with when its workflow is edited', async () => {
    const db = t.services.database.db;
    const task = await db.selectFrom('wf_task').select(['taskkey', 'wftypekey', 'wf_version', 'steps_snapshot']).where('statuswf', '=', '100').where('compcode', '=', 'GAT').orderBy('taskkey').executeTakeFirst();
    expect(task, 'the demo has a document on process').toBeTruthy();
    const key = Number(task!.wftypekey);
    const read = await t.call('GET', `/api/data/wf_definition/${key}`, { token: admin });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const u = await t.call('PUT', `/api/data/wf_definition/${key}`, { token: admin, body: { ...editable(rowOf(read), ['wftypekey']), description: 'Edited while documents are on process' } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(rowOf(u).wf_version).toBe(Number(rowOf(read).wf_version) + 1);
    const after = await db.selectFrom('wf_task').select(['wf_version', 'steps_snapshot']).where('taskkey', '=', task!.taskkey).executeTakeFirstOrThrow();
    expect(after.wf_version).toBe(task!.wf_version);
    expect(after.steps_snapshot).toBe(task!.steps_snapshot);
  });
});
