/**
 * Compliance: accomplishments recorded in bulk (fleet-due-update: a maintenance record with a line
 * per item) and the tasks of a work order closed as done. Posting applies the programme's rules
 * to each item (rules/due.ts): the planned due is the one the due list holds; within tolerance
 * the next due counts from it, otherwise from the accomplishment (or not, above the upper
 * tolerance, when the item says so); repetitive ADs and SBs are re-armed, terminating actions
 * close them; then the aircraft's due is computed again.
 */
import type { DB } from '../../engine/src/db/database.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext } from '../../engine/src/plugins/host.ts';
import { formatDuration } from '../../engine/src/values/duration.ts';
import { isoDate, todayUtc } from './rules/dates.ts';
import { NO_DUE, NO_TOLERANCE, nextDueAfter, toleranceOf, type CalendarRule, type Due, type Interval, type Point } from './rules/due.ts';
import { refreshDue } from './schedule.ts';
import { lockAircraft, onePart, totalsAt, usageSince, type AircraftState, type PartState } from './store.ts';
import { addUsage, type PartTimes } from './rules/component-times.ts';
import type { Counter } from './rules/usage.ts';

/** A part's times when the aircraft's totals were `at` (an accomplishment): today's less the usage since. */
async function partTimesAtPoint(tx: DB, ac: AircraftState, p: PartState, at: Record<Counter, number | null>, date: string): Promise<PartTimes> {
  const since = await usageSince(tx, ac, p, at, date);
  return addUsage(p.times, since.whole, since.lifeMilli, -1);
}

type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

interface FieldError {
  path: string;
  message: string;
}

/**
 * The due an accomplishment answers: the one the due list holds, or, under an approved one-time
 * variation, the programme's due before it (the variation never moves the schedule: decision
 * 0164), with the variation and the extended due.
 */
interface Planned {
  due: Due | null;
  variation: number | null;
  extended: Due | null;
}

async function plannedDue(tx: DB, key: string): Promise<Planned> {
  const s = await tx
    .selectFrom('due_schedule')
    .select(['due_h', 'due_c', 'due_l', 'due_r', 'due_date', 'variation', 'prog_due_h', 'prog_due_c', 'prog_due_date'])
    .where('due_key', '=', key)
    .executeTakeFirst();
  if (!s) return { due: null, variation: null, extended: null };
  const due: Due = { h: num(s.due_h), c: num(s.due_c), l: num(s.due_l), r: num(s.due_r), date: str(s.due_date) };
  if (s.variation === null || s.variation === undefined) return { due, variation: null, extended: null };
  return { due: { ...due, h: num(s.prog_due_h), c: num(s.prog_due_c), date: str(s.prog_due_date) }, variation: Number(s.variation), extended: due };
}

/**
 * Done under a variation, within its extended due: the next due still counts from the programme's
 * due (as if "adjust above upper tolerance" were not ticked); done beyond the extension, the item's
 * own rule applies.
 */
function adjustUnder(p: Planned, actual: Point, itemRule: boolean): boolean {
  if (p.variation === null || !p.extended) return itemRule;
  const e = p.extended;
  const within = (e.h === null || actual.h === null || actual.h === undefined || actual.h <= e.h) && (e.c === null || actual.c === null || actual.c === undefined || actual.c <= e.c) && (e.date === null || !actual.date || actual.date <= e.date);
  return within ? false : itemRule;
}

/** The variation an accomplishment used is consumed: it extends no later due (decision 0164). */
async function consumeVariation(ctx: ActionContext, tx: DB, p: Planned, recordId: number, date: string): Promise<void> {
  if (p.variation === null) return;
  const v = (await tx.selectFrom('due_variation').selectAll().where('variation_id', '=', p.variation).forUpdate().executeTakeFirst());
  if (!v || v.var_status !== 'APPROVED') return;
  await ctx.repo.patch(tx, ctx.user, 'due_variation', p.variation, { var_status: 'CONSUMED', consumed_record: recordId, consumed_date: date }, { reason: 'used by an accomplishment', before: v });
}

const recordOf = (line: Row) => Number(line.maintenance_record);
const baseColumns = (b: Point): Row => ({ base_h: b.h ?? null, base_c: b.c ?? null, base_l: b.l ?? null, base_r: b.r ?? null, base_date: b.date ?? null });
const nextColumns = (d: Due | null): Row => ({ next_due_h: d?.h ?? null, next_due_c: d?.c ?? null, next_due_date: d?.date ?? null });
const plannedColumns = (p: Due | null): Row => ({ planned_due_fh: p?.h ?? null, planned_due_fc: p?.c ?? null, planned_due_date: p?.date ?? null });

/**
 * Posts the lines of a maintenance record (its header already validated) and the record itself.
 * Used by fleet-due-update and by the work order's Record Compliance.
 */
async function postRecord(ctx: ActionContext, tx: DB, rec: Row, lines: Row[]): Promise<{ items: number; summary: string[] }> {
  const ac = await lockAircraft(tx, rec.aircraft, ctx.user.compcode);
  const date = isoDate(String(rec.done_date));
  const errors: FieldError[] = [];
  if (date > (ctx.asOf ?? todayUtc())) errors.push({ path: '/done_date', message: 'An accomplishment in the future cannot be posted' });
  if (ac.counters.FH !== null && Number(rec.ac_fh) > ac.counters.FH) errors.push({ path: '/ac_fh', message: `Above the aircraft's current total (${formatDuration(ac.counters.FH)})` });
  if (ac.counters.FC !== null && Number(rec.ac_fc) > ac.counters.FC) errors.push({ path: '/ac_fc', message: `Above the aircraft's current total (${ac.counters.FC})` });
  if (lines.length === 0) errors.push({ path: '/lines', message: 'Add the items accomplished' });
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
  const at = await totalsAt(tx, ac, date);
  const acPoint: Point = { h: Number(rec.ac_fh), c: Number(rec.ac_fc), l: num(rec.ac_landings) ?? at.LDG, r: at.RIN, date };
  const apuPoint: Point = { h: at.APUH, c: at.APUS, date };
  const recTotals: Record<Counter, number | null> = { ...at, FH: Number(rec.ac_fh), FC: Number(rec.ac_fc), LDG: acPoint.l ?? null };
  const summary: string[] = [];
  for (const [i, line] of lines.entries()) {
    const at_ = (f: string) => `/lines/${i}/${f}`;
    const lineKey = Number(line.record_line_id);
    switch (String(line.item_kind)) {
      case 'INSPECTION':
        summary.push(await inspectionLine(ctx, tx, ac, line, lineKey, acPoint, apuPoint, at_));
        break;
      case 'COMPONENT':
        summary.push(await componentLine(ctx, tx, ac, line, lineKey, date, recTotals, at_));
        break;
      case 'AD':
      case 'SB':
        summary.push(await directiveLine(ctx, tx, ac, rec, line, lineKey, acPoint, apuPoint, at_));
        break;
      default:
        throw appError('ERR_VALIDATION', { errors: [{ path: at_('item_kind'), message: 'Unknown item' }] });
    }
  }
  await ctx.repo.patch(tx, ctx.user, 'maintenance_record', Number(rec.record_id), { posted: 1 }, { reason: 'post' });
  await refreshDue(tx, ac.id, ctx.user.username);
  await ctx.plugins.run('afterPost', 'maintenance_record', { db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, row: { ...rec, posted: 1 } });
  return { items: lines.length, summary };
}

async function inspectionLine(ctx: ActionContext, tx: DB, ac: AircraftState, line: Row, key: number, acPoint: Point, apuPoint: Point, at: (f: string) => string): Promise<string> {
  const insp = line.type_inspection ? ((await tx.selectFrom('aircraft_type_inspection').selectAll().where('type_inspection_id', '=', Number(line.type_inspection)).executeTakeFirst())) : undefined;
  if (!insp || Number(insp.aircraft_type) !== ac.typeId || insp.compcode !== ac.compcode) throw appError('ERR_VALIDATION', { errors: [{ path: at('type_inspection'), message: `Choose an inspection of the ${ac.type.name} programme` }] });
  const iv: Interval = { h: num(insp.interval_fh), c: num(insp.interval_fc), l: num(insp.interval_landings), days: num(insp.interval_days), months: num(insp.interval_months) };
  const tol = toleranceOf(iv, { pc: num(insp.tolerance_pc), h: num(insp.tolerance_fh), c: num(insp.tolerance_fc), days: num(insp.tolerance_days) }, Boolean(insp.is_ali));
  const p = await plannedDue(tx, `I${ac.id}-${String(insp.type_inspection_id)}`);
  const planned = p.due;
  const actual = insp.measured_in === 'APU' ? apuPoint : acPoint;
  const { due, reset } = nextDueAfter(planned, actual, iv, tol, (insp.calendar_rule as CalendarRule) ?? 'DAY', { adjustAboveTolerance: adjustUnder(p, actual, insp.adjust_above_tolerance !== false) });
  await ctx.repo.patch(
    tx,
    ctx.user,
    'maintenance_record_line',
    key,
    { ...plannedColumns(planned), reset_basis: reset.basis, ...baseColumns(reset.base), ...nextColumns(insp.repetitive === false ? null : due), overrun: reset.overrun, variation: p.variation },
    { reason: 'post' },
  );
  await consumeVariation(ctx, tx, p, recordOf(line), String(actual.date));
  return `${String(insp.task_code)}: next due ${describe(insp.repetitive === false ? NO_DUE : due)}${reset.basis === 'PLANNED' ? ' (from the planned due, within tolerance)' : ''}`;
}

async function componentLine(ctx: ActionContext, tx: DB, ac: AircraftState, line: Row, key: number, date: string, acTotals: Record<Counter, number | null>, at: (f: string) => string): Promise<string> {
  if (!line.component) throw appError('ERR_VALIDATION', { errors: [{ path: at('component'), message: 'Choose the component' }] });
  const p = await onePart(tx, line.component, ac.compcode);
  if (p.aircraft !== ac.id) throw appError('ERR_VALIDATION', { errors: [{ path: at('component'), message: `S/N ${p.serial} is not installed on ${ac.registration}` }] });
  const limit = line.component_limit ? ((await tx.selectFrom('aircraft_type_component_limit').selectAll().where('id', '=', Number(line.component_limit)).executeTakeFirst())) : undefined;
  if (!limit || Number(limit.type_component) !== p.typeComponent) throw appError('ERR_VALIDATION', { errors: [{ path: at('component_limit'), message: `Choose a limit of P/N ${p.partnumber}` }] });
  const kind = await tx.selectFrom('component_inspection_kind').select(['resets_tso', 'name']).where('id', '=', Number(limit.inspection_kind)).executeTakeFirst();
  const times = await partTimesAtPoint(tx, ac, p, acTotals, date);
  const actual: Point = { h: times.tsn, c: times.csn, l: times.lsn, r: times.rsn, date };
  const iv: Interval = { h: num(limit.limit_fh), c: num(limit.limit_fc), days: num(limit.limit_days), months: num(limit.limit_months) };
  const tol = toleranceOf(iv, { pc: num(limit.tolerance_pc), h: num(limit.tolerance_fh), c: num(limit.tolerance_fc), days: num(limit.tolerance_days) });
  const pl = await plannedDue(tx, `C${p.id}-${String(limit.id)}`);
  const planned = pl.due;
  // under a variation the next due counts from the programme's due (the part's counters differ from the aircraft's extended due)
  const { due, reset } = nextDueAfter(planned, actual, iv, tol, (limit.calendar_rule as CalendarRule) ?? 'DAY', { adjustAboveTolerance: pl.variation !== null ? false : limit.adjust_above_tolerance !== false });
  await ctx.repo.patch(
    tx,
    ctx.user,
    'maintenance_record_line',
    key,
    { ...plannedColumns(planned), reset_basis: reset.basis, ...baseColumns(reset.base), ...nextColumns(due), overrun: reset.overrun, part_tsn: times.tsn, part_csn: times.csn, variation: pl.variation },
    { reason: 'post' },
  );
  await consumeVariation(ctx, tx, pl, recordOf(line), date);
  if (kind?.resets_tso && !p.isLlp) {
    // an overhaul on the aircraft: time since overhaul counts from the accomplishment
    await ctx.repo.patch(
      tx,
      ctx.user,
      'fleet_component',
      p.id,
      { tso: p.times.tsn !== null && times.tsn !== null ? p.times.tsn - times.tsn : 0, cso: p.times.csn !== null && times.csn !== null ? p.times.csn - times.csn : 0, last_overhaul_date: date },
      { reason: 'overhaul accomplished', before: p.row },
    );
  }
  return `${p.partnumber} S/N ${p.serial} ${String(kind?.name ?? '')}: next due ${describe(due)} (part times)`;
}

async function directiveLine(ctx: ActionContext, tx: DB, ac: AircraftState, rec: Row, line: Row, key: number, acPoint: Point, apuPoint: Point, at: (f: string) => string): Promise<string> {
  const isAd = line.item_kind === 'AD';
  const ref = isAd ? line.type_ad : line.type_sb;
  const doc = ref
    ? ((await tx
        .selectFrom(isAd ? 'aircraft_type_ad' : 'aircraft_type_sb')
        .selectAll()
        .where(isAd ? 'type_ad_id' : 'type_sb_id', '=', Number(ref))
        .executeTakeFirst()))
    : undefined;
  if (!doc || Number(doc.aircraft_type) !== ac.typeId || doc.compcode !== ac.compcode) {
    throw appError('ERR_VALIDATION', { errors: [{ path: at(isAd ? 'type_ad' : 'type_sb'), message: `Choose ${isAd ? 'an AD' : 'an SB'} of the ${ac.type.name} type` }] });
  }
  const entity = isAd ? 'aircraft_ad_status' : 'aircraft_sb_status';
  const keyCol = isAd ? 'ad_status_id' : 'sb_status_id';
  const refCol = isAd ? 'type_ad' : 'type_sb';
  const statusCol = isAd ? 'ad_status' : 'sb_status';
  const candidates = (await tx
    .selectFrom(entity)
    .selectAll()
    .where('aircraft', '=', ac.id)
    .where(refCol, '=', Number(ref))
    .orderBy(keyCol)
    .forUpdate()
    .execute());
  let status =
    candidates.find((c) => line.component && Number(c.component) === Number(line.component)) ??
    candidates.find((c) => !line.component && (c.component === null || c.component === undefined)) ??
    (candidates.length === 1 && !line.component ? candidates[0] : undefined);
  if (!status) {
    const e = ctx.reg.entity(entity);
    const id = await ctx.repo.insertRow(tx, { user: ctx.user }, e, { aircraft: ac.id, [refCol]: Number(ref), component: line.component ?? null, [statusCol]: 'OPEN' });
    status = (await tx.selectFrom(entity).selectAll().where(keyCol, '=', Number(id)).executeTakeFirstOrThrow());
    await ctx.repo.audit(tx, ctx.user, e, Number(id), 'insert', { after: status, reason: 'compliance posted' });
  }
  const statusId = Number(status[keyCol]);
  const apu = isAd && doc.measured_in === 'APU';
  const actual = apu ? apuPoint : acPoint;
  const pl = await plannedDue(tx, `${isAd ? 'A' : 'S'}${statusId}`);
  const planned = pl.due;
  const recurring = Boolean(doc.is_recurring);
  const iv: Interval = { h: num(doc.interval_fh), c: num(doc.interval_fc), days: num(doc.interval_days) };
  let next: Due | null = null;
  let newStatus: string;
  let reset = { basis: 'ACTUAL' as const as 'ACTUAL' | 'PLANNED', base: actual as Point, overrun: false };
  if (line.is_terminating) newStatus = 'TERMINATED';
  else if (recurring) {
    const r = nextDueAfter(planned, actual, iv, NO_TOLERANCE, 'DAY', { adjustAboveTolerance: adjustUnder(pl, actual, true) });
    next = r.due;
    reset = r.reset;
    newStatus = 'RECURRING';
  } else newStatus = 'COMPLIED';
  const values: Row = {
    [statusCol]: newStatus,
    last_done_date: actual.date,
    last_done_fh: actual.h ?? null,
    last_done_fc: actual.c ?? null,
    work_order: rec.work_order ?? status.work_order ?? null,
    signed_by: rec.certifying_staff ?? status.signed_by ?? null,
    next_due_date: next?.date ?? null,
    next_due_fh: next?.h ?? null,
    next_due_fc: next?.c ?? null,
    ...(line.remark && !status.method ? { method: line.remark } : {}),
  };
  if (isAd && status.component) {
    const p = await onePart(tx, status.component, ac.compcode);
    if (p.aircraft === ac.id) {
      const t = await partTimesAtPoint(tx, ac, p, { ...(await totalsAt(tx, ac, String(actual.date))), FH: num(rec.ac_fh), FC: num(rec.ac_fc) }, String(actual.date));
      Object.assign(values, { part_tsn: t.tsn, part_csn: t.csn });
    }
  }
  await ctx.repo.patch(tx, ctx.user, entity, statusId, values, { reason: 'compliance posted', before: status });
  await ctx.repo.patch(tx, ctx.user, 'maintenance_record_line', key, { ...plannedColumns(planned), reset_basis: reset.basis, ...baseColumns(reset.base), ...nextColumns(next), overrun: reset.overrun, variation: pl.variation }, { reason: 'post' });
  await consumeVariation(ctx, tx, pl, recordOf(line), String(actual.date));
  return `${String(isAd ? doc.ad_number : doc.sb_number)}: ${newStatus === 'RECURRING' ? `re-armed, next due ${describe(next as Due)}` : newStatus === 'TERMINATED' ? 'terminated' : 'complied'}`;
}

function describe(d: Due): string {
  const parts: string[] = [];
  if (d.h !== null) parts.push(`${formatDuration(d.h)} FH`);
  if (d.c !== null) parts.push(`${d.c} FC`);
  if (d.l !== null) parts.push(`${d.l} landings`);
  if (d.date) parts.push(d.date);
  return parts.length ? parts.join(' / ') : 'none';
}

/** Action post_maintenance_record (letter P): a fleet due update. */
export async function postMaintenanceRecord(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'maintenance_record', key, name: 'post' }, async (tx, rec) => {
    if (rec.posted === 1) throw appError('ERR_CONFLICT', { message: `Maintenance record ${String(rec.record_no)} is already posted.` });
    const lines = (rec.lines as Row[] | undefined) ?? [];
    const r = await postRecord(ctx, tx, rec, lines);
    return { success: 1, message: `Maintenance record ${String(rec.record_no)} posted: ${r.items} item(s). ${r.summary.join('; ')}`, items: r.summary };
  });
}

/**
 * The compliance of a work order's signed task cards, inside the release's transaction (the
 * maintenance plugin's issue_crs): the cards become a posted maintenance record per day of
 * accomplishment (the same rules as a fleet due update: tolerance, thresholds, recurring ADs
 * re-armed); defects rectified by a card are marked rectified. `wo` carries the CRS fields
 * already set (crs_no, crs_signed_by), which the records and defects reference.
 */
export async function postTaskCompliance(ctx: ActionContext, tx: DB, wo: Row, allTasks: Row[], done: Row[]): Promise<{ records: string[]; rectified: number }> {
  const open = done.filter((t) => !t.compliance_record && ['INSPECTION', 'COMPONENT', 'AD', 'SB', 'DEFECT'].includes(String(t.task_source)));
  const errors: FieldError[] = [];
  for (const t of open) if (!t.done_date) errors.push({ path: `/tasks/${allTasks.indexOf(t)}/done_date`, message: 'A done task needs its done date' });
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
  const records: string[] = [];
  let rectified = 0;
  if (open.length === 0) return { records, rectified };
  const ac = await lockAircraft(tx, wo.aircraft, ctx.user.compcode);
  const byDate = new Map<string, Row[]>();
  for (const t of open) byDate.set(isoDate(String(t.done_date)), [...(byDate.get(isoDate(String(t.done_date))) ?? []), t]);
  for (const [date, group] of [...byDate].sort()) {
    const lines: Row[] = [];
    const owners: Row[] = [];
    for (const t of group) {
      const i = allTasks.indexOf(t);
      if (t.task_source === 'DEFECT') {
        if (t.defect) {
          const d = (await tx.selectFrom('defect').selectAll().where('defect_id', '=', Number(t.defect)).forUpdate().executeTakeFirst());
          if (d && ['OPEN', 'DEFERRED'].includes(String(d.defect_status))) {
            await ctx.repo.patch(tx, ctx.user, 'defect', Number(d.defect_id), { defect_status: 'RECTIFIED', rectified_date: date, rectified_by: t.done_by ?? null, action_taken: d.action_taken ?? t.description, crs_ref: d.crs_ref ?? wo.crs_no ?? wo.wo_no }, { reason: `rectified in ${String(wo.wo_no)}`, before: d });
            rectified++;
          }
        }
        continue;
      }
      const line: Row = { item_kind: t.task_source, remark: t.description ? String(t.description).slice(0, 500) : null };
      if (t.task_source === 'INSPECTION') line.type_inspection = t.type_inspection;
      if (t.task_source === 'AD') Object.assign(line, { type_ad: t.type_ad, component: t.component ?? null });
      if (t.task_source === 'SB') Object.assign(line, { type_sb: t.type_sb, component: t.component ?? null });
      if (t.task_source === 'COMPONENT') {
        const p = t.component ? await onePart(tx, t.component, ac.compcode) : null;
        const limits = p?.typeComponent ? await tx.selectFrom('aircraft_type_component_limit').select(['id', 'task_code']).where('type_component', '=', p.typeComponent).where('active', '=', true).execute() : [];
        const hit = limits.find((l) => l.task_code && t.task_code && String(l.task_code) === String(t.task_code)) ?? (limits.length === 1 ? limits[0] : undefined);
        if (!p || !hit) {
          errors.push({ path: `/tasks/${i}/task_code`, message: 'Give the task code of the component limit done (or the component)' });
          continue;
        }
        Object.assign(line, { component: p.id, component_limit: hit.id });
      }
      lines.push(line);
      owners.push(t);
    }
    if (errors.length) throw appError('ERR_VALIDATION', { errors });
    if (lines.length === 0) continue;
    const totals = await totalsAt(tx, ac, date);
    const e = ctx.reg.entity('maintenance_record');
    const recId = await ctx.repo.insertRow(tx, { user: ctx.user }, e, {
      aircraft: ac.id,
      done_date: date,
      ac_fh: totals.FH,
      ac_fc: totals.FC,
      ac_landings: totals.LDG,
      station: wo.station ?? null,
      work_order: wo.wo_id,
      amo: wo.amo ?? null,
      certifying_staff: wo.crs_signed_by ?? group[0].done_by ?? null,
      crs_ref: wo.crs_no ?? wo.wo_no,
      remark: `Tasks released in ${String(wo.wo_no)}`,
      lines,
    });
    const rec = (await tx.selectFrom('maintenance_record').selectAll().where('record_id', '=', Number(recId)).executeTakeFirstOrThrow());
    const recLines = (await tx.selectFrom('maintenance_record_line').selectAll().where('maintenance_record', '=', Number(recId)).orderBy('record_line_id').execute());
    await ctx.repo.audit(tx, ctx.user, e, Number(recId), 'insert', { after: rec, reason: `compliance of ${String(wo.wo_no)}` });
    // each line names the card whose release posted it (server-set, so written here rather than by
    // the insert), so that a correction's release can mark it superseded (decision 0315)
    // (one versioned write per table: a heavy check posts a couple of thousand lines, issue 42)
    const linked = recLines.flatMap((l, k) => {
      const t = owners[k];
      return t?.wo_task_id !== undefined && t.wo_task_id !== null ? [{ key: Number(l.record_line_id), before: l, values: { work_order_task: Number(t.wo_task_id) } }] : [];
    });
    await ctx.repo.patchMany(tx, ctx.user, 'maintenance_record_line', linked, { reason: `posted from its task card of ${String(wo.wo_no)}` });
    await postRecord(ctx, tx, rec, recLines);
    const taskKeys = owners.map((t) => Number(t.wo_task_id));
    const tasks = (await tx.selectFrom('work_order_task').selectAll().where('wo_task_id', 'in', taskKeys).orderBy('wo_task_id').forUpdate().execute());
    await ctx.repo.patchMany(tx, ctx.user, 'work_order_task', tasks.map((t) => ({ key: Number(t.wo_task_id), before: t, values: { compliance_record: Number(recId) } })), { reason: 'compliance recorded' });
    records.push(String(rec.record_no));
  }
  return { records, rectified };
}
