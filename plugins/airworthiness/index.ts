/**
 * Continuing airworthiness: what metadata cannot express about usage, component times, limits and
 * due dates. The rules are plain functions (rules/, tested by hand-worked cases in
 * rules.test.ts); this plugin applies them when documents post and stores what the due views read.
 *
 * Actions (each one transaction, through documentAction and repo.patch):
 * - post_flight_log (P)          flight-log.ts: aircraft and installed parts' counters advance
 * - post_maintenance_log (P)     flight-log.ts: a maintenance log entry is certified and frozen
 * - post_component_change (P)    component-change.ts: install / remove / shop / scrap
 * - post_maintenance_record (P)  compliance.ts: fleet due update, accomplishments in bulk
 *   (a work order's signed cards write their compliance at its release: plugins/maintenance issue_crs,
 *   through compliance.ts postTaskCompliance)
 * - grant_deferral_extension (O) defects.ts: the one MEL extension, with its approver
 * - fill_ad_review_aircraft, fill_sb_review_aircraft (U) review.ts: a line per aircraft of the type
 * - activate_programme_revision (O) programme-revision.ts: an approved revision of a type's
 *   programme becomes its inspections; only the aircraft a changed task applies to are computed again
 * - request_due_variation (C, a due list row), approve_due_variation, cancel_due_variation (O) variation.ts: a one-time variation of one due,
 *   within the programme's limit, applied by the due computation and consumed by the next
 *   accomplishment (compliance.ts)
 *
 * AD / SB reviews (review.ts): their lines are checked on every write and send; their approval
 * (workflowFinished) writes each aircraft's applicability into the fleet AD / SB status, whose
 * rows written by a review are then changed only by another review.
 *
 * Hooks: flight-log times computed and checked, posted logs amended with the difference; MEL due
 * dates computed on deferral; part times and aircraft totals guarded (they move by postings);
 * the due schedule (schedule.ts) re-computed when the programme, a status or an aircraft changes.
 */
import { defineHooks, definePlugin, type EntityHooks, type HookContext, type RowOf, type WrittenValues } from '../../engine/src/plugins/host.ts';
import { appError } from '../../engine/src/errors.ts';
import { amendFlightLog, checkFlightLog, postFlightLog, postMaintenanceLog } from './flight-log.ts';
import { postComponentChange } from './component-change.ts';
import { postMaintenanceRecord } from './compliance.ts';
import { checkDeferral, grantExtension, previewExtension } from './defects.ts';
import { refreshDue, refreshType } from './schedule.ts';
import { approveVariation, cancelVariation, checkVariation, previewVariation, requestVariation } from './variation.ts';
import { activateRevision, checkProgrammeFields, copyProgramme, guardInspection, numberRevision } from './programme-revision.ts';
import { AD_REVIEW, SB_REVIEW, applyOnApproval, checkReview, checkReviewOnSend, fillAircraft, guardReviewed } from './review.ts';

type Part = RowOf<'fleet_component'>;
type Aircraft = RowOf<'aircraft'>;

const PART_TIMES = ['tsn', 'csn', 'tso', 'cso', 'tsr', 'csr', 'lsn', 'rsn', 'llp_life_used'] as const;
const AIRCRAFT_TOTALS = ['total_fh', 'total_fc', 'total_landings', 'total_rin', 'apu_hours', 'apu_starts'] as const;

const same = (a: unknown, b: unknown) => (a === null || a === undefined ? null : Number(a)) === (b === null || b === undefined ? null : Number(b));

/**
 * A part's times may be typed when it is entered and corrected until something is posted for it;
 * an unknown time may always be given once its records are found. Afterwards they move only by
 * posted flight logs and component changes.
 */
const guardPartTimes: EntityHooks<'fleet_component'>['beforeUpdate'] = async (ctx) => {
  const changed = await lockedTimes(ctx.db, ctx.before as Part, ctx.row);
  if (changed.length) throw appError('ERR_VALIDATION', { errors: changed.map((f) => ({ path: `/${f}`, message: PART_TIMES_LOCKED })) });
};

const PART_TIMES_LOCKED = 'The part has posted history: its times move only by posted flight logs and component changes';

/** The times of a part changed from `before` to `after` that may no longer be typed. */
async function lockedTimes(db: HookContext['db'], before: Part, after: WrittenValues<Part>): Promise<string[]> {
  const changed = PART_TIMES.filter((f) => f in after && !same(after[f], before[f]) && before[f] !== null && before[f] !== undefined);
  if (changed.length === 0) return [];
  const id = before.component_id;
  const posted =
    (await db.selectFrom('usage_ledger').select('ledger_id').where('component', '=', id).limit(1).executeTakeFirst()) ??
    (await db.selectFrom('component_change').select('change_id').where('component', '=', id).where('posted', '=', 1).limit(1).executeTakeFirst());
  return posted ? changed : [];
}

/**
 * The same rule for parts edited as lines of their aircraft (the engine runs a line entity's
 * update hooks only for direct writes of the line): checked after the write, which the error
 * rolls back.
 */
async function guardInstalledParts(ctx: HookContext<Aircraft>): Promise<void> {
  const before = new Map((ctx.before?.components ?? []).map((l) => [l.component_id, l]));
  const after = ctx.row.components ?? [];
  const errors: { path: string; message: string }[] = [];
  for (const [i, line] of after.entries()) {
    const old = before.get(line.component_id);
    if (!old) continue;
    for (const f of await lockedTimes(ctx.db, old, line)) errors.push({ path: `/components/${i}/${f}`, message: PART_TIMES_LOCKED });
  }
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
}

/** An aircraft's totals are its opening values until its first posted flight; then only postings move them. */
const guardAircraftTotals: EntityHooks<'aircraft'>['beforeUpdate'] = async (ctx) => {
  const before = ctx.before as Aircraft;
  const changed = AIRCRAFT_TOTALS.filter((f) => f in ctx.row && !same(ctx.row[f], before[f]));
  if (changed.length === 0) return;
  const posted = await ctx.db.selectFrom('usage_ledger').select('ledger_id').where('aircraft', '=', before.aircraft_id).limit(1).executeTakeFirst();
  if (posted) {
    throw appError('ERR_VALIDATION', {
      errors: changed.map((f) => ({ path: `/${f}`, message: 'Totals move only by posted flight logs (amend a posted log to correct them)' })),
    });
  }
};

/** LLPs start with their life used equal to their cycles (at the reference rating). */
async function newPart(ctx: HookContext): Promise<void> {
  const isLlp = Boolean(ctx.row.is_llp) || ctx.row.component_class === 'LLP';
  if (isLlp && (ctx.row.llp_life_used === null || ctx.row.llp_life_used === undefined) && ctx.row.csn !== null && ctx.row.csn !== undefined) ctx.row.llp_life_used = Number(ctx.row.csn);
  if (isLlp) ctx.row.is_llp = true;
}

const refreshAircraftOf = (field: string) => async (ctx: HookContext) => {
  const id = ctx.row[field] ?? ctx.before?.[field];
  if (id !== null && id !== undefined) await refreshDue(ctx.db, Number(id), ctx.user.username);
};

const refreshTypeOf = async (ctx: HookContext) => {
  const type = ctx.row.aircraft_type ?? ctx.before?.aircraft_type;
  const compcode = String(ctx.row.compcode ?? ctx.before?.compcode ?? ctx.user.compcode);
  if (type !== null && type !== undefined) await refreshType(ctx.db, Number(type), compcode, ctx.user.username);
};

/** A change of what a kind of inspection counts from, or of a type component: every aircraft of the company. */
const refreshTypesOfCompany = async (ctx: HookContext) => {
  const compcode = String(ctx.row.compcode ?? ctx.user.compcode);
  const types = await ctx.db.selectFrom('aircraft_type').select('aircraft_type_id').where('compcode', '=', compcode).execute();
  for (const t of types) await refreshType(ctx.db, Number(t.aircraft_type_id), compcode, ctx.user.username);
};

/** A proration row: the aircraft of the LLP's type. */
const refreshLlpType = async (ctx: HookContext) => {
  const llp = await ctx.db.selectFrom('aircraft_type_llp').select(['aircraft_type', 'compcode']).where('type_llp_id', '=', Number(ctx.row.type_llp ?? ctx.before?.type_llp)).executeTakeFirst();
  if (llp) await refreshType(ctx.db, Number(llp.aircraft_type), String(llp.compcode), ctx.user.username);
};

const onProgramme = { afterCreate: refreshTypeOf, afterUpdate: refreshTypeOf };

/** A factor row applying on flights of an operation names its code (upper case, what flight logs record). */
const checkFactorRow = async (ctx: HookContext) => {
  const merged = { ...ctx.before, ...ctx.row };
  if (merged.applies !== 'OPERATION') return;
  const code = typeof merged.operation_code === 'string' ? merged.operation_code.trim().toUpperCase() : '';
  if (!/^[A-Z0-9_-]{2,20}$/.test(code)) {
    throw appError('ERR_VALIDATION', { errors: [{ path: '/operation_code', message: 'is required when the row applies on flights of an operation: 2 to 20 letters, digits, - or _ (e.g. SHORT_RWY)' }] });
  }
  ctx.row.operation_code = code;
};

export default definePlugin({
  name: 'airworthiness',
  // webhook events of a due item entering due (due soon, or past due within tolerance) or overdue
  // as the date moves on (engine/src/webhooks/watch.ts, decision 0334)
  watches: [{ entity: 'due_item', key: 'due_key', events: ['due', 'overdue'], state: "case when v.due_status = 'OVERDUE' then 'overdue' when v.due_status in ('DUE_SOON', 'TOLERANCE') then 'due' end" }],
  hooks: {
    flight_log: { beforeCreate: checkFlightLog, beforeUpdate: checkFlightLog, afterUpdate: amendFlightLog },
    defect: { beforeCreate: checkDeferral, beforeUpdate: checkDeferral },
    fleet_component: defineHooks('fleet_component', { beforeCreate: newPart, beforeUpdate: guardPartTimes, afterUpdate: refreshAircraftOf('aircraft') }),
    aircraft: defineHooks('aircraft', {
      beforeUpdate: guardAircraftTotals,
      afterCreate: async (ctx) => {
        await refreshDue(ctx.db, ctx.row.aircraft_id, ctx.user.username);
      },
      afterUpdate: async (ctx) => {
        await guardInstalledParts(ctx);
        await refreshAircraftOf('aircraft_id')(ctx);
      },
    }),
    aircraft_type_inspection: { ...onProgramme, ...guardInspection },
    programme_revision: { beforeCreate: numberRevision, afterCreate: copyProgramme },
    aircraft_type_component_limit: onProgramme,
    aircraft_type_llp: onProgramme,
    aircraft_type_ad: onProgramme,
    aircraft_type_sb: onProgramme,
    aircraft_type_component: onProgramme,
    aircraft_type_component_penalty: { ...onProgramme, beforeCreate: checkFactorRow, beforeUpdate: checkFactorRow },
    llp_rating_factor: { afterCreate: refreshLlpType, afterUpdate: refreshLlpType },
    component_inspection_kind: { afterUpdate: refreshTypesOfCompany },
    aircraft_ad_status: { ...guardReviewed(AD_REVIEW), afterCreate: refreshAircraftOf('aircraft'), afterUpdate: refreshAircraftOf('aircraft') },
    aircraft_sb_status: { ...guardReviewed(SB_REVIEW), afterCreate: refreshAircraftOf('aircraft'), afterUpdate: refreshAircraftOf('aircraft') },
    due_variation: { beforeCreate: checkVariation, beforeUpdate: checkVariation },
    ad_review: { afterCreate: checkReview(AD_REVIEW), afterUpdate: checkReview(AD_REVIEW), beforeSend: checkReviewOnSend(AD_REVIEW), workflowFinished: applyOnApproval(AD_REVIEW) },
    sb_review: { afterCreate: checkReview(SB_REVIEW), afterUpdate: checkReview(SB_REVIEW), beforeSend: checkReviewOnSend(SB_REVIEW), workflowFinished: applyOnApproval(SB_REVIEW) },
  },
  actions: {
    post_flight_log: { entity: 'flight_log', handler: postFlightLog, run: (ctx, input) => postFlightLog(ctx, input.key) },
    post_maintenance_log: { entity: 'maintenance_log', handler: postMaintenanceLog, run: (ctx, input) => postMaintenanceLog(ctx, input.key) },
    post_component_change: { entity: 'component_change', handler: postComponentChange, run: (ctx, input) => postComponentChange(ctx, input.key) },
    post_maintenance_record: { entity: 'maintenance_record', handler: postMaintenanceRecord, run: (ctx, input) => postMaintenanceRecord(ctx, input.key) },
    grant_deferral_extension: { entity: 'defect', handler: grantExtension, run: (ctx, input) => grantExtension(ctx, input.key), preview: (ctx, input) => previewExtension(ctx, input.key) },
    request_due_variation: { entity: 'due_item', handler: requestVariation, run: (ctx, input) => requestVariation(ctx, input.key) },
    approve_due_variation: { entity: 'due_variation', handler: approveVariation, run: (ctx, input) => approveVariation(ctx, input.key), preview: (ctx, input) => previewVariation(ctx, input.key) },
    cancel_due_variation: { entity: 'due_variation', handler: cancelVariation, run: (ctx, input) => cancelVariation(ctx, input.key) },
    fill_ad_review_aircraft: { entity: 'ad_review', handler: fillAircraft, run: (ctx, input) => fillAircraft(ctx, AD_REVIEW, input.key) },
    fill_sb_review_aircraft: { entity: 'sb_review', handler: fillAircraft, run: (ctx, input) => fillAircraft(ctx, SB_REVIEW, input.key) },
    activate_programme_revision: { entity: 'programme_revision', document: true, handler: activateRevision, run: (ctx, input) => activateRevision(ctx, input.key) },
  },
  checks: checkProgrammeFields,
});
