import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildRegistry, type SourceDocument } from '../src/metadata/loader.ts';
import { migrate } from '../src/db/migrate.ts';
import { syncMenus } from '../src/access/menus.ts';
import { buildAbility, type MenuGrant } from '../src/access/ability.ts';
import { act, validateAction } from '../src/workflow/act.ts';
import { cancel } from '../src/workflow/cancel.ts';
import type { WorkflowContext, WorkflowEvent } from '../src/workflow/context.ts';
import { expireOverdue } from '../src/workflow/expire.ts';
import { send } from '../src/workflow/send.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import type { Registry } from '../src/metadata/registry.ts';
import { loose } from '../src/db/loose.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DOC = `module: admin
entities:
  - name: purchase_doc
    title: Purchase document
    workflow: {}
    numbering: { field: docno, series: PD }
    fields:
      - { name: docno, type: string, maxLength: 20 }
      - { name: remark, type: string, maxLength: 100 }
      - { name: amount, type: decimal, precision: 18, scale: 2 }
      - { name: statuswf, type: enum, default: '000', values: [{ code: '000', label: DRAFT }, { code: '100', label: ON PROCESS }, { code: '111', label: APPROVED }, { code: '110', label: REJECTED }] }
    lifecycle:
      - { when: { statuswf: ['100', '111'] }, refuse: [update, delete, lines] }
lists:
  - { route: purchase-docs, entity: purchase_doc, title: Purchase documents, columns: [docno, remark, statuswf] }
menus:
  - { name: purchase-docs, title: Purchase documents, route: purchase-docs }
`;

async function sources(): Promise<SourceDocument[]> {
  const out: SourceDocument[] = [];
  for (const dir of ['engine/core-metadata', 'metadata/shell', 'metadata/admin']) {
    for (const f of (await readdir(`${root}${dir}`)).filter((x) => x.endsWith('.yaml'))) out.push({ file: `${dir}/${f}`, text: await readFile(`${root}${dir}/${f}`, 'utf8') });
  }
  return [...out, { file: 'test/purchase-doc.yaml', text: DOC }];
}

describe('the business date of a workflow action', () => {
  it('queues only until a day after the company\'s business date (Jakarta is already on the 28th at 20:00 UTC on the 27th)', () => {
    const queue = (postuntil: string, today: string) => () => validateAction({ taskassignkey: 1, actionTake: 'PENDING', comment: 'after the audit', postuntil }, today);
    expect(queue('2026-11-28', '2026-11-27')).not.toThrow();
    expect(queue('2026-11-28', '2026-11-28')).toThrow(expect.objectContaining({ errors: [{ path: '/postuntil', message: 'must be a later date' }] }));
  });
});

describe('workflow engine', () => {
  let t: TestDatabase;
  let reg: Registry;
  const users: Record<string, number> = {};
  const events: WorkflowEvent[] = [];
  const finished: { key: string; status: string }[] = [];
  const all: MenuGrant[] = [];
  let wfKey = 0;

  const ctxFor = (username: string, letters = 'CRUDPO'): WorkflowContext => ({
    db: t.database.db,
    reg,
    ability: buildAbility(reg, { compcode: 'A1', grants: letters ? all.map((g) => ({ ...g, letters })) : [] }),
    user: { user_id: users[username], username, compcode: 'A1' },
    emit: async (_tx, e) => void events.push(e),
    onFinished: async (_tx, info) => void finished.push({ key: info.key, status: info.status }),
  });

  const newDoc = async (remark: string) => {
    const r = await loose(t.database.db).insertInto('purchase_doc').values({ compcode: 'A1', docno: `PD-${remark}`, remark, statuswf: '000' }).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  };
  const docStatus = async (id: number) => (await loose(t.database.db).selectFrom('purchase_doc').select('statuswf').where('id', '=', id).executeTakeFirstOrThrow()).statuswf;
  const openOf = async (taskkey: number) =>
    t.database.db.selectFrom('wf_assignment').selectAll().where('taskkey', '=', taskkey).where('completeddate', 'is', null).orderBy('taskassignkey').execute();
  const setSteps = async (steps: { seq: number; step_name: string; assign_kind: string; assign_value: string | null; item_kind: string; deadline_hours?: number; required_approvals?: number; refusal?: string; personal?: boolean }[]) => {
    await t.database.db.deleteFrom('wf_step').where('wftypekey', '=', wfKey).execute();
    for (const s of steps) await t.database.db.insertInto('wf_step').values({ compcode: 'A1', wftypekey: wfKey, deadline_hours: null, ...s }).execute();
  };

  beforeAll(async () => {
    reg = buildRegistry(await sources());
    t = await createTestDatabase();
    const db = t.database.db;
    await migrate(db, reg);
    await syncMenus(db, reg);
    await db.insertInto('company').values([{ compcode: 'A1', company: 'Alpha Air', matauang: 'USD' }, { compcode: 'B2', company: 'Bravo', matauang: 'USD' }]).execute();
    const people = [
      ['requestor', 'Requestor', 'ENG', false, 'Engineer'],
      ['chief', 'Chief Engineer', 'ENG', true, 'Chief Engineer'],
      ['buyer1', 'Buyer One', 'PUR', false, 'Buyer'],
      ['buyer2', 'Buyer Two', 'PUR', false, 'Buyer'],
      ['director', 'Technical Director', 'TEC', true, 'Technical Director'],
      ['outsider', 'Other company', 'ENG', false, 'Engineer'],
    ] as const;
    for (const [username, full_name, departkd, depthead, jabatan] of people) {
      const r = await db.insertInto('users').values({ username, full_name, departkd, departemen: departkd, depthead, jabatan, usergroup: 'user', active: true, mustchangepw: false }).returning('user_id').executeTakeFirstOrThrow();
      users[username] = Number(r.user_id);
      await db.insertInto('user_company').values({ compcode: username === 'outsider' ? 'B2' : 'A1', user_id: r.user_id }).execute();
    }
    for (const m of reg.menus) if (m.route) all.push({ module: m.module, menu: m.name, route: m.route, letters: 'CRUDPO' });
    const def = await db.insertInto('wf_definition').values({ compcode: 'A1', name: 'PD-APPROVAL', title: 'Purchase document approval', entity_name: 'purchase_doc', active: true, wf_version: 1 }).returning('wftypekey').executeTakeFirstOrThrow();
    wfKey = Number(def.wftypekey);
  });
  afterAll(async () => t?.close());

  it('sends a draft: 100 ON PROCESS, first step assigned, steps kept as they were', async () => {
    await setSteps([
      { seq: 1, step_name: 'Department head', assign_kind: 'dept_head', assign_value: null, item_kind: 'approval' },
      { seq: 2, step_name: 'Director', assign_kind: 'position', assign_value: 'Technical Director', item_kind: 'approval' },
    ]);
    const id = await newDoc('send');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-send' });
    expect(await docStatus(id)).toBe('100');
    const open = await openOf(taskkey);
    expect(open.map((a) => a.assignee)).toEqual([users.chief]);
    expect(events.at(-1)).toMatchObject({ event: 'task_changed', user_id: users.chief });
    // a later edit of the workflow does not change this task
    await setSteps([{ seq: 1, step_name: 'Only step', assign_kind: 'user', assign_value: 'buyer1', item_kind: 'approval' }]);
    await act(ctxFor('chief'), { taskassignkey: Number(open[0].taskassignkey), actionTake: 'APPROVED', comment: 'OK' });
    expect((await openOf(taskkey)).map((a) => a.assignee)).toEqual([users.director]);
    // already on process: refused
    await expect(send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'again' })).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
  });

  it('refuses sending without the O letter, without a workflow, or without anyone to assign, writing nothing', async () => {
    const id = await newDoc('refusals');
    await expect(send(ctxFor('requestor', 'CRUD'), { entity: 'purchase_doc', key: id, taskname: 'x' })).rejects.toMatchObject({ code: 'ERR_FORBIDDEN' });
    await setSteps([{ seq: 1, step_name: 'Nobody', assign_kind: 'position', assign_value: 'Astronaut', item_kind: 'approval' }]);
    const before = await t.database.db.selectFrom('wf_task').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await expect(send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'x' })).rejects.toMatchObject({ code: 'ERR_CONFLICT', message: expect.stringContaining('No one to assign step 1') });
    expect((await t.database.db.selectFrom('wf_task').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n).toBe(before.n);
    expect(await docStatus(id)).toBe('000');
    await t.database.db.updateTable('wf_definition').set({ active: false }).where('wftypekey', '=', wfKey).execute();
    await expect(send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'x' })).rejects.toMatchObject({ message: expect.stringContaining('No active workflow') });
    await t.database.db.updateTable('wf_definition').set({ active: true }).where('wftypekey', '=', wfKey).execute();
  });

  it('conditional steps: a step applies only when the document field compares so (amount thresholds), decided when sent', async () => {
    await t.database.db.deleteFrom('wf_step').where('wftypekey', '=', wfKey).execute();
    const step = (seq: number, who: string, cond: [string | null, string | null, string | null] = [null, null, null]) =>
      t.database.db.insertInto('wf_step').values({ compcode: 'A1', wftypekey: wfKey, seq, step_name: `Step ${seq}`, assign_kind: 'user', assign_value: who, item_kind: 'approval', deadline_hours: null, condition_field: cond[0], condition_op: cond[1], condition_value: cond[2] }).execute();
    await step(1, 'chief');
    await step(2, 'director', ['amount', 'gte', '1000']);
    await step(3, 'buyer1', ['remark', 'eq', 'AOG']);
    let n = 0;
    const docWith = async (amount: number | null, remark: string) => {
      const r = await loose(t.database.db).insertInto('purchase_doc').values({ compcode: 'A1', docno: `PD-C${++n}`, remark, amount, statuswf: '000' }).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    };
    const stepsOf = async (taskkey: number) => (JSON.parse(String((await t.database.db.selectFrom('wf_task').select('steps_snapshot').where('taskkey', '=', taskkey).executeTakeFirstOrThrow()).steps_snapshot)) as { seq: number }[]).map((x) => x.seq);
    // 999.99 < 1000: the director's step is left out; 1000 ≥ 1000: it applies; an empty amount satisfies no comparison
    expect(await stepsOf((await send(ctxFor('requestor'), { entity: 'purchase_doc', key: await docWith(999.99, 'routine'), taskname: 'c1' })).taskkey)).toEqual([1]);
    expect(await stepsOf((await send(ctxFor('requestor'), { entity: 'purchase_doc', key: await docWith(1000, 'routine'), taskname: 'c2' })).taskkey)).toEqual([1, 2]);
    expect(await stepsOf((await send(ctxFor('requestor'), { entity: 'purchase_doc', key: await docWith(null, 'AOG'), taskname: 'c3' })).taskkey)).toEqual([1, 3]);
    // the approval then walks only the steps that apply
    const id = await docWith(5000, 'routine');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'c4' });
    await act(ctxFor('chief'), { taskassignkey: Number((await openOf(taskkey))[0].taskassignkey), actionTake: 'APPROVED', comment: 'ok' });
    await act(ctxFor('director'), { taskassignkey: Number((await openOf(taskkey))[0].taskassignkey), actionTake: 'APPROVED', comment: 'ok' });
    expect(await docStatus(id)).toBe('111');
    // a wrong condition is a configuration error, refused with nothing written
    for (const [cond, message] of [
      [['nope', 'gte', '1'], "Step 2 (Step 2) of workflow PD-APPROVAL names 'nope', which is not a field of Purchase document: check the workflow configuration."],
      [['amount', null, '1'], 'Step 2 (Step 2) of workflow PD-APPROVAL has a condition without an operator: check the workflow configuration.'],
      [['amount', 'gte', 'lots'], "Step 2 (Step 2) of workflow PD-APPROVAL compares amount with 'lots', which is not a number: check the workflow configuration."],
    ] as const) {
      await t.database.db.updateTable('wf_step').set({ condition_field: cond[0], condition_op: cond[1], condition_value: cond[2] }).where('wftypekey', '=', wfKey).where('seq', '=', 2).execute();
      const bad = await docWith(10, `bad-${cond[0]}-${cond[1]}-${cond[2]}`);
      await expect(send(ctxFor('requestor'), { entity: 'purchase_doc', key: bad, taskname: 'bad' })).rejects.toMatchObject({ code: 'ERR_CONFLICT', message });
      expect(await docStatus(bad)).toBe('000');
    }
    // no step applies: refused
    await t.database.db.updateTable('wf_step').set({ condition_field: 'amount', condition_op: 'gt', condition_value: '1000000' }).where('wftypekey', '=', wfKey).execute();
    await expect(send(ctxFor('requestor'), { entity: 'purchase_doc', key: await docWith(10, 'none'), taskname: 'none' })).rejects.toMatchObject({ code: 'ERR_CONFLICT', message: 'No step of the workflow PD-APPROVAL applies to this document: check the workflow configuration.' });
  });

  it('approves through every step to 111 and fires the finish hook; history keeps every action', async () => {
    await setSteps([
      { seq: 1, step_name: 'Review', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval' },
      { seq: 2, step_name: 'Approve', assign_kind: 'user', assign_value: 'director', item_kind: 'approval' },
    ]);
    const id = await newDoc('approve');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-approve' });
    const [a1] = await openOf(taskkey);
    await act(ctxFor('chief'), { taskassignkey: Number(a1.taskassignkey), actionTake: 'REVIEWED', comment: 'Reviewed, quotes attached' });
    const [a2] = await openOf(taskkey);
    expect(a2.assignee).toBe(users.director);
    const r = await act(ctxFor('director'), { taskassignkey: Number(a2.taskassignkey), actionTake: 'APPROVED', comment: 'Approved' });
    expect(r.statuswf).toBe('111');
    expect(await docStatus(id)).toBe('111');
    expect(finished).toContainEqual({ key: String(id), status: '111' });
    const hist = await t.database.db.selectFrom('wf_assignment').select(['actiontake', 'message', 'action_by']).where('taskkey', '=', taskkey).orderBy('taskassignkey').execute();
    expect(hist).toEqual([
      { actiontake: 'REVIEWED', message: 'Reviewed, quotes attached', action_by: users.chief },
      { actiontake: 'APPROVED', message: 'Approved', action_by: users.director },
    ]);
    expect(events.find((e) => e.user_id === users.requestor && e.data.statuswf === '111')).toBeTruthy();
  });

  it('rejects to 110, and a rejected document may be sent again', async () => {
    await setSteps([{ seq: 1, step_name: 'Approve', assign_kind: 'user', assign_value: 'director', item_kind: 'approval' }]);
    const id = await newDoc('reject');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-reject' });
    const [a] = await openOf(taskkey);
    await act(ctxFor('director'), { taskassignkey: Number(a.taskassignkey), actionTake: 'REJECTED', comment: 'Price too high' });
    expect(await docStatus(id)).toBe('110');
    await expect(act(ctxFor('director'), { taskassignkey: Number(a.taskassignkey), actionTake: 'APPROVED', comment: 'changed my mind' })).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
    const again = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-reject (2)' });
    expect(again.taskkey).not.toBe(taskkey);
    expect(await docStatus(id)).toBe('100');
  });

  it('routes the same step to another user, with the spec checks', async () => {
    await setSteps([{ seq: 1, step_name: 'Approve', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval' }]);
    const id = await newDoc('route');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-route' });
    const [a] = await openOf(taskkey);
    await expect(act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: 'ROUTING', comment: 'please check' })).rejects.toMatchObject({ errors: [{ path: '/routeToUser' }] });
    await expect(act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: 'ROUTING', comment: 'x'.repeat(901), routeToUser: 'director' })).rejects.toMatchObject({ errors: [{ path: '/comment' }] });
    await expect(act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: 'ROUTING', comment: 'to outsider', routeToUser: 'outsider' })).rejects.toMatchObject({ errors: [{ path: '/routeToUser' }] });
    await act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: 'ROUTING', comment: 'Director to decide', routeToUser: 'director' });
    const open = await openOf(taskkey);
    expect(open.map((x) => [x.assignee, x.step_seq])).toEqual([[users.director, 1]]);
    await act(ctxFor('director'), { taskassignkey: Number(open[0].taskassignkey), actionTake: 'APPROVED', comment: 'OK' });
    expect(await docStatus(id)).toBe('111');
  });

  it('queues (PENDING) until a date: a date is required and the item comes back hidden until then', async () => {
    await setSteps([{ seq: 1, step_name: 'Approve', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval' }]);
    const id = await newDoc('pending');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-pending' });
    const [a] = await openOf(taskkey);
    await expect(act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: 'PENDING', comment: 'after audit' })).rejects.toMatchObject({ errors: [{ path: '/postuntil' }] });
    await expect(act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: 'PENDING', comment: 'after audit', postuntil: '2001-01-01' })).rejects.toMatchObject({ errors: [{ path: '/postuntil' }] });
    const until = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: 'PENDING', comment: 'after audit', postuntil: until });
    const open = await openOf(taskkey);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ assignee: users.chief, postponed: true, postuntil: until });
  });

  it('offers only complete/reject on task items; comments are required and limited to 1000', async () => {
    await setSteps([{ seq: 1, step_name: 'Prepare quotes', assign_kind: 'user', assign_value: 'buyer1', item_kind: 'task' }]);
    const id = await newDoc('task');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-task' });
    const [a] = await openOf(taskkey);
    const k = Number(a.taskassignkey);
    await expect(act(ctxFor('buyer1'), { taskassignkey: k, actionTake: 'APPROVED', comment: 'x' })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    await expect(act(ctxFor('buyer1'), { taskassignkey: k, actionTake: 'COMPLETED', comment: '  ' })).rejects.toMatchObject({ errors: [{ path: '/comment', message: 'is required' }] });
    await expect(act(ctxFor('buyer1'), { taskassignkey: k, actionTake: 'COMPLETED', comment: 'x'.repeat(1001) })).rejects.toMatchObject({ errors: [{ path: '/comment' }] });
    await act(ctxFor('buyer1'), { taskassignkey: k, actionTake: 'COMPLETED', comment: 'x'.repeat(1000) });
    expect(await docStatus(id)).toBe('111');
  });

  it('a team step: the first to act closes the others', async () => {
    await setSteps([{ seq: 1, step_name: 'Purchasing team', assign_kind: 'team', assign_value: 'PUR', item_kind: 'approval' }]);
    const id = await newDoc('team');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-team' });
    const open = await openOf(taskkey);
    expect(open.map((x) => x.assignee).sort()).toEqual([users.buyer1, users.buyer2].sort());
    await act(ctxFor('buyer2'), { taskassignkey: Number(open.find((x) => x.assignee === users.buyer2)?.taskassignkey), actionTake: 'APPROVED', comment: 'fine' });
    expect(await openOf(taskkey)).toEqual([]);
    const other = open.find((x) => x.assignee === users.buyer1);
    await expect(act(ctxFor('buyer1'), { taskassignkey: Number(other?.taskassignkey), actionTake: 'APPROVED', comment: 'me too' })).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
  });

  it('records acting for someone else, and refuses it without the right', async () => {
    await setSteps([{ seq: 1, step_name: 'Approve', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval' }]);
    const id = await newDoc('delegate');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-delegate' });
    const [a] = await openOf(taskkey);
    await expect(act(ctxFor('buyer1', 'R'), { taskassignkey: Number(a.taskassignkey), actionTake: 'APPROVED', comment: 'not mine' })).rejects.toMatchObject({ code: 'ERR_FORBIDDEN' });
    await act(ctxFor('director'), { taskassignkey: Number(a.taskassignkey), actionTake: 'APPROVED', comment: 'Approved while the chief is away' });
    const row = await t.database.db.selectFrom('wf_assignment').select(['assignee', 'action_by']).where('taskassignkey', '=', a.taskassignkey as number).executeTakeFirstOrThrow();
    expect(row).toEqual({ assignee: users.chief, action_by: users.director });
  });

  it('lets exactly one of twenty simultaneous actions on one assignment succeed', async () => {
    await setSteps([{ seq: 1, step_name: 'Approve', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval' }]);
    const id = await newDoc('race');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-race' });
    const [a] = await openOf(taskkey);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: i % 2 ? 'APPROVED' : 'REJECTED', comment: `attempt ${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'ERR_CONFLICT' });
    const rows = await t.database.db.selectFrom('wf_assignment').select(['actiontake']).where('taskkey', '=', taskkey).execute();
    expect(rows).toHaveLength(1);
    expect(['111', '110']).toContain(await docStatus(id));
  });

  it('marks overdue assignments EXPIRED and escalates them to the department head', async () => {
    await setSteps([{ seq: 1, step_name: 'Buyer', assign_kind: 'user', assign_value: 'buyer1', item_kind: 'approval', deadline_hours: 24 }]);
    await t.database.db.updateTable('users').set({ depthead: true }).where('username', '=', 'buyer2').execute();
    const id = await newDoc('expire');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-expire' });
    const n = await expireOverdue(t.database.db, reg, async (_tx, e) => void events.push(e), new Date(Date.now() + 25 * 3_600_000));
    expect(n).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.selectFrom('wf_assignment').select(['assignee', 'actiontake', 'completeddate']).where('taskkey', '=', taskkey).orderBy('taskassignkey').execute();
    expect(rows[0]).toMatchObject({ assignee: users.buyer1, actiontake: 'EXPIRED' });
    expect(rows[1]).toMatchObject({ assignee: users.buyer2, actiontake: null, completeddate: null });
    await t.database.db.updateTable('users').set({ depthead: false }).where('username', '=', 'buyer2').execute();
  });

  it('withdraws a document nobody has acted on, and refuses once someone has', async () => {
    await setSteps([
      { seq: 1, step_name: 'A', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval' },
      { seq: 2, step_name: 'B', assign_kind: 'user', assign_value: 'director', item_kind: 'approval' },
    ]);
    const id = await newDoc('withdraw');
    const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-withdraw' });
    await cancel(ctxFor('requestor'), { entity: 'purchase_doc', key: id });
    expect(await docStatus(id)).toBe('000');
    expect(await openOf(taskkey)).toEqual([]);
    const again = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-withdraw 2' });
    const [a] = await openOf(again.taskkey);
    await act(ctxFor('chief'), { taskassignkey: Number(a.taskassignkey), actionTake: 'APPROVED', comment: 'ok' });
    await expect(cancel(ctxFor('requestor'), { entity: 'purchase_doc', key: id })).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
  });

  describe('delegation (docs/workflow.md "Delegation")', () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const delegate = async (from: string, to: string, valid_from: string, valid_to: string, reason = 'annual leave') => {
      const r = await t.database.db.insertInto('wf_delegation').values({ compcode: 'A1', delegator: users[from], delegate: users[to], valid_from, valid_to, reason }).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    };
    const clear = () => t.database.db.deleteFrom('wf_delegation').execute();

    it('routes a task assigned in the period to the delegate, on behalf of the assignee; the delegate acts', async () => {
      await clear();
      await setSteps([{ seq: 1, step_name: 'Approve', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval' }]);
      // the chief is away from yesterday to tomorrow: today is inside the period
      await delegate('chief', 'buyer1', day(-1), day(1));
      const id = await newDoc('deleg-in');
      const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-deleg-in' });
      const open = await openOf(taskkey);
      expect(open.map((a) => [a.assignee, a.on_behalf_of])).toEqual([[users.buyer1, users.chief]]);
      expect(events.at(-1)).toMatchObject({ user_id: users.buyer1, data: { reason: 'assigned', on_behalf_of: users.chief } });
      // the delegate holds the item as its assignee: acts without any right to act for others
      await act(ctxFor('buyer1', 'R'), { taskassignkey: Number(open[0].taskassignkey), actionTake: 'APPROVED', comment: 'Approved for the chief' });
      expect(await docStatus(id)).toBe('111');
      const row = await t.database.db.selectFrom('wf_assignment').select(['assignee', 'on_behalf_of', 'action_by', 'actiontake']).where('taskkey', '=', taskkey).executeTakeFirstOrThrow();
      expect(row).toEqual({ assignee: users.buyer1, on_behalf_of: users.chief, action_by: users.buyer1, actiontake: 'APPROVED' });
    });

    it('does not delegate outside the period, to an inactive user, to oneself, or beyond one hop', async () => {
      await clear();
      await setSteps([{ seq: 1, step_name: 'Approve', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval' }]);
      const assigned = async (name: string) => {
        const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: await newDoc(name), taskname: name });
        return (await openOf(taskkey)).map((a) => [a.assignee, a.on_behalf_of]);
      };
      // ended yesterday; starts tomorrow: the chief keeps the item
      await delegate('chief', 'buyer1', day(-10), day(-1));
      await delegate('chief', 'buyer1', day(1), day(10));
      expect(await assigned('deleg-out')).toEqual([[users.chief, null]]);
      // to oneself: ignored
      await delegate('chief', 'chief', day(-1), day(1));
      expect(await assigned('deleg-self')).toEqual([[users.chief, null]]);
      // to an inactive user: ignored
      await clear();
      await t.database.db.updateTable('users').set({ active: false }).where('username', '=', 'buyer2').execute();
      await delegate('chief', 'buyer2', day(-1), day(1));
      expect(await assigned('deleg-inactive')).toEqual([[users.chief, null]]);
      await t.database.db.updateTable('users').set({ active: true }).where('username', '=', 'buyer2').execute();
      // to a user of another company: ignored
      await clear();
      await delegate('chief', 'outsider', day(-1), day(1));
      expect(await assigned('deleg-outsider')).toEqual([[users.chief, null]]);
      // to the requestor of the document: nobody approves their own document, the chief keeps it
      await clear();
      await delegate('chief', 'requestor', day(-1), day(1));
      expect(await assigned('deleg-requestor')).toEqual([[users.chief, null]]);
      // one hop: chief → buyer1 while buyer1 → buyer2; the item stops at buyer1
      await clear();
      await delegate('chief', 'buyer1', day(0), day(0));
      await delegate('buyer1', 'buyer2', day(0), day(0));
      expect(await assigned('deleg-hop')).toEqual([[users.buyer1, users.chief]]);
      await clear();
    });

    it('a personal step is never delegated and nobody acts on it for its assignee (docs/workflow.md "Four eyes")', async () => {
      await clear();
      await setSteps([{ seq: 1, step_name: 'Certify', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval', personal: true }]);
      await delegate('chief', 'buyer1', day(-1), day(1));
      const id = await newDoc('personal');
      const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-personal' });
      const [item] = await openOf(taskkey);
      // the chief keeps it, on nobody's behalf, although his delegation holds the day
      expect([item.assignee, item.on_behalf_of]).toEqual([users.chief, null]);
      // buyer2 holds every letter (may act for others): refused on a personal step, nothing written
      await expect(act(ctxFor('buyer2'), { taskassignkey: Number(item.taskassignkey), actionTake: 'APPROVED', comment: 'for the chief' })).rejects.toMatchObject({ code: 'ERR_FOUR_EYES', message: 'Step 1 (Certify) is personal: only its assignee acts on it, never someone for them.' });
      expect((await openOf(taskkey)).map((a) => a.taskassignkey)).toEqual([item.taskassignkey]);
      expect(await docStatus(id)).toBe('100');
      await act(ctxFor('chief'), { taskassignkey: Number(item.taskassignkey), actionTake: 'APPROVED', comment: 'Certified' });
      expect(await docStatus(id)).toBe('111');
      await clear();
    });

    it('a routed or escalated item goes to the delegate of its new assignee', async () => {
      await clear();
      await setSteps([{ seq: 1, step_name: 'Approve', assign_kind: 'user', assign_value: 'requestor', item_kind: 'approval', deadline_hours: 24 }]);
      // sent by buyer2 (nobody is assigned, or acts on, their own document)
      await delegate('director', 'buyer1', day(-1), day(1));
      const { taskkey } = await send(ctxFor('buyer2'), { entity: 'purchase_doc', key: await newDoc('deleg-route'), taskname: 'PD-deleg-route' });
      const [a] = await openOf(taskkey);
      await act(ctxFor('requestor'), { taskassignkey: Number(a.taskassignkey), actionTake: 'ROUTING', comment: 'Director to decide', routeToUser: 'director' });
      expect((await openOf(taskkey)).map((x) => [x.assignee, x.on_behalf_of])).toEqual([[users.buyer1, users.director]]);
      // escalation: the assignee's department head (chief) is away, his delegate gets it
      await clear();
      await delegate('chief', 'buyer1', day(-1), day(3));
      const sent = await send(ctxFor('buyer2'), { entity: 'purchase_doc', key: await newDoc('deleg-expire'), taskname: 'PD-deleg-expire' });
      await expireOverdue(t.database.db, reg, undefined, new Date(Date.now() + 25 * 3_600_000));
      expect((await openOf(sent.taskkey)).map((x) => [x.assignee, x.on_behalf_of])).toEqual([[users.buyer1, users.chief]]);
      await clear();
    });
  });

  describe('N of M approvals (docs/workflow.md "N of M")', () => {
    beforeAll(async () => {
      for (const n of [1, 2, 3]) {
        const r = await t.database.db.insertInto('users').values({ username: `eng${n}`, full_name: `Licensed Engineer ${n}`, departkd: 'LIC', departemen: 'LIC', depthead: false, jabatan: 'Licensed Engineer', usergroup: 'user', active: true, mustchangepw: false }).returning('user_id').executeTakeFirstOrThrow();
        users[`eng${n}`] = Number(r.user_id);
        await t.database.db.insertInto('user_company').values({ compcode: 'A1', user_id: r.user_id }).execute();
      }
    });
    const mine = async (taskkey: number, who: string) => Number((await openOf(taskkey)).find((a) => a.assignee === users[who])?.taskassignkey);

    it('2 of 3: the step stays open after the first approval and completes at the second; the third item closes', async () => {
      await setSteps([
        { seq: 1, step_name: 'Two engineers', assign_kind: 'team', assign_value: 'LIC', item_kind: 'approval', required_approvals: 2 },
        { seq: 2, step_name: 'Director', assign_kind: 'user', assign_value: 'director', item_kind: 'approval' },
      ]);
      const id = await newDoc('2of3');
      const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-2of3' });
      expect((await openOf(taskkey)).map((a) => a.assignee)).toEqual([users.eng1, users.eng2, users.eng3]);
      // 1 approval of 2: still on step 1, two items open, nothing for the director yet
      const r1 = await act(ctxFor('eng1'), { taskassignkey: await mine(taskkey, 'eng1'), actionTake: 'APPROVED', comment: 'Checked the AMM reference' });
      expect(r1.statuswf).toBe('100');
      expect((await openOf(taskkey)).map((a) => a.assignee)).toEqual([users.eng2, users.eng3]);
      // the same engineer cannot approve twice: his item is closed
      const closedKey = Number((await t.database.db.selectFrom('wf_assignment').select('taskassignkey').where('taskkey', '=', taskkey).where('assignee', '=', users.eng1).executeTakeFirstOrThrow()).taskassignkey);
      await expect(act(ctxFor('eng1'), { taskassignkey: closedKey, actionTake: 'APPROVED', comment: 'again' })).rejects.toMatchObject({ code: 'ERR_CONFLICT' });
      // routing within the step to someone already holding an item of it is refused
      await expect(act(ctxFor('eng2'), { taskassignkey: await mine(taskkey, 'eng2'), actionTake: 'ROUTING', comment: 'you', routeToUser: 'eng3' })).rejects.toMatchObject({ errors: [{ path: '/routeToUser' }] });
      // 2 approvals of 2: step 1 complete, eng3's item closed, the director assigned
      await act(ctxFor('eng2'), { taskassignkey: await mine(taskkey, 'eng2'), actionTake: 'APPROVED', comment: 'Agreed' });
      expect((await openOf(taskkey)).map((a) => [a.assignee, a.step_seq])).toEqual([[users.director, 2]]);
      const step1 = await t.database.db.selectFrom('wf_assignment').select(['assignee', 'actiontake', 'action_by']).where('taskkey', '=', taskkey).where('step_seq', '=', 1).orderBy('taskassignkey').execute();
      expect(step1).toEqual([
        { assignee: users.eng1, actiontake: 'APPROVED', action_by: users.eng1 },
        { assignee: users.eng2, actiontake: 'APPROVED', action_by: users.eng2 },
        { assignee: users.eng3, actiontake: 'APPROVED', action_by: users.eng2 }, // closed with the step
      ]);
      expect(await docStatus(id)).toBe('100');
      await act(ctxFor('director'), { taskassignkey: await mine(taskkey, 'director'), actionTake: 'APPROVED', comment: 'ok' });
      expect(await docStatus(id)).toBe('111');
    });

    it("2 of 3, refusal 'first': one refusal fails the step and the document at once", async () => {
      await setSteps([{ seq: 1, step_name: 'Two engineers', assign_kind: 'team', assign_value: 'LIC', item_kind: 'approval', required_approvals: 2, refusal: 'first' }]);
      const id = await newDoc('2of3-refused');
      const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-2of3-refused' });
      await act(ctxFor('eng1'), { taskassignkey: await mine(taskkey, 'eng1'), actionTake: 'APPROVED', comment: 'fine' });
      const r = await act(ctxFor('eng3'), { taskassignkey: await mine(taskkey, 'eng3'), actionTake: 'REJECTED', comment: 'Wrong effectivity' });
      expect(r.statuswf).toBe('110');
      expect(await docStatus(id)).toBe('110');
      expect(await openOf(taskkey)).toEqual([]);
      expect(finished).toContainEqual({ key: String(id), status: '110' });
    });

    it("2 of 3, refusal 'quorum': fails only once two approvals can no longer be reached", async () => {
      await setSteps([{ seq: 1, step_name: 'Two engineers', assign_kind: 'team', assign_value: 'LIC', item_kind: 'approval', required_approvals: 2, refusal: 'quorum' }]);
      const id = await newDoc('quorum');
      const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-quorum' });
      // 0 approved + 2 still open ≥ 2: the step goes on
      expect((await act(ctxFor('eng1'), { taskassignkey: await mine(taskkey, 'eng1'), actionTake: 'REJECTED', comment: 'No' })).statuswf).toBe('100');
      // 0 approved + 1 open < 2: failed
      expect((await act(ctxFor('eng2'), { taskassignkey: await mine(taskkey, 'eng2'), actionTake: 'REJECTED', comment: 'No either' })).statuswf).toBe('110');
      expect(await docStatus(id)).toBe('110');
      expect(await openOf(taskkey)).toEqual([]);
      // and the quorum is met despite a refusal: 1 refusal, then 2 approvals → 111
      const ok = await newDoc('quorum-ok');
      const sent = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: ok, taskname: 'PD-quorum-ok' });
      await act(ctxFor('eng1'), { taskassignkey: await mine(sent.taskkey, 'eng1'), actionTake: 'REJECTED', comment: 'No' });
      await act(ctxFor('eng2'), { taskassignkey: await mine(sent.taskkey, 'eng2'), actionTake: 'APPROVED', comment: 'Yes' });
      expect(await docStatus(ok)).toBe('100');
      await act(ctxFor('eng3'), { taskassignkey: await mine(sent.taskkey, 'eng3'), actionTake: 'APPROVED', comment: 'Yes' });
      expect(await docStatus(ok)).toBe('111');
    });

    it('refuses a step needing more approvals than people to assign, writing nothing', async () => {
      await setSteps([{ seq: 1, step_name: 'Two of one', assign_kind: 'user', assign_value: 'chief', item_kind: 'approval', required_approvals: 2 }]);
      const id = await newDoc('2of1');
      await expect(send(ctxFor('requestor'), { entity: 'purchase_doc', key: id, taskname: 'PD-2of1' })).rejects.toMatchObject({
        code: 'ERR_CONFLICT',
        message: "Step 1 (Two of one) needs 2 approvals but only 1 person can be assigned: check the workflow's assignment (user chief).",
      });
      expect(await docStatus(id)).toBe('000');
    });

    it('a delegate already holding an item of the step gets no second vote: the absent engineer keeps his', async () => {
      await setSteps([{ seq: 1, step_name: 'Two engineers', assign_kind: 'team', assign_value: 'LIC', item_kind: 'approval', required_approvals: 2 }]);
      const today = new Date().toISOString().slice(0, 10);
      await t.database.db.insertInto('wf_delegation').values({ compcode: 'A1', delegator: users.eng1, delegate: users.eng2, valid_from: today, valid_to: today }).execute();
      await t.database.db.insertInto('wf_delegation').values({ compcode: 'A1', delegator: users.eng3, delegate: users.chief, valid_from: today, valid_to: today }).execute();
      const { taskkey } = await send(ctxFor('requestor'), { entity: 'purchase_doc', key: await newDoc('2of3-deleg'), taskname: 'PD-2of3-deleg' });
      expect((await openOf(taskkey)).map((a) => [a.assignee, a.on_behalf_of])).toEqual([
        [users.eng1, null],
        [users.eng2, null],
        [users.chief, users.eng3],
      ]);
      await t.database.db.deleteFrom('wf_delegation').execute();
    });
  });
});
