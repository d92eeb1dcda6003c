/**
 * The post and reverse actions of every stock document, each one transaction (documentAction):
 *
 *   post:    lock the document → refuse if already posted → beforePost hooks → the document's plan
 *            (PO lines, movements) → every line's problems refused at once (ledger/problems.ts)
 *            → ledger, balances, valuation → mark posted (repo.patch) →
 *            afterPost hooks → the document's audit rows (posted, the action) in one insert
 *   reverse: lock the posted original → a reversing copy, numbered like any document and pointing
 *            at it (`reverses`), posted at once with the original's ledger rows negated (same
 *            lots, same values) → the original marked `reversed_by`
 *
 * Anything refused throws before the transaction commits: nothing is written.
 */
import { todayIso } from '../../engine/src/values/dates.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import { auditRow } from '../../engine/src/crud/versioned.ts';
import { appError } from '../../engine/src/errors.ts';
import type { ActionContext, RowOf } from '../../engine/src/plugins/host.ts';
import type { EntityDef } from '../../engine/src/metadata/registry.ts';
import { writableValues } from '../../engine/src/crud/columns.ts';
import { postMovements } from './ledger.ts';
import type { Movement, TxnType, WrittenRow } from './ledger/movement.ts';
import { norm } from './ledger/values.ts';
import { MONEY, QTY, fixed, show, toNumber } from '../../engine/src/values/money.ts';
import { receivePoLines } from './purchase.ts';
import type { Env, Fields, StockDocument } from './documents/stock-document.ts';
import { Problems } from './ledger/problems.ts';
import '../errors.ts';

/** A row of the stock document `kind.entity` names at run time, read by its metadata's field names. */
type DocumentRow = RowOf<string>;

export interface PostResult {
  success: 1;
  message: string;
  document: string;
  rows: number;
  value: number;
  [k: string]: unknown;
}

function lineKeyOf(ctx: ActionContext, e: EntityDef): string {
  const child = e.children[0];
  return child ? ctx.reg.entity(child.entity).key : '';
}

const total = (rows: WrittenRow[]) => rows.filter((r) => !r.transit).reduce((s, r) => s + r.amount, 0n);

function summary(docNo: string, rows: WrittenRow[], what: string): string {
  if (!rows.length) return `${docNo} ${what}.`;
  const value = total(rows);
  return `${docNo} ${what}: ${rows.length} ledger row${rows.length === 1 ? '' : 's'}${value !== 0n ? `, value ${show(value < 0n ? -value : value, MONEY)}` : ''}.`;
}

/**
 * Posts one step of a stock document. The action's business date (`ctx.asOf`, default today) is
 * the date recorded as posted; the ledger is dated by the document.
 */
export async function postDocument(ctx: ActionContext, kind: StockDocument, key: unknown): Promise<PostResult> {
  const e = ctx.reg.entity(kind.entity);
  return documentAction(ctx, { entity: kind.entity, key, name: kind.step === 'post' ? 'post' : `post transfer ${kind.step}` }, async (tx, doc, frame) => {
    const docNo = String(doc[kind.numberField] ?? doc[e.key]);
    if (Number(doc[kind.flag]) === 1) throw appError('ERR_LOCKED', { message: `${e.title} ${docNo} is already posted.` });
    kind.precheck?.(doc);
    const today = ctx.asOf ?? todayIso();
    const env: Env = {
      tx,
      ctx,
      compcode: ctx.user.compcode,
      date: kind.dateOf ? kind.dateOf(doc, today) : String(doc[kind.dateField] ?? today).slice(0, 10),
      today,
      docNo,
      lineKey: lineKeyOf(ctx, e),
      problems: new Problems(),
    };
    const hook = { db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit, posting: { step: kind.step } };
    await ctx.plugins.run('beforePost', kind.entity, { ...hook, row: doc });
    const plan = await kind.plan(env, doc);
    // the plan's problems and every line's and movement's, refused once together (decision 0376)
    const written = await postMovements(tx, { compcode: env.compcode, date: env.date, docNo, source: kind.entity, sourceKey: Number(doc[e.key]), username: ctx.user.username, today }, plan.movements, env.problems);
    const after = (await plan.after?.(written)) ?? {};
    const flags: Fields = { ...(plan.flags ?? { [kind.flag]: 1, ...(e.fields.some((f) => f.name === 'posted_date') ? { posted_date: ctx.asOf ?? today } : {}) }), ...after.fields };
    if (Object.keys(flags).length) await ctx.repo.patch(tx, ctx.user, kind.entity, doc[e.key] as number, flags, { reason: kind.step === 'post' ? 'post' : `post transfer ${kind.step}`, before: doc, auditInto: frame.audit });
    const extra = after.result ?? {};
    await ctx.plugins.run('afterPost', kind.entity, { ...hook, row: { ...doc, ...flags } });
    const partial = kind.step === 'in' && !flags.in_posted;
    return {
      success: 1,
      message: summary(docNo, written, partial ? 'partly received (the rest stays in transit)' : kind.step === 'in' ? 'received' : kind.step === 'out' ? 'shipped' : 'posted'),
      document: docNo,
      rows: written.length,
      value: toNumber(total(written), MONEY),
      ...extra,
    };
  });
}

/** The writable fields of a stored row, as a body for a new document (numbering and server-set fields left out). */
function copyBody(ctx: ActionContext, e: EntityDef, row: DocumentRow): Fields {
  const out = writableValues(e, row, e.parent?.foreignKey);
  for (const c of e.children) {
    const child = ctx.reg.entity(c.entity);
    out[c.name] = ((row[c.name] as DocumentRow[] | undefined) ?? []).map((l) => writableValues(child, l, c.foreignKey));
  }
  return out;
}

/**
 * Reverses a posted document: a new document of the same kind pointing at it, posted at once with
 * the original's ledger rows negated; PO quantities received are given back.
 */
export async function reverseDocument(ctx: ActionContext, kind: StockDocument, key: unknown): Promise<PostResult> {
  const e = ctx.reg.entity(kind.entity);
  return documentAction(ctx, { entity: kind.entity, key, name: 'reverse' }, async (tx, doc, frame) => {
    const docNo = String(doc[kind.numberField] ?? doc[e.key]);
    if (Number(doc[kind.flag]) !== 1) throw appError('ERR_STOCK', { message: `${e.title} ${docNo} is not posted: change or delete it instead of reversing it.` });
    if (doc.reverses) throw appError('ERR_STOCK', { message: `${docNo} is itself a reversal: post a new document instead of reversing it.` });
    if (doc.reversed_by) throw appError('ERR_STOCK', { message: `${e.title} ${docNo} is already reversed.` });
    const today = ctx.asOf ?? todayIso();
    const env: Env = { tx, ctx, compcode: ctx.user.compcode, date: today, today, docNo, lineKey: lineKeyOf(ctx, e) };
    await kind.canReverse?.(env, doc);
    const original = await tx
      .selectFrom('stock_ledger')
      .selectAll()
      .where('compcode', '=', env.compcode)
      .where('source', '=', kind.entity)
      .where('source_key', '=', Number(doc[e.key]))
      .orderBy('ledgerkey')
      .execute();

    const body = copyBody(ctx, e, doc);
    body[kind.dateField] = today;
    const remark = `Reversal of ${docNo}`;
    if (e.fields.some((f) => f.name === 'remark')) body.remark = remark;
    const newKey = await ctx.repo.insertRow(tx, { user: ctx.user }, e, body);
    const copy = await ctx.repo.get({ db: tx, ability: ctx.ability }, kind.entity, newKey, { action: ctx.permission ?? 'other', lock: true });
    const copyNo = String(copy[kind.numberField] ?? newKey);
    const inserted = auditRow(ctx.user, e, newKey, 'insert', { after: copy, reason: `reversal of ${docNo}` });
    if (inserted) frame.audit.push(inserted);
    env.docNo = copyNo;
    const hook = { db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit, posting: { step: kind.step, reverses: doc } };
    await ctx.plugins.run('beforePost', kind.entity, { ...hook, row: copy });

    if (kind.poReceipts) {
      await receivePoLines(tx, ctx, kind.poReceipts(doc), { compcode: env.compcode, date: today, docNo: copyNo, sign: -1 });
    }
    const child = e.children[0];
    const lineMap = new Map<number, number>();
    if (child) {
      const before = ((doc[child.name] as DocumentRow[]) ?? []).map((l) => Number(l[env.lineKey]));
      const after = ((copy[child.name] as DocumentRow[]) ?? []).map((l) => Number(l[env.lineKey]));
      before.forEach((k, n) => lineMap.set(k, after[n]));
    }
    // undone last first: a part moved on after its receipt (accepted out of quarantine) is taken back the way it went
    const movements: Movement[] = [...original].reverse().map((r) => ({
      txnType: r.txn_type as TxnType,
      store: Number(r.store),
      item: Number(r.item),
      serial: norm(r.serial_number),
      batch: norm(r.batch_number),
      condition: r.condition,
      qty: -fixed(r.quantity, QTY),
      cost: { kind: 'amount', amount: -fixed(r.amount, MONEY) },
      transit: r.txn_type === 'TRO' || r.txn_type === 'TRI',
      expiry: r.expiry_date ? r.expiry_date.slice(0, 10) : null,
      arc: r.arc_status,
      cert: r.certificate_no,
      registration: r.registration,
      remark,
      line: r.source_line === null ? null : (lineMap.get(Number(r.source_line)) ?? null),
    }));
    const written = await postMovements(tx, { compcode: env.compcode, date: today, docNo: copyNo, source: kind.entity, sourceKey: newKey as number, username: ctx.user.username, today }, movements);
    const copyFlags: Fields = { ...(kind.reversalFlags?.copy ?? { [kind.flag]: 1, ...(e.fields.some((f) => f.name === 'posted_date') ? { posted_date: today } : {}) }), reverses: doc[e.key] };
    await ctx.repo.patch(tx, ctx.user, kind.entity, newKey, copyFlags, { reason: `reversal of ${docNo}`, before: copy, auditInto: frame.audit });
    await ctx.repo.patch(tx, ctx.user, kind.entity, doc[e.key] as number, { ...kind.reversalFlags?.original, reversed_by: newKey }, { reason: `reversed by ${copyNo}`, before: doc, auditInto: frame.audit });
    await ctx.plugins.run('afterPost', kind.entity, { ...hook, row: { ...copy, ...copyFlags } });
    return {
      success: 1,
      message: summary(copyNo, written, `reverses ${docNo}`),
      document: copyNo,
      rows: written.length,
      value: toNumber(total(written), MONEY),
      [e.key]: newKey,
    };
  });
}
