/**
 * Revisions of an aircraft type's maintenance programme (issue 38 point 2, decision 0380).
 *
 * The type's inspections (aircraft_type_inspection, active) stay the programme the due computation
 * reads. A revision is a document whose lines are copies of those tasks:
 * - drafting (hooks on programme_revision): the next revision number of the type, the revision it
 *   is drafted from (the active one), and, when the draft is made without tasks, a copy of every
 *   active task of the type;
 * - it is changed as a draft (lines added, changed, removed; an MPD task list imports into its
 *   tasks list with the bulk import's preview), approved through the workflow
 *   (PROGRAMME-REVISION), then
 * - Activate (letter O, one transaction) writes its tasks into the type's inspections: a changed
 *   task is patched, an added one created (or a deleted one made active again), one the revision no
 *   longer has made inactive (never deleted: its records keep pointing at it); each written task
 *   records the revision. Only the aircraft a written task applies to (before or after) are
 *   computed again; the count of due items that moved is stored on the revision. The revision active
 *   until then is superseded and kept, read only (its lines are frozen by the lifecycle).
 * - Once a type has an active revision its inspections are changed only by revisions (409 on a
 *   direct create, update or delete).
 */
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { DB } from '../../engine/src/db/database.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { affectedAircraft, changedDueItems, taskChanges, type TaskChanges } from './rules/programme.ts';
import { refreshDue } from './schedule.ts';

type Row = Record<string, unknown>;

const REVISION = 'programme_revision';
const TASK = 'programme_revision_task';
const INSPECTION = 'aircraft_type_inspection';

/** The programme fields of a task: those of a revision's line, which the type inspection has too. */
export function taskFields(reg: Registry): string[] {
  return reg
    .entity(TASK)
    .fields.map((f) => f.name)
    .filter((n) => n !== REVISION);
}

/** What the plugin relies on in metadata: every field of a revision's task is a field of the type inspection. */
export function checkProgrammeFields(reg: Registry): string[] {
  if (!reg.entities.has(TASK) || !reg.entities.has(INSPECTION)) return [];
  const inspection = new Set(reg.entity(INSPECTION).fields.map((f) => f.name));
  return taskFields(reg)
    .filter((n) => !inspection.has(n))
    .map((n) => `airworthiness: ${TASK}.${n} has no field of the same name on ${INSPECTION} (a revision's task is a copy of a type inspection)`);
}

const pick = (row: Row, fields: readonly string[]): Row => Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));

async function activeRevision(tx: DB, typeId: number, compcode: string, lock = false): Promise<Row | undefined> {
  let q = tx.selectFrom(REVISION).selectAll().where('aircraft_type', '=', typeId).where('compcode', '=', compcode).where('rev_status', '=', 'ACTIVE');
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst());
}

/** Hook beforeCreate of a revision: its number within the type, its name and the revision it is drafted from. */
export async function numberRevision(ctx: HookContext): Promise<void> {
  const typeId = Number(ctx.row.aircraft_type);
  const type = (await ctx.db.selectFrom('aircraft_type').select(['type_name']).where('aircraft_type_id', '=', typeId).executeTakeFirst());
  if (!type) return; // the reference check names the field
  const compcode = ctx.user.compcode;
  const last = await ctx.db.selectFrom(REVISION).select((eb) => eb.fn.max('revision_no').as('n')).where('aircraft_type', '=', typeId).where('compcode', '=', compcode).executeTakeFirst();
  const no = Number(last?.n ?? 0) + 1;
  const active = await activeRevision(ctx.db, typeId, compcode);
  ctx.row.revision_no = no;
  ctx.row.revision_name = `${String(type.type_name)} revision ${no}`.slice(0, 100);
  ctx.row.based_on = active ? Number(active.id) : null;
  ctx.row.rev_status = 'DRAFT';
}

/** Hook afterCreate of a revision made without tasks: a copy of every active task of the type (the programme as it is). */
export async function copyProgramme(ctx: HookContext): Promise<void> {
  if (!ctx.reg || !ctx.repo) throw new Error('programme revision: afterCreate without the repository');
  const id = Number(ctx.row.id);
  const given = await ctx.db.selectFrom(TASK).select('id').where(REVISION, '=', id).limit(1).executeTakeFirst();
  if (given) return;
  const fields = taskFields(ctx.reg);
  const tasks = (await ctx.db
    .selectFrom(INSPECTION)
    .selectAll()
    .where('aircraft_type', '=', Number(ctx.row.aircraft_type))
    .where('compcode', '=', String(ctx.row.compcode))
    .where('active', '=', true)
    .orderBy('task_code')
    .execute());
  const rows = tasks.map((t) => ({ ...pick(t, fields), [REVISION]: id, compcode: String(ctx.row.compcode), created_by: ctx.user.username }));
  for (let i = 0; i < rows.length; i += 200) await ctx.db.insertInto(TASK).values(rows.slice(i, i + 200) as never).execute();
  await ctx.repo.audit(ctx.db, ctx.user, ctx.reg.entity(REVISION), id, 'action', { action: 'draft from the programme', tasks: rows.length });
}

/** Hooks of a type inspection: once its type has an active revision, the programme changes only by revisions. */
async function guardRevised(ctx: HookContext): Promise<void> {
  const typeId = ctx.row.aircraft_type ?? ctx.before?.aircraft_type;
  const compcode = String(ctx.before?.compcode ?? ctx.row.compcode ?? ctx.user.compcode);
  const types = [...new Set([typeId, ctx.before?.aircraft_type].filter((t) => t !== null && t !== undefined).map(Number))];
  for (const t of types) {
    const active = await activeRevision(ctx.db, t, compcode);
    if (active) {
      throw appError('ERR_CONFLICT', {
        message: `The programme of this aircraft type is kept by programme revisions (${String(active.revision_name)} is active): draft a new revision to change its tasks.`,
      });
    }
  }
}

export const guardInspection = { beforeCreate: guardRevised, beforeUpdate: guardRevised, beforeDelete: guardRevised };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Action activate_programme_revision (O): the approved revision becomes the type's programme (see
 * the file's comment). Refused (409, nothing written) when it is not approved, already active or
 * superseded, or drafted from a revision that is no longer the active one.
 */
export async function activateRevision(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: REVISION, key, name: 'activate' }, async (tx, rev) => {
    const name = String(rev.revision_name);
    if (rev.rev_status !== 'DRAFT') {
      throw appError('ERR_CONFLICT', { message: `${name} is ${rev.rev_status === 'ACTIVE' ? 'already active' : 'superseded'}: it can be activated only once.` });
    }
    if (rev.statuswf !== '111') {
      throw appError('ERR_CONFLICT', { message: `${name} is not approved: send it to the workflow and have it approved before activating it.` });
    }
    const typeId = rev.aircraft_type;
    const compcode = rev.compcode;
    // the type first: two activations of one type queue here, and the second sees the first's result
    await tx.selectFrom('aircraft_type').select('aircraft_type_id').where('aircraft_type_id', '=', typeId).forUpdate().execute();
    const current = await activeRevision(tx, typeId, compcode, true);
    if ((current ? Number(current.id) : null) !== (rev.based_on === null || rev.based_on === undefined ? null : rev.based_on)) {
      throw appError('ERR_CONFLICT', {
        message: `${name} was drafted from ${rev.based_on ? 'another revision' : 'the programme before its first revision'}, but ${current ? String(current.revision_name) : 'no revision'} is active now: draft a new revision from the active one.`,
      });
    }
    const fields = taskFields(ctx.reg);
    const inspections = (await tx.selectFrom(INSPECTION).selectAll().where('aircraft_type', '=', typeId).where('compcode', '=', compcode).orderBy('type_inspection_id').forUpdate().execute());
    const tasks = (await tx.selectFrom(TASK).selectAll().where(REVISION, '=', rev.id).orderBy('task_code').execute()) as Row[];
    const active = inspections.filter((i) => i.active);
    const changes = taskChanges(active, tasks, fields);
    const byCode = new Map(inspections.map((i) => [String(i.task_code).trim().toUpperCase(), i]));
    const by = { ...ctx.user, compcode };
    const reason = `activated ${name}`;
    const revId = rev.id;
    const e = ctx.reg.entity(INSPECTION);

    // the revision active until now is superseded first: the programme is then being revised
    // (the guard on the type's inspections lets this activation write them)
    if (current) await ctx.repo.patch(tx, by, REVISION, Number(current.id), { rev_status: 'SUPERSEDED', superseded_by: revId }, { reason, before: current });

    for (const t of changes.added) {
      const old = byCode.get(String(t.task_code).trim().toUpperCase());
      if (old) {
        // a task deleted by an earlier revision comes back: the same inspection, active again
        await ctx.repo.patch(tx, by, INSPECTION, Number(old.type_inspection_id), { ...pick(t, fields), task_code: old.task_code, active: true, revision: revId }, { reason, before: old });
      } else {
        const id = await ctx.repo.insertRow(tx, { user: by }, e, { ...pick(t, fields), aircraft_type: typeId, active: true });
        // the revision is server-set (readOnly): insertRow writes only what users may type
        await tx.updateTable(INSPECTION).set({ revision: revId } as never).where('type_inspection_id', '=', Number(id)).execute();
        const row = await tx.selectFrom(INSPECTION).selectAll().where('type_inspection_id', '=', Number(id)).executeTakeFirstOrThrow();
        await ctx.repo.audit(tx, by, e, Number(id), 'insert', { after: row, reason });
      }
    }
    for (const c of changes.changed) {
      const values = { ...pick(c.after, c.fields), revision: revId };
      await ctx.repo.patch(tx, by, INSPECTION, Number(c.before.type_inspection_id), values, { reason, before: c.before });
    }
    for (const t of changes.deleted) {
      await ctx.repo.patch(tx, by, INSPECTION, Number(t.type_inspection_id), { active: false, revision: revId }, { reason, before: t });
    }

    // the tasks the revision keeps as they were, written before the type's first revision: from now
    // on their interval comes from this one
    const written = new Set([...changes.changed.map((c) => c.task_code), ...changes.deleted.map((t) => String(t.task_code).trim().toUpperCase())]);
    const adopted = active.filter((i) => (i.revision === null || i.revision === undefined) && !written.has(String(i.task_code).trim().toUpperCase()));
    for (const i of adopted) await ctx.repo.patch(tx, by, INSPECTION, Number(i.type_inspection_id), { revision: revId }, { reason, before: i });

    const recomputed = { ...changes, changed: [...changes.changed, ...adopted.map((i) => ({ task_code: String(i.task_code), before: i, after: i, fields: [] }))] };
    const { aircraft, items } = await recompute(tx, typeId, compcode, recomputed, ctx.user.username);
    const now = new Date().toISOString();
    await ctx.repo.patch(tx, by, REVISION, revId, { rev_status: 'ACTIVE', activated_at: now, activated_by: ctx.user.username, aircraft_recomputed: aircraft, items_changed: items }, { reason, before: rev });

    const counts = `${plural(changes.added.length, 'task')} added, ${changes.changed.length} changed, ${changes.deleted.length} deleted`;
    return {
      success: 1,
      added: changes.added.length,
      changed: changes.changed.length,
      deleted: changes.deleted.length,
      aircraft,
      items_changed: items,
      message: `${name} is active: ${counts}; the due items of ${plural(aircraft, 'aircraft', 'aircraft')} computed again, ${plural(items, 'due item')} changed.`,
    };
  });
}

/**
 * Computes again the due items of the aircraft of the type a changed task applies to (before or
 * after the change), each compared with its stored rows before: how many aircraft, how many items moved.
 */
async function recompute(tx: DB, typeId: number, compcode: string, changes: TaskChanges<Row>, by: string): Promise<{ aircraft: number; items: number }> {
  const fleet = await tx.selectFrom('aircraft').select(['aircraft_id', 'msn', 'registration']).where('aircraft_type', '=', typeId).where('compcode', '=', compcode).orderBy('aircraft_id').execute();
  const affected = affectedAircraft(changes, fleet.map((a) => ({ id: Number(a.aircraft_id), msn: a.msn, registration: a.registration })));
  let items = 0;
  for (const ac of affected) {
    const before = (await tx.selectFrom('due_schedule').selectAll().where('aircraft', '=', ac.id).execute());
    await refreshDue(tx, ac.id, by);
    const after = (await tx.selectFrom('due_schedule').selectAll().where('aircraft', '=', ac.id).execute());
    items += changedDueItems(before, after);
  }
  return { aircraft: affected.length, items };
}
