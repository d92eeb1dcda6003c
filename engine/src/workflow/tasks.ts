/**
 * What a user sees of the workflow (spec §7 Tasks), read from the workflow tables: the to-do list,
 * the pending approvals (mine and my team's), one task's detail with its history and attachments,
 * and the approvals acted on in a period. Plain functions over the database, no HTTP: the server's
 * routes (server/src/routes/tasks.ts) parse the request, call these and send the answer.
 * Transitions are act.ts's (`act`).
 *
 *   const who = { compcode: 'GAT', userId: 12, departkd: 'ENG', ability };
 *   await pendingPage(db, who, { team: false, page: 1, limit: 20, sortBy: 'createdon', sortDir: 'asc' });
 *   const task = await participantTask(db, who, 7);   // ERR_NOT_FOUND unless the user takes part
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { AppAbility } from '../access/ability.ts';
import type { BellCount } from '../plugins/host.ts';
import { appError } from '../errors.ts';
import { keysetPages } from '../query/keyset.ts';
import { mayActForOthers } from './act-item.ts';
import { STATUS } from './status.ts';
import { ITEM_ACTIONS, requiredApprovals, type StepSnapshot } from './steps.ts';

/** The user a workflow read is for, in the active company. */
export interface Participant {
  compcode: string;
  userId: number;
  /** The user's department: "my team" is the other users of it. */
  departkd?: string | null;
  ability: AppAbility;
}

/** The pending lists' sort keys (the spec's names) and the columns they sort by. */
const PENDING_SORT: Record<string, 't.taskname' | 't.taskdetail' | 'c.full_name' | 't.createdon' | 'u.full_name' | 'a.assigndate'> = {
  taskname: 't.taskname',
  taskdetail: 't.taskdetail',
  createdby: 'c.full_name',
  creatorName: 'c.full_name',
  createdon: 't.createdon',
  crewname: 'u.full_name',
  assigndate: 'a.assigndate',
};

const PENDING_COLUMNS = [
  't.taskkey',
  'a.taskassignkey',
  't.wftypekey',
  't.taskname',
  't.taskdetail',
  'c.username as createdby',
  'c.crewnik as creatorNik',
  'c.full_name as creatorName',
  't.createdon',
  'u.full_name as crewname',
  'a.assigndate',
  't.route_name as routeName',
  't.route_param as routeParam',
] as const;

/** An instant as `DD Mon YYYY HH:MM` (UTC), the history's `assignstr`. */
const dayAndTime = (iso: unknown): string | null => {
  if (!iso) return null;
  const d = new Date(String(iso));
  return `${String(d.getUTCDate()).padStart(2, '0')} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
};

const notFound = () => appError('ERR_NOT_FOUND', { message: 'The task was not found.' });

/** Open assignments visible now: not queued past the company's business date (company_today), on a task still on process. */
function openAssignments(db: DB, compcode: string) {
  return db
    .selectFrom('wf_assignment as a')
    .innerJoin('wf_task as t', 't.taskkey', 'a.taskkey')
    .innerJoin('users as c', 'c.user_id', 't.createdby')
    .innerJoin('users as u', 'u.user_id', 'a.assignee')
    .where('a.compcode', '=', compcode)
    .where('a.completeddate', 'is', null)
    .where('t.statuswf', '=', STATUS.ON_PROCESS)
    .where((eb) => eb.or([eb('a.postponed', 'is not', true), eb('a.postuntil', 'is', null), eb('a.postuntil', '<=', sql<string>`(select ct.today from company_today ct where ct.compcode = ${compcode})`)]));
}

/** The to-do list: the user's open assignments, newest task first (at most 500), each with the route that opens it. */
export async function todoList(db: DB, who: Participant) {
  const rows = await openAssignments(db, who.compcode)
    .where('a.assignee', '=', who.userId)
    .select(['t.taskkey', 'a.taskassignkey', 't.taskname', 't.taskdetail', 'c.full_name as createby', 't.createdon as createdate', 't.route_name as routeName', 't.route_param as routeParam'])
    .orderBy('t.createdon', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    ...r,
    routeName: r.routeName ?? 'app.approvalfrm',
    routeParam: r.routeParam ?? JSON.stringify({ key: r.taskassignkey, taskkey: r.taskkey }),
  }));
}

/**
 * The to-do list across companies (issue 37 point 8, decision 0256): the user's open assignments in
 * every company the user belongs to (user_company; nothing of a company the user has left), each
 * row with its company's code and name, the active company's first, then by company name, newest
 * task first within one (at most 500). One statement: each company's business date is its own.
 */
export async function todoListAllCompanies(db: DB, userId: number, active: string) {
  const rows = await db
    .selectFrom('wf_assignment as a')
    .innerJoin('wf_task as t', 't.taskkey', 'a.taskkey')
    .innerJoin('users as c', 'c.user_id', 't.createdby')
    .innerJoin('user_company as uc', (j) => j.onRef('uc.compcode', '=', 'a.compcode').on('uc.user_id', '=', userId))
    .innerJoin('company as co', 'co.compcode', 'a.compcode')
    .where('a.assignee', '=', userId)
    .where('a.completeddate', 'is', null)
    .where('t.statuswf', '=', STATUS.ON_PROCESS)
    .where((eb) => eb.or([eb('a.postponed', 'is not', true), eb('a.postuntil', 'is', null), eb('a.postuntil', '<=', sql<string>`(select ct.today from company_today ct where ct.compcode = a.compcode)`)]))
    .select(['t.taskkey', 'a.taskassignkey', 't.taskname', 't.taskdetail', 'c.full_name as createby', 't.createdon as createdate', 't.route_name as routeName', 't.route_param as routeParam', 'a.compcode', 'co.company'])
    .orderBy(sql`case when a.compcode = ${active} then 0 else 1 end`)
    .orderBy('co.company')
    .orderBy('t.createdon', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    ...r,
    company: r.company ?? r.compcode,
    routeName: r.routeName ?? 'app.approvalfrm',
    routeParam: r.routeParam ?? JSON.stringify({ key: r.taskassignkey, taskkey: r.taskkey }),
  }));
}

export interface PendingQuery {
  /** The team's (other users of the user's department) instead of the user's own. */
  team: boolean;
  page: number;
  limit: number;
  /** One of the spec's sort keys (ERR_BAD_REQUEST otherwise). */
  sortBy: string;
  sortDir: 'asc' | 'desc';
}

/** One page of pending approvals with the total; a user without a department has no team. */
export async function pendingPage(db: DB, who: Participant, p: PendingQuery) {
  const sortBy = PENDING_SORT[p.sortBy];
  if (!sortBy) throw appError('ERR_BAD_REQUEST', { message: `Cannot sort by '${p.sortBy}'.` });
  const { page, limit } = p;
  let q = openAssignments(db, who.compcode);
  if (p.team) {
    if (!who.departkd) return { meta: { total: 0, page, limit }, list: [] };
    q = q.where('u.departkd', '=', who.departkd).where('a.assignee', '<>', who.userId);
  } else {
    q = q.where('a.assignee', '=', who.userId);
  }
  const [list, total] = await Promise.all([
    q.select([...PENDING_COLUMNS]).orderBy(sortBy, p.sortDir).orderBy('a.taskassignkey').limit(limit).offset((page - 1) * limit).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { meta: { total: Number(total?.n ?? 0), page, limit }, list };
}

/** The task, if the user takes part in it (assignee, creator, or delegate); else ERR_NOT_FOUND. */
export async function participantTask(db: DB, who: Participant, taskkey: number) {
  const task = await db.selectFrom('wf_task').selectAll().where('taskkey', '=', taskkey).where('compcode', '=', who.compcode).executeTakeFirst();
  if (!task) throw notFound();
  if (Number(task.createdby) === who.userId || mayActForOthers(who.ability)) return task;
  const mine = await db.selectFrom('wf_assignment').select('taskassignkey').where('taskkey', '=', taskkey).where('assignee', '=', who.userId).executeTakeFirst();
  if (!mine) throw notFound();
  return task;
}

/** A task's assignments in order, each as the history line of the approval form. */
export async function taskHistory(db: DB, taskkey: number) {
  const rows = await db
    .selectFrom('wf_assignment as a')
    .innerJoin('users as u', 'u.user_id', 'a.assignee')
    .leftJoin('users as b', 'b.user_id', 'a.action_by')
    .leftJoin('users as o', 'o.user_id', 'a.on_behalf_of')
    .select(['a.taskassignkey', 'a.assigndate', 'u.full_name as crewname', 'o.full_name as onBehalfOf', 'a.actiontake', 'a.action_by', 'a.assignee', 'b.full_name as actor', 'a.message', 'a.completeddate', 'a.postponed', 'a.postuntil', 'a.step_seq'])
    .where('a.taskkey', '=', taskkey)
    .orderBy('a.taskassignkey')
    .execute();
  return rows.map((r) => ({
    taskassignkey: r.taskassignkey,
    assignstr: dayAndTime(r.assigndate),
    assigndate: r.assigndate,
    crewname: r.crewname,
    // a delegate's item (docs/workflow.md "Delegation"): "on behalf of <name>"
    onBehalfOf: r.onBehalfOf ?? null,
    behalfText: r.onBehalfOf ? `on behalf of ${r.onBehalfOf}` : null,
    actiontake: r.actiontake,
    actionBy: r.action_by && Number(r.action_by) !== Number(r.assignee) ? r.actor : null,
    message: r.message,
    completeddate: r.completeddate,
    postponed: r.postponed ? 1 : 0,
    postuntil: r.postuntil,
    step: r.step_seq,
    expired: r.actiontake === 'EXPIRED',
  }));
}

/**
 * The workflow history of one document (every task it was sent in, every assignment), for the
 * document's own screens (the material request's action history).
 */
export async function documentWorkflowHistory(db: DB, compcode: string, entity: string, recordKey: string) {
  const rows = await db
    .selectFrom('wf_assignment as x')
    .innerJoin('wf_task as t', 't.taskkey', 'x.taskkey')
    .innerJoin('users as u', 'u.user_id', 'x.assignee')
    .leftJoin('users as b', 'b.user_id', 'x.action_by')
    .leftJoin('users as o', 'o.user_id', 'x.on_behalf_of')
    .select(['t.taskkey', 'x.taskassignkey', 'x.assigndate', 'u.full_name as crewname', 'o.full_name as onBehalfOf', 'x.actiontake', 'x.assignee', 'x.action_by', 'b.full_name as actor', 'x.message', 'x.completeddate'])
    .where('t.compcode', '=', compcode)
    .where('t.entity_name', '=', entity)
    .where('t.record_key', '=', recordKey)
    .orderBy('x.taskassignkey')
    .execute();
  return rows.map((r) => ({ ...r, actionBy: r.action_by && Number(r.action_by) !== Number(r.assignee) ? r.actor : null, expired: r.actiontake === 'EXPIRED' }));
}

/** The files attached to a task, oldest first. */
export async function taskAttachments(db: DB, compcode: string, taskkey: number) {
  const rows = await db
    .selectFrom('sys_attachment')
    .select(['id', 'filename', 'record_key', 'size', 'created_by', 'created_at'])
    .where('compcode', '=', compcode)
    .where('entity_name', '=', 'wf_task')
    .where('record_key', '=', String(taskkey))
    .orderBy('id')
    .execute();
  return rows.map((x) => ({ attachmentKey: x.id, attchFileNm: x.filename, taskkey: Number(x.record_key), size: x.size, uploadedBy: x.created_by, uploadedAt: x.created_at }));
}

/** One attachment of a task the user takes part in (id as typed in the address; ERR_NOT_FOUND otherwise). */
export async function taskAttachment(db: DB, who: Participant, id: number) {
  const row = await db
    .selectFrom('sys_attachment')
    .select(['id', 'record_key', 'filename', 'mime'])
    .where('id', '=', id)
    .where('compcode', '=', who.compcode)
    .where('entity_name', '=', 'wf_task')
    .executeTakeFirst();
  if (!row) throw appError('ERR_NOT_FOUND');
  await participantTask(db, who, Number(row.record_key));
  return row;
}

/**
 * The approval form of one assignment: its header (task, document, step, who may act), the
 * task's history and attachments. Only the assignee, the task's creator or a delegate see it.
 */
export async function taskDetail(db: DB, who: Participant, taskassignkey: number) {
  const asg = await db.selectFrom('wf_assignment').selectAll().where('taskassignkey', '=', taskassignkey).where('compcode', '=', who.compcode).executeTakeFirst();
  if (!asg) throw notFound();
  const task = await participantTask(db, who, Number(asg.taskkey));
  const delegate = mayActForOthers(who.ability);
  if (Number(asg.assignee) !== who.userId && Number(task.createdby) !== who.userId && !delegate) throw notFound();
  const creator = await db.selectFrom('users').select(['username', 'full_name', 'jabatan', 'departemen', 'departkd', 'crewnik', 'user_id']).where('user_id', '=', task.createdby as number).executeTakeFirstOrThrow();
  const assignee = await db.selectFrom('users').select(['username', 'full_name', 'crewnik', 'user_id']).where('user_id', '=', asg.assignee as number).executeTakeFirstOrThrow();
  const behalf = asg.on_behalf_of ? await db.selectFrom('users').select(['full_name', 'user_id']).where('user_id', '=', asg.on_behalf_of as number).executeTakeFirst() : undefined;
  const steps = JSON.parse(String(task.steps_snapshot ?? '[]')) as StepSnapshot[];
  const step = steps.find((x) => x.seq === Number(asg.step_seq));
  const def = await db.selectFrom('wf_definition').select(['name', 'title']).where('wftypekey', '=', task.wftypekey as number).executeTakeFirst();
  const header = {
    taskkey: task.taskkey,
    taskassignkey: asg.taskassignkey,
    wftypekey: task.wftypekey,
    wfname: def?.name ?? null,
    // what a reader calls the workflow (its title), not its code (issue 37 point 6)
    wftitle: def?.title || def?.name || null,
    taskname: task.taskname,
    taskdetail: task.taskdetail,
    entity_name: task.entity_name,
    record_key: task.record_key,
    statuswf: task.statuswf,
    createdby: creator.full_name,
    createdbyUsername: creator.username,
    createdon: task.createdon,
    jabatan: creator.jabatan,
    departemen: creator.departemen,
    departkd: creator.departkd,
    layout: task.entity_name,
    pjxhdrkey: task.pjxhdrkey ?? null,
    isTask: step?.item_kind === 'task' ? 1 : 0,
    actions: step ? ITEM_ACTIONS[step.item_kind] : [],
    step: step ? { seq: step.seq, name: step.step_name, of: steps.length } : null,
    isrouting: 0,
    routeToNik: null,
    routeToUser: null,
    postponed: asg.postponed ? 1 : 0,
    postuntil: asg.postuntil ?? null,
    message: asg.message ?? null,
    completeddate: asg.completeddate ?? null,
    actiontake: asg.actiontake ?? null,
    // four eyes (docs/workflow.md): never the sender; a personal step only by its assignee
    canAct: !asg.completeddate && task.statuswf === STATUS.ON_PROCESS && Number(task.createdby) !== who.userId && (Number(asg.assignee) === who.userId || (delegate && !step?.personal)) ? 1 : 0,
    crewinfo: assignee.full_name,
    crewkey: assignee.user_id,
    onBehalfOf: behalf?.full_name ?? null,
    behalfText: behalf ? `on behalf of ${String(behalf.full_name)}` : null,
    requiredApprovals: step ? requiredApprovals(step) : 1,
    route_name: task.route_name,
    route_param: task.route_param,
  };
  return { header, history: await taskHistory(db, Number(task.taskkey)), attachments: await taskAttachments(db, who.compcode, Number(task.taskkey)) };
}

/**
 * The approvals acted on from `from` to `to` (dates, both included), oldest first, in keyset pages
 * (an export of any length): the user's own (assigned or acted on), or the company's for someone
 * holding O on the workflow action history.
 */
export function approvalsActed(db: DB, who: Participant, from: string, to: string) {
  let q = db
    .selectFrom('wf_assignment as a')
    .innerJoin('wf_task as t', 't.taskkey', 'a.taskkey')
    .innerJoin('users as u', 'u.user_id', 'a.assignee')
    .leftJoin('users as b', 'b.user_id', 'a.action_by')
    .select(['t.taskname', 't.taskdetail', 'u.full_name as assignee', 'a.assigndate', 'a.actiontake', 'b.full_name as actor', 'a.message', 'a.completeddate'])
    .where('a.compcode', '=', who.compcode)
    .where('a.completeddate', '>=', `${from}T00:00:00Z`)
    .where('a.completeddate', '<', sql<string>`(${to}::date + 1)::timestamptz`);
  if (!who.ability.can('other', 'wf_assignment')) q = q.where((eb) => eb.or([eb('a.assignee', '=', who.userId), eb('a.action_by', '=', who.userId)]));
  return keysetPages(q, [
    ['a.completeddate', 'asc'],
    ['a.taskassignkey', 'asc'],
  ]);
}

/** The bell's count of the user's open assignments (the to-do list's rows, without its limit), one scalar subquery. */
export const TASK_COUNT: BellCount = {
  name: 'TaskCount',
  entity: 'wf_assignment',
  fields: ['assignee'],
  count: ({ compcode, userId }) => sql`(select count(*) from wf_assignment a join wf_task t on t.taskkey = a.taskkey
            where a.assignee = ${userId} and a.compcode = ${compcode} and a.completeddate is null
              and (a.postponed is not true or a.postuntil is null or a.postuntil <= (select ct.today from company_today ct where ct.compcode = ${compcode})) and t.statuswf = ${sql.lit(STATUS.ON_PROCESS)})`,
};
