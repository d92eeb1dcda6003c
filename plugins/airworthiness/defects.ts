/**
 * Deferred defects under the MEL (fleet-deffects). Whenever a defect is (or stays) deferred, the
 * server computes its rectification interval and due date from the MEL category and the date
 * found (rules/mel.ts): a deferral without a due date cannot exist. The one extension is granted
 * by an action (letter O) that records who approved it and when.
 */
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { sealRecord } from '../../engine/src/records/seal.ts';
import type { ActionContext, HookContext, RowOf, SignaturePreview } from '../../engine/src/plugins/host.ts';
import { refusalOf } from '../../engine/src/crud/preview-action.ts';
import { isoDate } from './rules/dates.ts';
import { melDue, melExtension, type MelCategory } from './rules/mel.ts';
import { fullName } from './store.ts';


export async function categoryOf(ctx: { db: HookContext['db'] }, id: unknown): Promise<MelCategory | undefined> {
  if (id === null || id === undefined || id === '') return undefined;
  const c = await ctx.db.selectFrom('mel_category').select(['category', 'interval_days', 'excludes_discovery_day', 'extension_allowed', 'max_extension_days']).where('id', '=', Number(id)).executeTakeFirst();
  return c ? { category: String(c.category), interval_days: Number(c.interval_days), excludes_discovery_day: c.excludes_discovery_day, extension_allowed: c.extension_allowed, max_extension_days: c.max_extension_days === null ? null : Number(c.max_extension_days) } : undefined;
}

const FROZEN_AFTER_EXTENSION = ['mel_category', 'found_date', 'interval_days', 'extension_days', 'extension_reason'];

/** beforeCreate / beforeUpdate on defect. */
export async function checkDeferral(ctx: HookContext): Promise<void> {
  const merged = { ...ctx.before, ...ctx.row };
  if (ctx.before?.extension_granted) {
    const changed = FROZEN_AFTER_EXTENSION.filter((f) => f in ctx.row && String(ctx.row[f] ?? '') !== String(ctx.before?.[f] ?? ''));
    if (changed.length) throw appError('ERR_VALIDATION', { errors: changed.map((f) => ({ path: `/${f}`, message: 'The deferral has been extended: its category, dates and extension can no longer change' })) });
  }
  if (merged.defect_status !== 'DEFERRED') return;
  const cat = await categoryOf(ctx, merged.mel_category);
  if (!cat) throw appError('ERR_VALIDATION', { errors: [{ path: '/mel_category', message: 'A deferred defect needs its MEL category' }] });
  const hasCounters = merged.due_fh !== null && merged.due_fh !== undefined ? true : merged.due_fc !== null && merged.due_fc !== undefined;
  const due = melDue(isoDate(String(merged.found_date)), cat, merged.interval_days === null || merged.interval_days === undefined ? null : Number(merged.interval_days), hasCounters);
  if (!due.ok) throw appError('ERR_VALIDATION', { errors: due.errors });
  ctx.row.interval_days = due.intervalDays;
  ctx.row.due_date = due.dueDate;
  if (!merged.deferral_date) ctx.row.deferral_date = isoDate(String(merged.found_date));
}

const EXTENSION_REQUEST = ['extension_days', 'extension_reason'];

/**
 * Whether the user wrote the extension request of a defect (its days or reason), by its history:
 * a create giving them, or a change of either. Who asks for an extension never grants it.
 */
async function requestedExtension(tx: HookContext['db'], defectId: number, username: string): Promise<boolean> {
  const rows = await tx.selectFrom('sys_audit').select(['action', 'changes']).where('entity', '=', 'defect').where('record_key', '=', String(defectId)).where('username', '=', username).execute();
  const given = (v: unknown) => v !== null && v !== undefined && v !== '' && v !== 0;
  return rows.some((r) => {
    let c: Record<string, unknown>;
    try {
      c = JSON.parse(String(r.changes ?? 'null')) as Record<string, unknown>;
    } catch {
      return false;
    }
    if (!c || typeof c !== 'object') return false;
    if (r.action === 'insert') return EXTENSION_REQUEST.some((f) => given((c.after as Record<string, unknown> | undefined)?.[f]));
    const changed = (c.changes ?? {}) as Record<string, unknown>;
    return EXTENSION_REQUEST.some((f) => Array.isArray(changed[f]) && given((changed[f] as unknown[])[1]));
  });
}

/**
 * What granting the extension typed on a defect would record, or the refusal it would give: the
 * one check of the action and of its signature preview (decision 0316).
 */
async function extensionPlan(tx: HookContext['db'], ctx: ActionContext, d: RowOf<'defect'>): Promise<{ approver: string; extendedDueDate: string }> {
  if (d.defect_status !== 'DEFERRED') throw appError('ERR_CONFLICT', { message: `Defect ${String(d.defect_no)} is not deferred.` });
  // four eyes (docs/workflow.md "Four eyes"): who asked for the extension never grants it
  if (!d.extension_granted && (await requestedExtension(tx, d.defect_id, ctx.user.username))) {
    throw appError('ERR_FOUR_EYES', { message: `You asked for the extension of ${String(d.defect_no)}: it is granted by another person, never by its requester.` });
  }
  const cat = await categoryOf({ db: tx }, d.mel_category);
  if (!cat) throw appError('ERR_VALIDATION', { errors: [{ path: '/mel_category', message: 'A deferred defect needs its MEL category' }] });
  if (!d.extension_reason || !d.extension_reason.trim()) throw appError('ERR_VALIDATION', { errors: [{ path: '/extension_reason', message: 'Give the reason of the extension (saved on the defect) before granting it' }] });
  const approver = await fullName(tx, ctx.user);
  const ext = melExtension(cat, (d.due_date as string | null) ?? null, d.interval_days === null ? null : d.interval_days, Boolean(d.extension_granted), d.extension_days ?? 0, approver);
  if (!ext.ok) throw appError('ERR_VALIDATION', { errors: ext.errors });
  return { approver, extendedDueDate: ext.extendedDueDate };
}

/** Action grant_deferral_extension (letter O): the extension typed on the defect, approved by the user. */
export async function grantExtension(ctx: ActionContext, key: unknown) {
  return documentAction(ctx, { entity: 'defect', key, name: 'grant extension' }, async (tx, d) => {
    const { approver, extendedDueDate } = await extensionPlan(tx, ctx, d);
    await ctx.repo.patch(
      tx,
      ctx.user,
      'defect',
      d.defect_id,
      { extension_granted: true, extended_due_date: extendedDueDate, extension_approved_by: approver, extension_approved_at: new Date().toISOString() },
      { reason: 'grant extension', before: d },
    );
    await sealRecord(tx, ctx.reg, ctx.user, 'defect', d.defect_id, 'extension');
    return { success: 1, message: `Deferral of ${String(d.defect_no)} extended by ${String(d.extension_days)} day(s) to the end of ${extendedDueDate} (UTC), approved by ${approver}.` };
  });
}

/**
 * Preview of grant_deferral_extension (decision 0316): the defect, its aircraft, what was deferred
 * under which MEL category and item, the due date now, the days and reason asked and the due date
 * the extension gives; the refusal the grant would get now (the requester, a category that cannot
 * be extended, no reason). Writes nothing.
 */
export async function previewExtension(ctx: ActionContext, key: unknown): Promise<SignaturePreview> {
  const tx = ctx.db;
  const d = await ctx.repo.get({ db: tx, ability: ctx.ability }, 'defect', key as string | number);
  const aircraft = await tx.selectFrom('aircraft').select('registration').where('aircraft_id', '=', Number(d.aircraft)).executeTakeFirst();
  const cat = await categoryOf({ db: tx }, d.mel_category);
  let plan: { extendedDueDate: string } | null = null;
  let refusal: string | null = null;
  try {
    plan = await extensionPlan(tx, ctx, d);
  } catch (err) {
    refusal = refusalOf(err, ctx.reg.entity('defect'));
  }
  const day = (v: unknown) => (v ? isoDate(v as string) : '');
  const items = [
    { label: 'Aircraft', value: String(aircraft?.registration ?? '') },
    { label: 'Defect', value: String(d.description ?? '') },
    { label: 'MEL category and item', value: `${cat ? `Category ${cat.category}` : ''}${d.mel_item ? ` · ${String(d.mel_item)}` : ''}` },
    { label: 'Rectify by now (end of day UTC)', value: day(d.due_date) },
    { label: 'Extension asked', value: `${String(d.extension_days ?? '')} day(s): ${String(d.extension_reason ?? '')}` },
    ...(plan ? [{ label: 'Rectify by after the extension', value: plan.extendedDueDate }] : []),
  ];
  return { document: `Deferral extension of ${String(d.defect_no)}`, items, authorisation: null, refusal };
}
