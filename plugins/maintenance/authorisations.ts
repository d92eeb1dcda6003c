/**
 * Certifying staff and inspection authorisations are the quality function's (decision 0220).
 * Every write path of an authorisation and of its aircraft-type lines passes the hooks below: the
 * generic data calls (create, update with lines, delete, a line on its own), the CSV import
 * (which creates through the repository) and the fixture loader. The action Revise is the one
 * change of an approved authorisation.
 *
 * - Nobody writes, revises, sends or approves an authorisation naming themselves, nor moves one
 *   onto themselves (`person`): 403 ERR_OWN_WORK, nothing written.
 * - Who asked for the version (`requested_by`: the last writer of the draft, or who revised it) and
 *   who sent it never approve it.
 * - An authorisation takes effect (signatures read it: work-order.ts authorisationsOf) only while
 *   APPROVED; Revise (reason typed in `change_reason`) puts it back to DRAFT as version + 1, so a
 *   suspension, a shortened validity or a removed type is in force at once and a widening only
 *   once the quality manager approves it.
 * - The approval records the version approved, by whom and when; a signature keeps the version it
 *   was given under (`certified_auth_version`, `inspected_auth_version`, `crs_auth_version`).
 */
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { sealRecord } from '../../engine/src/records/seal.ts';
import { defineHooks, type ActionContext, type EntityHooks, type RowOf, type WrittenValues } from '../../engine/src/plugins/host.ts';

type Hooks = EntityHooks<'staff_authorisation'>;
import { STATUS } from '../../engine/src/workflow/status.ts';
import { validAtaScope } from './rules/authorisation.ts';


const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** 403 when the writer is the person an authorisation names (before or after the write). */
function refuseOwn(userId: number, persons: unknown[], what: string): void {
  if (persons.some((p) => num(p) === userId)) {
    throw appError('ERR_OWN_WORK', { message: `You cannot ${what} an authorisation of your own: authorisations are issued and changed by quality, never by the person they name.` });
  }
}

async function lockedAuthorisation(tx: DB, key: unknown) {
  if (num(key) === null) return undefined;
  return (await tx.selectFrom('staff_authorisation').selectAll().where('auth_id', '=', Number(key)).forUpdate().executeTakeFirst());
}

function checkFields(m: WrittenValues<RowOf<'staff_authorisation'>>): void {
  const errors: { path: string; message: string }[] = [];
  if (!validAtaScope(m.ata_scope as string | null)) errors.push({ path: '/ata_scope', message: 'Give ATA chapters and ranges separated by commas, e.g. 21-36, 71-80' });
  if (m.valid_from && m.valid_to && String(m.valid_to).slice(0, 10) < String(m.valid_from).slice(0, 10)) errors.push({ path: '/valid_to', message: 'must not be before Valid From' });
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
}

/** beforeCreate of an authorisation: not one's own; the writer asks for version 1. */
const beforeCreate: Hooks['beforeCreate'] = async (ctx) => {
  refuseOwn(ctx.user.user_id, [ctx.row.person], 'issue');
  checkFields(ctx.row);
  ctx.row.requested_by = ctx.user.user_id;
  ctx.row.auth_version = 1;
};

/** beforeUpdate (a draft or a rejected version: approved ones are locked, crud/lifecycle.ts). */
const beforeUpdate: Hooks['beforeUpdate'] = async (ctx) => {
  refuseOwn(ctx.user.user_id, [ctx.before?.person, ctx.row.person], 'change');
  checkFields({ ...ctx.before, ...ctx.row });
  ctx.row.requested_by = ctx.user.user_id;
};

const beforeDelete: Hooks['beforeDelete'] = async (ctx) => {
  refuseOwn(ctx.user.user_id, [ctx.row.person], 'delete');
};

/** An aircraft-type line written on its own (the parent's lifecycle already holds an approved one). */
const lineWrite = async (ctx: { db: DB; user: { user_id: number }; row: { authorisation?: unknown }; before?: { authorisation?: unknown } }): Promise<void> => {
  const parent = await lockedAuthorisation(ctx.db, ctx.row.authorisation ?? ctx.before?.authorisation);
  if (!parent) return;
  refuseOwn(ctx.user.user_id, [parent.person], 'change');
  await ctx.db.updateTable('staff_authorisation').set({ requested_by: ctx.user.user_id }).where('auth_id', '=', parent.auth_id).execute();
};

/** beforeSend: the person named never sends their own. */
const beforeSend: Hooks['beforeSend'] = async (ctx) => {
  refuseOwn(ctx.user.user_id, [ctx.row.person], 'send');
};

/** workflowFinished: the approver is neither the person named, nor who asked for the version, nor who sent it. */
const onFinished: Hooks['workflowFinished'] = async (ctx) => {
  const row = await lockedAuthorisation(ctx.db, ctx.row.key);
  if (!row) return;
  if (ctx.workflow?.status !== STATUS.APPROVED) return;
  const task = ctx.workflow.taskkey ? await ctx.db.selectFrom('wf_task').select('createdby').where('taskkey', '=', ctx.workflow.taskkey).executeTakeFirst() : undefined;
  const me = ctx.user.user_id;
  refuseOwn(me, [row.person], 'approve');
  if (num(row.requested_by) === me || num(task?.createdby) === me) {
    throw appError('ERR_OWN_WORK', { message: `You asked for version ${String(row.auth_version)} of ${String(row.auth_no)}: another quality manager approves it.` });
  }
  if (!ctx.repo || !ctx.reg) throw new Error('workflowFinished of an authorisation without the repository');
  await ctx.repo.patch(ctx.db, ctx.user, 'staff_authorisation', Number(row.auth_id), { approved_version: row.auth_version, approved_by: me, approved_at: new Date().toISOString(), change_reason: null }, { reason: `version ${String(row.auth_version)} approved`, before: { ...row, statuswf: STATUS.APPROVED } });
  await sealRecord(ctx.db, ctx.reg, ctx.user, 'staff_authorisation', row.auth_id, 'approved');
};

/** Action revise_staff_authorisation: an approved authorisation back to draft as the next version, for the reason typed. */
export async function reviseAuthorisation(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'staff_authorisation', key, name: 'revise' }, async (tx, row) => {
    refuseOwn(ctx.user.user_id, [row.person], 'revise');
    if (row.statuswf !== STATUS.APPROVED) throw appError('ERR_CONFLICT', { message: `${row.auth_no} is not approved: change it and send it for approval.` });
    const reason = typeof row.change_reason === 'string' ? row.change_reason.trim() : '';
    if (!reason) throw appError('ERR_VALIDATION', { errors: [{ path: '/change_reason', message: 'give the reason of the change before Revise' }] });
    const version = (row.auth_version ?? 1) + 1;
    await ctx.repo.patch(tx, ctx.user, 'staff_authorisation', row.auth_id, { statuswf: STATUS.DRAFT, auth_version: version, requested_by: ctx.user.user_id }, { reason: `revised to version ${version}: ${reason}`, before: row });
    return { success: 1, message: `${row.auth_no} is version ${version}, a draft: it is not in effect until the quality manager approves it.`, auth_version: version };
  });
}

export const authorisationHooks = {
  staff_authorisation: defineHooks('staff_authorisation', { beforeCreate, beforeUpdate, beforeDelete, beforeSend, workflowFinished: onFinished }),
  staff_authorisation_type: defineHooks('staff_authorisation_type', { beforeCreate: lineWrite, beforeUpdate: lineWrite, beforeDelete: lineWrite }),
};
