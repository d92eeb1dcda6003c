/**
 * Tools used on task cards (decision 0395), for every kind of work order: the operator's
 * (work_order_tool) and the MRO's customer orders (amo_work_order_tool). A tool line names the
 * card and the tool by its serial; only a usable tool is taken (rules/tools.ts: serviceable, its
 * calibration not overdue on the company's business date):
 *   - when a line is written: through the order's save (its afterCreate/afterUpdate: the lines
 *     added or given another tool, refused at `/<child>/<i>/tool`) and directly (the line's own
 *     afterCreate/afterUpdate, at `/tool`); a card already signed or put aside takes no new tool;
 *   - at the card's performed signature (work-order.ts signCard): every tool of the card again,
 *     since a tool may fall due between its entry and the signature; the signature then marks the
 *     card's tool lines signed (their lifecycle keeps them as signed: the reverse traceability of
 *     the tool, metadata/maintenance/tools.yaml tool-traceability).
 */
import type { DB } from '../../engine/src/db/database.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import { loose } from '../../engine/src/db/loose.ts';
import { appError } from '../../engine/src/errors.ts';
import { businessDate } from '../../engine/src/crud/business-date.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { toolRefusal, type ToolState } from './rules/tools.ts';
import '../errors.ts';

type Row = Record<string, unknown>;
const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Where a kind keeps its tool lines and its cards. */
export interface ToolLines {
  /** The line entity, its key, the order's child name and the line's link to the order. */
  entity: string;
  key: string;
  child: string;
  order: string;
  /** The order's key field. */
  orderKey: string;
  /** The card entity, its key and the card's link to the order; the card's status field and the codes of a card that takes no new tool (signed, deferred, carried, cancelled). */
  cardEntity: string;
  cardKey: string;
  cardOrder: string;
  cardStatus: string;
  closedCard: string[];
}

export const OPERATOR_TOOLS: ToolLines = {
  entity: 'work_order_tool',
  key: 'wo_tool_id',
  child: 'tools',
  order: 'work_order',
  orderKey: 'wo_id',
  cardEntity: 'work_order_task',
  cardKey: 'wo_task_id',
  cardOrder: 'work_order',
  cardStatus: 'task_status',
  closedCard: ['PERFORMED', 'DONE', 'DEFERRED', 'CARRIED', 'NOTDONE'],
};

export const MRO_TOOLS: ToolLines = {
  entity: 'amo_work_order_tool',
  key: 'amo_tool_id',
  child: 'tools',
  order: 'amo_work_order',
  orderKey: 'amo_wo_id',
  cardEntity: 'amo_work_order_task',
  cardKey: 'amo_task_id',
  cardOrder: 'amo_work_order',
  cardStatus: 'status',
  closedCard: ['PERFORMED', 'DONE', 'DEFER', 'CARRIED', 'CANCEL'],
};

/** The tools by key, as the rule reads them (their catalogue's part number, name and calibration). */
async function toolsByKey(tx: DB, reg: Registry, compcode: string, keys: number[]): Promise<Map<number, ToolState>> {
  const out = new Map<number, ToolState>();
  if (keys.length === 0) return out;
  const rows = await tx
    .selectFrom('tool as t')
    .innerJoin('tool_catalog as c', 'c.id', 't.tool_catalog')
    .select(['t.tool_id', 't.serial_number', 't.tool_status', 't.calibration_due', 'c.tool_partnumber', 'c.tool_name', 'c.calibration_required'])
    .where('t.compcode', '=', compcode)
    .where('t.tool_id', 'in', [...new Set(keys)])
    .execute();
  const labels = new Map((reg.field('tool', 'tool_status')?.values ?? []).map((v) => [String(v.code), v.label ?? String(v.code)]));
  for (const r of rows) {
    const due = r.calibration_due as unknown;
    out.set(Number(r.tool_id), {
      serial: String(r.serial_number),
      partNumber: (r.tool_partnumber as string | null) ?? null,
      name: (r.tool_name as string | null) ?? null,
      status: String(r.tool_status),
      statusLabel: labels.get(String(r.tool_status)),
      calibrationRequired: Boolean(r.calibration_required),
      due: due === null || due === undefined ? null : due instanceof Date ? due.toISOString().slice(0, 10) : String(due).slice(0, 10),
    });
  }
  return out;
}

/** The field errors of tool lines written (added, or given another tool) on `date`: the tool unusable, the card closed. */
async function lineErrors(tx: DB, reg: Registry, lines: ToolLines, compcode: string, written: { line: Row; path: string }[], date: string): Promise<{ path: string; message: string }[]> {
  const tools = await toolsByKey(tx, reg, compcode, written.map((w) => Number(w.line.tool)).filter(Boolean));
  const cardKeys = [...new Set(written.map((w) => Number(w.line.task)).filter(Boolean))];
  const cards = cardKeys.length ? ((await loose(tx).selectFrom(reg.entity(lines.cardEntity).table).select([lines.cardKey, lines.cardOrder, lines.cardStatus]).where(lines.cardKey, 'in', cardKeys).execute()) as Row[]) : [];
  const errors: { path: string; message: string }[] = [];
  for (const { line, path } of written) {
    const card = cards.find((c) => Number(c[lines.cardKey]) === Number(line.task));
    if (has(line.task) && (!card || Number(card[lines.cardOrder]) !== Number(line[lines.order]))) errors.push({ path: `${path}/task`, message: 'must be a task card of this work order' });
    else if (card && lines.closedCard.includes(String(card[lines.cardStatus]))) errors.push({ path: `${path}/task`, message: 'is signed or put aside: a tool is recorded on a card before it is signed' });
    const tool = tools.get(Number(line.tool));
    if (!has(line.tool)) continue;
    if (!tool) errors.push({ path: `${path}/tool`, message: 'must be a tool of this company' });
    else {
      const refused = toolRefusal(tool, date);
      if (refused) errors.push({ path: `${path}/tool`, message: refused });
    }
  }
  return errors;
}

/** Hook afterCreate/afterUpdate of the order: its tool lines added or given another tool (a document save writes its lines without their own hooks). */
export function toolsOfTheOrder(lines: ToolLines) {
  return async (ctx: HookContext): Promise<void> => {
    const order = ctx.row[lines.orderKey];
    if (!has(order) || !ctx.reg) return;
    // the lines as stored, in the order the document shows them (afterCreate's row has none)
    const after = (await loose(ctx.db).selectFrom(ctx.reg.entity(lines.entity).table).selectAll().where(lines.order, '=', Number(order)).orderBy(lines.key).execute()) as Row[];
    if (after.length === 0) return;
    const before = new Map(((ctx.before?.[lines.child] as Row[] | undefined) ?? []).map((l) => [Number(l[lines.key]), l]));
    const written = after
      .map((line, i) => ({ line, path: `/${lines.child}/${i}` }))
      .filter(({ line }) => !line.signed && String(before.get(Number(line[lines.key]))?.tool ?? '') !== String(line.tool ?? ''));
    if (written.length === 0) return;
    const compcode = String(ctx.row.compcode ?? ctx.user.compcode);
    const errors = await lineErrors(ctx.db, ctx.reg, lines, compcode, written, await businessDate(ctx.db, compcode));
    if (errors.length) throw appError('ERR_VALIDATION', { errors });
  };
}

/** Hook afterCreate/afterUpdate of a tool line written directly (POST/PUT /api/data/<line entity>). */
export function toolLineWritten(lines: ToolLines) {
  return async (ctx: HookContext): Promise<void> => {
    if (!ctx.reg || ctx.row.signed) return;
    if (ctx.before && String(ctx.before.tool ?? '') === String(ctx.row.tool ?? '') && String(ctx.before.task ?? '') === String(ctx.row.task ?? '')) return;
    const compcode = String(ctx.row.compcode ?? ctx.user.compcode);
    const errors = await lineErrors(ctx.db, ctx.reg, lines, compcode, [{ line: ctx.row, path: '' }], await businessDate(ctx.db, compcode));
    if (errors.length) throw appError('ERR_VALIDATION', { errors });
  };
}

/** The card's tool lines with their tools, in entry order. */
async function toolsOfCard(tx: DB, reg: Registry, lines: ToolLines, compcode: string, card: number): Promise<{ line: Row; tool: ToolState | undefined }[]> {
  const rows = (await loose(tx).selectFrom(reg.entity(lines.entity).table).selectAll().where('task', '=', card).orderBy(lines.key).forUpdate().execute()) as Row[];
  const tools = await toolsByKey(tx, reg, compcode, rows.map((r) => Number(r.tool)));
  return rows.map((line) => ({ line, tool: tools.get(Number(line.tool)) }));
}

/** Why the card's tools refuse its performed signature on `date` (the first unusable tool's words), or null. */
export async function cardToolsRefusal(tx: DB, reg: Registry, lines: ToolLines, compcode: string, card: number, date: string): Promise<string | null> {
  for (const { tool } of await toolsOfCard(tx, reg, lines, compcode, card)) {
    const refused = tool ? toolRefusal(tool, date) : null;
    if (refused) return refused;
  }
  return null;
}

/** The card's tools as a signature preview shows them: "TW-0042 (due 30 Nov 2026), …", or "none recorded". */
export async function cardToolsText(tx: DB, reg: Registry, lines: ToolLines, compcode: string, card: number): Promise<string> {
  const tools = (await toolsOfCard(tx, reg, lines, compcode, card)).map((t) => t.tool).filter((t): t is ToolState => Boolean(t));
  return tools.length ? tools.map((t) => `${t.serial}${t.partNumber ? ` ${t.partNumber}` : ''}`).join(', ') : 'none recorded';
}

/**
 * At the performed signature (inside its transaction, after the card is locked): every tool of the
 * card usable on the day, or the signature is refused naming the tool; then the lines are marked
 * signed (kept as signed by their lifecycle).
 */
export async function signCardTools(ctx: ActionContext, tx: DB, lines: ToolLines, card: number, date: string, cardText: string): Promise<void> {
  const used = await toolsOfCard(tx, ctx.reg, lines, ctx.user.compcode, card);
  for (const { tool } of used) {
    const refused = tool ? toolRefusal(tool, date) : null;
    if (refused) throw appError('ERR_SIGNOFF', { message: `${cardText} cannot be signed as performed: ${refused} Work is signed with serviceable tools in calibration only.` });
  }
  const open = used.filter((u) => !u.line.signed);
  await ctx.repo.patchMany(tx, ctx.user, lines.entity, open.map((u) => ({ key: u.line[lines.key] as number, before: u.line, values: { signed: true } })), { reason: 'task card signed as performed' });
}
