/**
 * One-time variations of a due item (decision 0164). A planner requests one (the due item, by how
 * much in hours / cycles / days, why); a holder of O on the variations screen (the CAMO, the
 * Technical Director in the demo) approves it within the programme's variation limit (the item's
 * `variation_*` fields, else 10% of the interval); the due computation then extends that one due
 * (schedule.ts `applyVariations`), the due list shows it, and the item's next accomplishment
 * consumes it (compliance.ts): the variation is used once and never moves the schedule.
 *
 * Not varied here: ADs (only the authority grants an alternative), airworthiness limitation
 * items and LLP lives (no tolerance of any kind), deferred defects (the MEL's own extension) and
 * document expiries.
 */
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { sealRecord } from '../../engine/src/records/seal.ts';
import { inTransaction } from '../../engine/src/crud/repository.ts';
import type { DB } from '../../engine/src/db/database.ts';
import type { ActionContext, HookContext, SignaturePreview } from '../../engine/src/plugins/host.ts';
import { refusalOf } from '../../engine/src/crud/preview-action.ts';
import { formatDuration } from '../../engine/src/values/duration.ts';
import { addDays } from './rules/dates.ts';
import { variationExcess, variationLimit, type VariationLimit, type VariationSpec, type VariedCounter } from './rules/variation.ts';
import { refreshDue } from './schedule.ts';
import { transitionRefusal } from '../../engine/src/crud/transitions.ts';

type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

const FIELD: Record<VariedCounter, string> = { h: 'extend_fh', c: 'extend_fc', days: 'extend_days' };
const show = (k: VariedCounter, v: number) => (k === 'h' ? `${formatDuration(v)} FH` : k === 'c' ? `${v} FC` : `${v} days`);

/** The limit in words, for the record: "10% of the interval: 60:00 FH". */
function limitText(limit: VariationLimit): string {
  const parts = (['h', 'c', 'days'] as const).filter((k) => limit[k] !== null).map((k) => show(k, limit[k] as number));
  return parts.length ? `${limit.pc}% of the interval, capped by the programme: at most ${parts.join(' / ')}` : 'The item has no interval to vary';
}

interface Item {
  schedule: Row;
  limit: VariationLimit;
}

/** The due item a variation names, in the user's company, with the limit its programme allows; or a refusal. */
async function itemOf(tx: DB, compcode: string, dueKey: unknown): Promise<Item> {
  const bad = (message: string) => appError('ERR_VALIDATION', { errors: [{ path: '/due_key', message }] });
  const key = typeof dueKey === 'string' ? dueKey.trim() : '';
  const s = key ? ((await tx.selectFrom('due_schedule').selectAll().where('due_key', '=', key).where('compcode', '=', compcode).executeTakeFirst())) : undefined;
  if (!s) {
    if (/^D\d/.test(key)) throw bad('A deferred defect is extended under the MEL (Grant Extension on the defect), not by a variation');
    if (/^O\d/.test(key)) throw bad('A document expiry is renewed, not varied');
    throw bad('is not a due item of your fleet (choose it on the due list)');
  }
  let spec: VariationSpec | null = null;
  const specOf = (r: Row): VariationSpec | null =>
    [r.variation_pc, r.variation_fh, r.variation_fc, r.variation_days].some((v) => v !== null && v !== undefined)
      ? { pc: num(r.variation_pc), h: num(r.variation_fh), c: num(r.variation_fc), days: num(r.variation_days) }
      : null;
  switch (s.item_kind) {
    case 'INSPECTION': {
      const i = (await tx.selectFrom('aircraft_type_inspection').selectAll().where('type_inspection_id', '=', Number(s.type_inspection)).executeTakeFirstOrThrow());
      if (i.is_ali) throw bad(`${String(i.task_code)} is an airworthiness limitation item: it allows no variation`);
      spec = specOf(i);
      break;
    }
    case 'COMPONENT': {
      const l = (await tx.selectFrom('aircraft_type_component_limit').selectAll().where('id', '=', Number(s.component_limit)).executeTakeFirstOrThrow());
      spec = specOf(l);
      break;
    }
    case 'SB':
      break;
    case 'AD':
      throw bad(`${String(s.item_code)} is an airworthiness directive: only the authority grants an alternative (AMOC), not a variation`);
    default:
      throw bad(`${String(s.item_code)} is a life limit: it allows no variation`);
  }
  return { schedule: s, limit: variationLimit({ h: num(s.interval_h), c: num(s.interval_c), days: num(s.interval_days) }, spec) };
}

/** Refusals of the amounts asked (400 naming the field), none when within the limit. */
function amountErrors(v: Row, limit: VariationLimit): { path: string; message: string }[] {
  const asked = { h: num(v.extend_fh), c: num(v.extend_fc), days: num(v.extend_days) };
  if (!(['h', 'c', 'days'] as const).some((k) => (asked[k] ?? 0) > 0)) return [{ path: '/extend_fh', message: 'Give the extension in hours, cycles or days' }];
  return variationExcess(asked, limit).map((x) => ({
    path: `/${FIELD[x.counter]}`,
    message:
      x.limit === null
        ? `The item has no ${x.counter === 'h' ? 'hours' : x.counter === 'c' ? 'cycles' : 'calendar'} limit to vary`
        : `${show(x.counter, x.asked)} is above the variation limit of ${show(x.counter, x.limit)} (${x.limit === 0 ? 'the programme allows none' : `${limitText(limit)}`})`,
  }));
}

/** Hook beforeCreate / beforeUpdate of a variation: the item is resolved (aircraft, reference) and the amounts checked. */
export async function checkVariation(ctx: HookContext): Promise<void> {
  const merged: Row = { ...ctx.before, ...ctx.row };
  const item = await itemOf(ctx.db, String(merged.compcode ?? ctx.user.compcode), merged.due_key);
  const errors = amountErrors(merged, item.limit);
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
  Object.assign(ctx.row, {
    due_key: String(merged.due_key).trim(),
    aircraft: Number(item.schedule.aircraft),
    item_code: item.schedule.item_code ?? null,
    description: item.schedule.description ?? null,
    limit_text: limitText(item.limit),
  });
}


/**
 * Action request_due_variation (C, a row of the due lists): a DRAFT variation of that item,
 * proposing the most the programme allows in each counter it has; the planner then gives the
 * reason (and a smaller extension if less is needed) on One-time Variations before approval.
 */
export async function requestVariation(ctx: ActionContext, key: unknown) {
  return inTransaction(ctx.db, async (tx) => {
    // the row through the access compiler: another company's item is not found
    const row = await ctx.repo.get({ db: tx, ability: ctx.ability }, 'due_item', key);
    const item = await itemOf(tx, ctx.user.compcode, row.due_key);
    const open = await tx
      .selectFrom('due_variation')
      .select(['variation_no', 'var_status'])
      .where('compcode', '=', ctx.user.compcode)
      .where('due_key', '=', String(row.due_key))
      .where('var_status', 'in', ['DRAFT', 'APPROVED'])
      .executeTakeFirst();
    if (open) {
      throw appError('ERR_CONFLICT', {
        message: `${String(open.variation_no)} is already ${open.var_status === 'DRAFT' ? 'requested' : 'in force'} for ${String(row.item_code)}: one variation at a time, used by the next accomplishment.`,
      });
    }
    const proposal: Row = {};
    for (const k of ['h', 'c', 'days'] as const) if ((item.limit[k] ?? 0) > 0) proposal[FIELD[k]] = item.limit[k];
    if (Object.keys(proposal).length === 0) throw appError('ERR_CONFLICT', { message: `The programme allows no variation of ${String(row.item_code)}.` });
    const e = ctx.reg.entity('due_variation');
    const id = await ctx.repo.insertRow(tx, { user: ctx.user }, e, { due_key: String(row.due_key), ...proposal });
    const made = (await tx.selectFrom('due_variation').selectAll().where('variation_id', '=', Number(id)).executeTakeFirstOrThrow());
    await ctx.repo.audit(tx, ctx.user, e, Number(id), 'insert', { after: made, reason: 'requested from the due list' });
    const most = (['h', 'c', 'days'] as const).filter((k) => proposal[FIELD[k]] !== undefined).map((k) => show(k, Number(proposal[FIELD[k]])));
    return {
      success: 1,
      variation_id: Number(id),
      message: `${String(made.variation_no)} requested for ${String(row.item_code)} (at most ${most.join(' / ')}): give the reason, and a smaller extension if less is needed, on One-time Variations; then the CAMO approves it.`,
    };
  });
}

/**
 * What approving a variation would record (the programme's due and the due it extends to), or the
 * refusal it would give: the one check of the action and of its signature preview (decision 0316).
 */
async function variationPlan(tx: DB, ctx: ActionContext, v: Row) {
  // requested, not yet approved: the declared transition (metadata lifecycle, decision 0405), for the preview too
  const refused = transitionRefusal(ctx.reg, ctx.plugins, 'due_variation', 'approve_due_variation', v);
  if (refused) throw refused;
  // four eyes (docs/workflow.md "Four eyes"): the requester never approves their own variation
  if (String(v.created_by ?? '').toLowerCase() === ctx.user.username.toLowerCase()) {
    throw appError('ERR_FOUR_EYES', { message: `You requested ${String(v.variation_no)}: a variation is approved by another person (the CAMO), never by its requester.` });
  }
  const item = await itemOf(tx, String(v.compcode), v.due_key);
  const errors = amountErrors(v, item.limit);
  if (v.reason === null || v.reason === undefined || String(v.reason).trim() === '') errors.push({ path: '/reason', message: 'is required before approval: why the item cannot be done by its due' });
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
  const other = await tx
    .selectFrom('due_variation')
    .select('variation_no')
    .where('compcode', '=', String(v.compcode))
    .where('due_key', '=', String(v.due_key))
    .where('var_status', '=', 'APPROVED')
    .where('variation_id', '<>', Number(v.variation_id))
    .executeTakeFirst();
  if (other) throw appError('ERR_CONFLICT', { message: `${String(other.variation_no)} already extends ${String(v.item_code)}: one variation is in force on a due at a time, used by its next accomplishment.` });
  const s = item.schedule;
  const prog = { h: num(s.due_h), c: num(s.due_c), date: s.due_date ? String(s.due_date).slice(0, 10) : null };
  const ext = {
    h: prog.h !== null ? prog.h + (num(v.extend_fh) ?? 0) : null,
    c: prog.c !== null ? prog.c + (num(v.extend_fc) ?? 0) : null,
    date: prog.date !== null ? addDays(prog.date, num(v.extend_days) ?? 0) : null,
  };
  return { item, prog, ext };
}

/** "1,262:30 FH / 20,511 FC / 2027-03-01": a due as the messages and the preview say it. */
const dueText = (d: { h: number | null; c: number | null; date: string | null }) => [d.h !== null ? `${formatDuration(d.h)} FH` : null, d.c !== null ? `${d.c} FC` : null, d.date].filter(Boolean).join(' / ');

/** Action approve_due_variation (O): within the limit, with its reason, one in force per item; the due is extended. */
export async function approveVariation(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'due_variation', key, name: 'approve' }, async (tx, v) => {
    const { item, prog, ext } = await variationPlan(tx, ctx, v);
    const s = item.schedule;
    const at = ctx.replayed && ctx.asOf ? `${ctx.asOf}T00:00:00.000Z` : new Date().toISOString();
    await ctx.repo.patch(
      tx,
      ctx.user,
      'due_variation',
      v.variation_id,
      {
        var_status: 'APPROVED', approved_by: ctx.user.user_id, approved_at: at, limit_text: limitText(item.limit),
        prog_due_fh: prog.h, prog_due_fc: prog.c, prog_due_date: prog.date, ext_due_fh: ext.h, ext_due_fc: ext.c, ext_due_date: ext.date,
      },
      { reason: 'variation approved', before: v },
    );
    await sealRecord(tx, ctx.reg, ctx.user, 'due_variation', v.variation_id, 'approved');
    await refreshDue(tx, Number(s.aircraft), ctx.user.username);
    return { success: 1, message: `${String(v.variation_no)} approved: ${String(v.item_code)} is now due at ${dueText(ext)}, once.` };
  });
}

/**
 * Preview of approve_due_variation (decision 0316): the variation, its aircraft and item, the
 * programme's due, the extension asked with its reason, the due it gives and the most the programme
 * allows; the refusal the approval would get now (the requester, beyond the limit, no reason,
 * another variation in force). Writes nothing.
 */
export async function previewVariation(ctx: ActionContext, key: unknown): Promise<SignaturePreview> {
  const tx = ctx.db;
  const v = await ctx.repo.get({ db: tx, ability: ctx.ability }, 'due_variation', key as string | number);
  let plan: Awaited<ReturnType<typeof variationPlan>> | null = null;
  let refusal: string | null = null;
  try {
    plan = await variationPlan(tx, ctx, v);
  } catch (err) {
    refusal = refusalOf(err, ctx.reg.entity('due_variation'));
  }
  const aircraft = v.aircraft ? await tx.selectFrom('aircraft').select('registration').where('aircraft_id', '=', Number(v.aircraft)).executeTakeFirst() : undefined;
  const asked = [num(v.extend_fh) ? `${formatDuration(num(v.extend_fh)!)} FH` : null, num(v.extend_fc) ? `${num(v.extend_fc)} FC` : null, num(v.extend_days) ? `${num(v.extend_days)} day(s)` : null].filter(Boolean).join(' / ');
  const items = [
    { label: 'Aircraft', value: String(aircraft?.registration ?? '') },
    { label: 'Item', value: `${String(v.item_code ?? v.due_key ?? '')}${v.description ? ` · ${String(v.description)}` : ''}` },
    ...(plan ? [{ label: 'Due by the programme', value: dueText(plan.prog) }] : []),
    { label: 'Extension asked', value: `${asked}${v.reason ? `: ${String(v.reason)}` : ''}` },
    ...(plan ? [{ label: 'Due once, after the variation', value: dueText(plan.ext) }, { label: 'Most the programme allows', value: limitText(plan.item.limit) }] : []),
  ];
  return { document: `One-time variation ${String(v.variation_no)}`, items, authorisation: null, refusal };
}

/** Action cancel_due_variation (O): a request or a variation in force not yet used; the due goes back. */
export async function cancelVariation(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'due_variation', key, name: 'cancel' }, async (tx, v) => {
    // a request or a variation in force: the runner's, by the declared transition (decision 0405)
    await ctx.repo.patch(tx, ctx.user, 'due_variation', v.variation_id, { var_status: 'CANCELLED' }, { reason: 'variation cancelled', before: v });
    if (v.var_status === 'APPROVED' && v.aircraft) await refreshDue(tx, v.aircraft, ctx.user.username);
    return { success: 1, message: `${String(v.variation_no)} cancelled.` };
  });
}
