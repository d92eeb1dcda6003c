/**
 * AD and SB reviews (decision 0163): an engineering review lists each aircraft of the type with its
 * applicability (applicable, not applicable with the reason, already complied); its approval
 * through the workflow engine writes that into the fleet AD / SB status, one row per aircraft and
 * directive (updated, never duplicated, by a later review), and the due computation (schedule.ts)
 * then creates the due item of an open directive or drops that of a closed one. Nobody types the
 * same applicability twice: the status rows a review wrote are changed by another review, not by
 * hand (their compliance still moves by compliance records, compliance.ts).
 */
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { DB } from '../../engine/src/db/database.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import type { Repository, UserRef } from '../../engine/src/crud/repository.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import { refreshDue } from './schedule.ts';
import { STATUS } from '../../engine/src/workflow/status.ts';

type Row = Record<string, unknown>;

/** What differs between the AD and the SB review. */
export interface ReviewKind {
  review: 'ad_review' | 'sb_review';
  line: 'ad_review_line' | 'sb_review_line';
  /** The review's (and the status row's) reference to the directive. */
  ref: 'type_ad' | 'type_sb';
  directive: 'aircraft_type_ad' | 'aircraft_type_sb';
  directiveKey: 'type_ad_id' | 'type_sb_id';
  number: 'ad_number' | 'sb_number';
  status: 'aircraft_ad_status' | 'aircraft_sb_status';
  statusKey: 'ad_status_id' | 'sb_status_id';
  statusCol: 'ad_status' | 'sb_status';
  label: 'AD' | 'SB';
}

export const AD_REVIEW: ReviewKind = {
  review: 'ad_review',
  line: 'ad_review_line',
  ref: 'type_ad',
  directive: 'aircraft_type_ad',
  directiveKey: 'type_ad_id',
  number: 'ad_number',
  status: 'aircraft_ad_status',
  statusKey: 'ad_status_id',
  statusCol: 'ad_status',
  label: 'AD',
};

export const SB_REVIEW: ReviewKind = {
  review: 'sb_review',
  line: 'sb_review_line',
  ref: 'type_sb',
  directive: 'aircraft_type_sb',
  directiveKey: 'type_sb_id',
  number: 'sb_number',
  status: 'aircraft_sb_status',
  statusKey: 'sb_status_id',
  statusCol: 'sb_status',
  label: 'SB',
};

interface FieldError {
  path: string;
  message: string;
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** The review's lines in the order the form shows them (by key). */
async function linesOf(tx: DB, kind: ReviewKind, reviewId: number): Promise<Row[]> {
  return (await tx.selectFrom(kind.line).selectAll().where(kind.review, '=', reviewId).orderBy('id').execute()) as Row[];
}

async function directiveOf(tx: DB, kind: ReviewKind, review: Row): Promise<Row | undefined> {
  return (await tx.selectFrom(kind.directive).selectAll().where(kind.directiveKey, '=', Number(review[kind.ref])).executeTakeFirst()) as Row | undefined;
}

/**
 * The status a line writes, given the status row already there (null: none yet), or a refusal.
 * Pure, so the mapping is read in one place (decision 0163):
 * - not applicable → NA with the reason;
 * - already complied → COMPLIED (a repetitive directive is re-armed only by a compliance record
 *   with its hours and cycles, so it cannot be "already complied" by a review);
 * - applicable → OPEN where nothing was recorded or it was NA / superseded; a status the aircraft
 *   already reached (open, complied, recurring, terminated) is kept: a review never undoes a
 *   compliance. An SB applicable but "do not incorporate" is NA with that decision as the reason.
 */
function statusFromLine(
  line: { applicability: string; reason?: string | null; complied_date?: string | null },
  current: string | null,
  opts: { recurring: boolean; doNotIncorporate?: boolean },
): { status: string; na_reason: string | null; last_done_date?: string | null } {
  if (line.applicability === 'NOT_APPLICABLE') return { status: 'NA', na_reason: String(line.reason ?? '').trim() };
  if (line.applicability === 'COMPLIED') return { status: 'COMPLIED', na_reason: null, last_done_date: line.complied_date ?? null };
  if (opts.doNotIncorporate) return { status: 'NA', na_reason: 'Decision of the review: do not incorporate' };
  if (current === null || current === 'NA' || current === 'SUPERSEDED') return { status: 'OPEN', na_reason: null };
  return { status: current, na_reason: null };
}

/** Refusals of a review's lines (400, each naming its line's field). */
async function reviewErrors(tx: DB, kind: ReviewKind, review: Row, lines: Row[]): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const doc = await directiveOf(tx, kind, review);
  if (!doc) return errors;
  const type = Number(doc.aircraft_type);
  const ids = [...new Set(lines.map((l) => Number(l.aircraft)).filter((n) => Number.isFinite(n)))];
  const fleet = ids.length
    ? await tx.selectFrom('aircraft').select(['aircraft_id', 'aircraft_type', 'registration']).where('aircraft_id', 'in', ids).where('compcode', '=', String(review.compcode)).execute()
    : [];
  const seen = new Set<number>();
  for (const [i, l] of lines.entries()) {
    const at = (f: string) => `/lines/${i}/${f}`;
    const ac = fleet.find((a) => Number(a.aircraft_id) === Number(l.aircraft));
    if (!ac || Number(ac.aircraft_type) !== type) errors.push({ path: at('aircraft'), message: `Choose an aircraft of the type of ${String(doc[kind.number])}` });
    else if (seen.has(Number(l.aircraft))) errors.push({ path: at('aircraft'), message: `${String(ac.registration)} is listed twice` });
    seen.add(Number(l.aircraft));
    if (l.applicability === 'NOT_APPLICABLE' && blank(l.reason)) errors.push({ path: at('reason'), message: 'is required when the aircraft is not applicable (why: serial number, modification, configuration)' });
    if (l.applicability === 'COMPLIED' && doc.is_recurring) {
      errors.push({ path: at('applicability'), message: `${String(doc[kind.number])} is repetitive: its compliance is posted with the hours and cycles (fleet due update or work order), which re-arms it; mark the aircraft applicable` });
    }
  }
  return errors;
}

/** Hook afterCreate / afterUpdate of a review: its lines are checked as a whole (the error rolls the write back). */
export function checkReview(kind: ReviewKind) {
  return async (ctx: HookContext): Promise<void> => {
    const e = ctx.reg?.entity(kind.review);
    const id = Number(ctx.row[e?.key ?? 'id'] ?? ctx.row.id);
    const review = (await ctx.db.selectFrom(kind.review).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!review) return;
    const errors = await reviewErrors(ctx.db, kind, review, await linesOf(ctx.db, kind, id));
    if (errors.length) throw appError('ERR_VALIDATION', { errors });
  };
}

/** Hook beforeSend: a review with a refused line is not sent. */
export function checkReviewOnSend(kind: ReviewKind) {
  return async (ctx: HookContext): Promise<void> => {
    const errors = await reviewErrors(ctx.db, kind, ctx.row, await linesOf(ctx.db, kind, Number(ctx.row.id)));
    if (errors.length) throw appError('ERR_VALIDATION', { errors });
  };
}

/**
 * Writes an approved review's lines into the fleet status: per aircraft, the status row of the
 * directive on the aircraft itself (no part) is updated, or made when there is none; then the
 * due of each aircraft is computed again. Returns how many rows were made and updated.
 */
async function applyReview(tx: DB, reg: Registry, repo: Repository, user: UserRef, kind: ReviewKind, reviewId: number): Promise<{ created: number; updated: number }> {
  const review = (await tx.selectFrom(kind.review).selectAll().where('id', '=', reviewId).executeTakeFirst()) as Row | undefined;
  if (!review) return { created: 0, updated: 0 };
  const lines = await linesOf(tx, kind, reviewId);
  const errors = await reviewErrors(tx, kind, review, lines);
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
  const doc = (await directiveOf(tx, kind, review)) as Row;
  const e = reg.entity(kind.status);
  const by = { ...user, compcode: String(review.compcode) };
  let created = 0;
  let updated = 0;
  const number = `${kind.label} review of ${String(doc[kind.number])} (${String(review.review_date).slice(0, 10)})`;
  // the aircraft locked in key order first: two reviews of one directive approved at once make one status row, not two
  const aircraftIds = [...new Set(lines.map((l) => Number(l.aircraft)))].sort((x, y) => x - y);
  if (aircraftIds.length) await tx.selectFrom('aircraft').select('aircraft_id').where('aircraft_id', 'in', aircraftIds).orderBy('aircraft_id').forUpdate().execute();
  for (const l of lines) {
    const current = (await tx
      .selectFrom(kind.status)
      .selectAll()
      .where('aircraft', '=', Number(l.aircraft))
      .where(kind.ref, '=', Number(review[kind.ref]))
      .where('component', 'is', null)
      .orderBy(kind.statusKey)
      .forUpdate()
      .executeTakeFirst()) as Row | undefined;
    const to = statusFromLine(
      { applicability: String(l.applicability), reason: l.reason as string | null, complied_date: l.complied_date ? String(l.complied_date).slice(0, 10) : null },
      current ? String(current[kind.statusCol]) : null,
      { recurring: Boolean(doc.is_recurring), doNotIncorporate: kind.label === 'SB' && review.decision === 'NOT_INCORPORATE' },
    );
    const values: Row = { [kind.statusCol]: to.status, na_reason: to.na_reason, [kind.review]: reviewId };
    if (to.status === 'COMPLIED' && to.last_done_date) values.last_done_date = to.last_done_date;
    if (to.status === 'COMPLIED' && !blank(l.reason) && (!current || blank(current.method))) values.method = String(l.reason).slice(0, 2000);
    if (kind.label === 'SB' && to.status === 'OPEN' && review.target_date && (!current || !current.planned_date)) values.planned_date = review.target_date;
    if (kind.label === 'AD' && to.status === 'OPEN' && !current) values.method = review.compliance_method ?? null;
    if (current) {
      await repo.patch(tx, by, kind.status, Number(current[kind.statusKey]), values, { reason: `approved ${number}`, before: current });
      updated++;
    } else {
      const id = await repo.insertRow(tx, { user: by }, e, { aircraft: Number(l.aircraft), [kind.ref]: Number(review[kind.ref]), component: null, ...values });
      // the link to the review is server-set (readOnly): insertRow writes only what users may type
      await tx.updateTable(kind.status).set({ [kind.review]: reviewId } as never).where(kind.statusKey, '=', Number(id)).execute();
      const row = await tx.selectFrom(kind.status).selectAll().where(kind.statusKey, '=', Number(id)).executeTakeFirstOrThrow();
      await repo.audit(tx, by, e, Number(id), 'insert', { after: row, reason: `approved ${number}` });
      created++;
    }
  }
  for (const a of aircraftIds) await refreshDue(tx, a, user.username);
  return { created, updated };
}

/** Hook workflowFinished of a review: its approval writes the fleet status; a rejection writes nothing. */
export function applyOnApproval(kind: ReviewKind) {
  return async (ctx: HookContext): Promise<void> => {
    if (ctx.workflow?.status !== STATUS.APPROVED) return;
    if (!ctx.repo || !ctx.reg) throw new Error(`workflowFinished of a ${kind.review} without the repository`);
    await applyReview(ctx.db, ctx.reg, ctx.repo, ctx.user, kind, Number(ctx.row.key));
  };
}

/**
 * Action fill_<review>_aircraft (U): a line for each aircraft of the directive's type not yet
 * listed (in service or stored, not phased out), applicable by default, so nobody types the fleet.
 */
export async function fillAircraft(ctx: ActionContext, kind: ReviewKind, key: unknown) {
  return documentAction(ctx, { entity: kind.review, key, name: 'fill aircraft of the type' }, async (tx, review) => {
    if (!([STATUS.DRAFT, STATUS.REJECTED] as string[]).includes(String(review.statuswf))) {
      throw appError('ERR_CONFLICT', { message: `This ${kind.label} review is ${review.statuswf === STATUS.APPROVED ? 'approved' : 'on process'}: its aircraft can no longer be changed.` });
    }
    const doc = await directiveOf(tx, kind, review);
    if (!doc) throw appError('ERR_VALIDATION', { errors: [{ path: `/${kind.ref}`, message: 'is required' }] });
    const listed = new Set((await linesOf(tx, kind, Number(review.id))).map((l) => Number(l.aircraft)));
    const fleet = await tx
      .selectFrom('aircraft')
      .select(['aircraft_id', 'registration'])
      .where('aircraft_type', '=', Number(doc.aircraft_type))
      .where('compcode', '=', String(review.compcode))
      .where('status', 'not in', ['PHASEOUT', 'RETIRED', 'TRANSFERRED'])
      .orderBy('registration')
      .execute();
    const line = ctx.reg.entity(kind.line);
    const added: string[] = [];
    for (const a of fleet) {
      if (listed.has(Number(a.aircraft_id))) continue;
      const id = await ctx.repo.insertRow(tx, { user: ctx.user }, line, { [kind.review]: Number(review.id), aircraft: Number(a.aircraft_id), applicability: 'APPLICABLE' });
      await ctx.repo.audit(tx, ctx.user, line, Number(id), 'insert', { after: { aircraft: a.aircraft_id, applicability: 'APPLICABLE' }, reason: 'fill aircraft of the type' });
      added.push(String(a.registration));
    }
    return { success: 1, added: added.length, message: added.length ? `Added ${added.join(', ')}.` : 'Every aircraft of the type is listed already.' };
  });
}

const GUARDED = ['ad_status', 'sb_status', 'na_reason', 'aircraft', 'type_ad', 'type_sb', 'component'];

/**
 * Hooks beforeUpdate / beforeDelete of a fleet status row: what an approved review wrote
 * (applicability, aircraft, directive) is changed by another review, never typed over (409).
 */
export function guardReviewed(kind: ReviewKind) {
  const refusal = () =>
    appError('ERR_CONFLICT', { message: `This ${kind.label} status was written by an approved ${kind.label} review: change its applicability with a new review of the directive, not here.` });
  return {
    beforeUpdate: async (ctx: HookContext): Promise<void> => {
      const before = ctx.before as Row;
      if (before[kind.review] === null || before[kind.review] === undefined) return;
      const changed = GUARDED.filter((f) => f in ctx.row && f in before && String(ctx.row[f] ?? '') !== String(before[f] ?? ''));
      if (changed.length) throw refusal();
    },
    beforeDelete: async (ctx: HookContext): Promise<void> => {
      const before = (ctx.before ?? ctx.row) as Row;
      if (before[kind.review] !== null && before[kind.review] !== undefined) throw refusal();
    },
  };
}
