/**
 * The work-order mechanism: task cards signed off by certifying staff and a work order released
 * to service by an authorised certifier. One mechanism for every kind of work order: the
 * operator's own (work_order, this plugin) and the MRO's customer work orders (plugins of the MRO
 * module give their own `WorkOrderKind`).
 *
 * Sign a card (actions sign_card_performed, sign_card_certified, sign_card_inspected; letter U:
 * the signer's authorisation, not the menu letter, decides what they may sign):
 *   1. read the card through the access compiler and lock it (documentAction), lock its order;
 *   2. the order must be approved for work and not yet released (orderRefusal);
 *   3. the sign-off rule (rules/sign-off.ts): order of signatures, RII independence;
 *   4. certify and inspect: the signer's authorisations in the company (rules/authorisation.ts)
 *      must cover the card's category, the aircraft type, its ATA chapter, on the date;
 *   5. write the signature (who, under which authorisation, when) and, when performed, the
 *      aircraft's hours and cycles at the end of the day of the work, from the posted usage;
 *      the card's status follows (statusAfter); the order is in work from its first signature.
 *      A correction's card (it `supersedes` another, recertify.ts) keeps the day of the work it
 *      states and takes the hours and cycles of that day.
 *
 * Issue the CRS (action issue_crs O, on the order):
 *   1. read and lock the order with its cards; approved, not yet released;
 *   2. the release gate (rules/release.ts): every card signed, MEL-deferred or carried;
 *   3. the certifier's RELEASE authorisation for the type on the date;
 *   4. the kind's `onRelease` (the operator's: each signed card's compliance posted through the
 *      airworthiness rules, so the due list, AD and SB status move);
 *   5. the order: CRS number, date, certifier and authorisation number, status CRS.
 *
 * Card fields every kind's card entity has (metadata): seq, ata (a reference to ata_group or the
 * chapter typed), cert_category (A/B1/B2), rii, inspected_by, performed_user, performed_at,
 * ac_fh_done, ac_fc_done, certified_user, certified_auth, certified_at, inspected_user,
 * inspected_auth, inspected_at; optional deferral_defect, carried_to, carry_reason; the status,
 * task code, done-by and done-date fields under the kind's names (`card`, default task_status,
 * task_code, done_by, done_date). Order fields: the progress under the kind's name (`progress`,
 * default wo_status), crs_no, crs_date, crs_signed_by, crs_user, crs_auth_no, actual_start,
 * actual_end (date or datetime: a date field takes the business date); statuswf if approved.
 */
import type { DB } from '../../engine/src/db/database.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import { loose } from '../../engine/src/db/loose.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { isoDate, todayUtc } from '../airworthiness/rules/dates.ts';
import { fullName } from '../airworthiness/store.ts';
import { authorisationFor, type Authorisation, type Category, type Signature } from './rules/authorisation.ts';
import { cardLabel, signOffRefusal, statusAfter, type CardSignature, type CardState } from './rules/sign-off.ts';
import { cardHoldsRelease, releaseRefusal, type GateCard } from './rules/release.ts';
import { STATUS } from '../../engine/src/workflow/engine.ts';
import { sealRecord } from '../../engine/src/records/seal.ts';

type Row = Record<string, unknown>;

export interface WorkOrderKind {
  /** The order entity and its key, number and cards (child collection, card entity, card's link to the order). */
  entity: string;
  number: string;
  cards: string;
  cardEntity: string;
  cardParent: string;
  /** The aircraft type the order's work is on (authorisations cover types). */
  aircraftType(tx: DB, order: Row): Promise<{ id: number; name: string }>;
  /** The aircraft's posted hours and cycles at the end of `date`; null where the aircraft's usage is not kept here. */
  totalsAt(tx: DB, order: Row, date: string): Promise<{ fh: number | null; fc: number | null } | null>;
  /** Inside the CRS's transaction, once the gate passed: what the release posts; returns a sentence for the answer. */
  onRelease?(ctx: ActionContext, tx: DB, order: Row, cards: Row[], signed: Row[]): Promise<string>;
  /**
   * The order's progress field and, when its codes differ, the kind's code of each of the
   * mechanism's states (`codes`) and the mechanism's state of each of the kind's codes (`read`).
   * Default: wo_status with the mechanism's codes.
   */
  progress?: { field: string; codes?: Partial<Record<Progress, string>>; read?: Record<string, Progress> };
  /** An order made but held (an MRO order on credit hold not yet approved): it is read as a draft, so it takes no signature and does not start. */
  held?(order: Row): boolean;
  /** After the order's progress is written (inside the action's transaction): what follows it (the MRO customer request's status). */
  onProgress?(ctx: ActionContext, tx: DB, order: Row): Promise<void>;
  /** The card's status, task code, done-by and done-date fields, and status codes as for `progress`. Default: task_status, task_code, done_by, done_date. */
  card?: { status: string; code: string; doneBy: string; doneDate: string; codes?: Record<string, string>; read?: Record<string, string> };
}

/** The mechanism's order states (decision 0162). */
export type Progress = 'DRAFT' | 'RELEASED' | 'INPROGRESS' | 'CRS' | 'CLOSED' | 'CANCELLED';

/**
 * Released is released (decision 0240), one rule for every kind: from the CRS on, and once closed
 * or cancelled, no path changes the order, its cards or its lines (update, delete, lines refused,
 * 409 ERR_LOCKED); a signed card (performed, done) is sealed on its own. The rule is the engine's
 * lifecycle (crud/lifecycle.ts: generic PUT and DELETE of the order and of a card, the order's
 * lines through its PUT, the import, fixtures and every plugin's repo.patch), declared on each
 * kind's entities in the kind's codes; `sealedRuleProblems` stops the start when a kind's metadata
 * does not say exactly this.
 */
export const SEALED: Progress[] = ['CRS', 'CLOSED', 'CANCELLED'];
/** The card states of a signed card (the mechanism's codes). */
export const SIGNED_CARD = ['PERFORMED', 'DONE'] as const;

/** Where the kind's metadata does not declare the SEALED rule in its codes (empty: it does). */
export function sealedRuleProblems(reg: Registry, kind: WorkOrderKind): string[] {
  const problems: string[] = [];
  const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
  const codes = (when: Record<string, unknown>, field: string) => {
    const keys = Object.keys(when);
    const v = when[field];
    return keys.length === 1 && keys[0] === field ? (Array.isArray(v) ? v.map(String) : [String(v)]) : null;
  };
  const declares = (entity: string, field: string, states: string[], refuse: string[]) =>
    (reg.entity(entity).lifecycle ?? []).some((r) => {
      const c = codes(r.when as Record<string, unknown>, field);
      return c !== null && sameSet(c, states) && refuse.every((k) => (r.refuse as string[]).includes(k)) && !r.except?.length && !r.exceptLines?.length;
    });
  const order = SEALED.map((p) => kind.progress?.codes?.[p] ?? p);
  if (!declares(kind.entity, progressField(kind), order, ['update', 'delete', 'lines'])) {
    problems.push(`${kind.entity}: lifecycle must refuse update, delete and lines, with no exception, when ${progressField(kind)} is one of ${order.join(', ')} (released is released, decision 0240)`);
  }
  const f = cardFields(kind);
  const card = SIGNED_CARD.map((c) => f.codes?.[c] ?? c);
  if (!declares(kind.cardEntity, f.status, card, ['update', 'delete'])) {
    problems.push(`${kind.cardEntity}: lifecycle must refuse update and delete, with no exception, when ${f.status} is one of ${card.join(', ')} (a signed card is sealed, decision 0240)`);
  }
  return problems;
}

const progressField = (kind: WorkOrderKind) => kind.progress?.field ?? 'wo_status';
const cardFields = (kind: WorkOrderKind) => kind.card ?? { status: 'task_status', code: 'task_code', doneBy: 'done_by', doneDate: 'done_date' };

/** The order as the mechanism reads it: its progress as `wo_status`, in the mechanism's codes. */
function asOrder(kind: WorkOrderKind, order: Row): Row {
  if (kind.held?.(order)) return { ...order, wo_status: 'DRAFT' };
  const raw = String(order[progressField(kind)]);
  return { ...order, wo_status: kind.progress?.read?.[raw] ?? raw };
}

/** The values writing a progress state on the kind's order. */
function progressValues(kind: WorkOrderKind, state: Progress): Row {
  return { [progressField(kind)]: kind.progress?.codes?.[state] ?? state };
}

/** The card as the mechanism reads it: task_status, task_code, done_by, done_date under these names and codes. */
function asCard(kind: WorkOrderKind, card: Row): Row {
  if (!kind.card) return card;
  const f = kind.card;
  const raw = card[f.status] === null || card[f.status] === undefined ? 'OPEN' : String(card[f.status]);
  return { ...card, task_status: f.read?.[raw] ?? raw, task_code: card[f.code], done_by: card[f.doneBy], done_date: card[f.doneDate] };
}

/** The card values in the kind's names and codes (the mechanism writes task_status, done_by, done_date). */
function cardValues(kind: WorkOrderKind, values: Row): Row {
  const f = cardFields(kind);
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'task_status') out[f.status] = f.codes?.[String(v)] ?? v;
    else if (k === 'done_by') out[f.doneBy] = v;
    else if (k === 'done_date') out[f.doneDate] = v;
    else out[k] = v;
  }
  return out;
}

/** Writes the order's progress (and the values going with it), then what follows it. */
async function writeProgress(ctx: ActionContext, tx: DB, kind: WorkOrderKind, order: Row, values: Row, reason: string): Promise<void> {
  await ctx.repo.patch(tx, ctx.user, kind.entity, order[ctx.reg.entity(kind.entity).key] as number, values, { reason, before: order });
  if (kind.onProgress) await kind.onProgress(ctx, tx, { ...order, ...values });
}

/** A moment written on a field: the business date on a date field, the instant on a datetime. */
function stamp(ctx: ActionContext, entity: string, field: string, instant: string): string {
  return ctx.reg.field(entity, field)?.type === 'date' ? businessDate(ctx) : instant;
}

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const num = (v: unknown): number | null => (has(v) ? Number(v) : null);

/** The business date of a signature: the fixture's replayed day, else today (UTC). */
const businessDate = (ctx: ActionContext) => ctx.asOf ?? todayUtc();

/**
 * The order's progress (`wo_status`, `setBy: actions` in metadata: no generic write, 409) and what
 * moves it, decision 0162:
 *   DRAFT ──approval (workflowFinished 111)──▶ RELEASED ──Start Work / first card signature──▶
 *   INPROGRESS ──Issue CRS──▶ CRS ──Close──▶ CLOSED;   DRAFT or RELEASED, nothing signed ──Withdraw──▶ CANCELLED.
 * A rejection leaves the order DRAFT (edit and send again).
 */
export type OrderStep = 'sign' | 'release' | 'start' | 'close' | 'withdraw';

const STEP_WORDS: Record<'sign' | 'release' | 'start', string> = {
  sign: 'its cards are signed',
  release: 'it is released to service',
  start: 'the work starts',
};

/** Why an order takes no card signature, CRS, start, close or withdrawal now, or null. */
function orderRefusal(order: Row, number: string, what: OrderStep): string | null {
  const no = `Work order ${String(order[number])}`;
  const status = String(order.wo_status);
  if (status === 'CANCELLED') return `${no} is cancelled.`;
  if (what === 'close') {
    if (status === 'CLOSED') return `${no} is already closed.`;
    return status === 'CRS' ? null : `${no} cannot be closed: it is closed once its certificate of release to service is issued.`;
  }
  if (status === 'CLOSED') return `${no} is closed.`;
  if (status === 'CRS') return `${no} is already released to service${what === 'sign' ? ': its cards take no more signatures' : ''}.`;
  if (what === 'withdraw') {
    if (String(order.statuswf) === STATUS.ON_PROCESS) return `${no} is on process: cancel the sending before withdrawing it.`;
    return status === 'INPROGRESS' ? `${no} is in work: it can no longer be withdrawn (defer or carry its cards, then release it).` : null;
  }
  if (status === 'DRAFT') return `${no} is not released for work yet: ${STEP_WORDS[what]} once it is approved.`;
  if (what === 'start' && status === 'INPROGRESS') return `${no} is already in work.`;
  if (status !== 'RELEASED' && status !== 'INPROGRESS') return `${no} is not released for work.`;
  return null;
}

/** The signer's authorisations in the company, with the types each covers. */
async function authorisationsOf(tx: DB, userId: number, compcode: string): Promise<Authorisation[]> {
  // only approved authorisations are in effect: a draft, a revision on process or a rejected one is not (decision 0220)
  const rows = (await tx.selectFrom('staff_authorisation').selectAll().where('person', '=', userId).where('compcode', '=', compcode).where('statuswf', '=', STATUS.APPROVED).orderBy('auth_id').execute()) as Row[];
  if (rows.length === 0) return [];
  const types = await tx
    .selectFrom('staff_authorisation_type')
    .select(['authorisation', 'aircraft_type'])
    .where(
      'authorisation',
      'in',
      rows.map((r) => Number(r.auth_id)),
    )
    .execute();
  return rows.map((r) => ({
    authNo: String(r.auth_no),
    version: Number(r.auth_version ?? 1),
    category: String(r.category) as Category,
    types: types.filter((t) => Number(t.authorisation) === Number(r.auth_id)).map((t) => Number(t.aircraft_type)),
    ataScope: (r.ata_scope as string | null) ?? null,
    validFrom: String(r.valid_from).slice(0, 10),
    validTo: String(r.valid_to).slice(0, 10),
    suspended: Boolean(r.suspended),
  }));
}

async function checkAuthorisation(tx: DB, ctx: ActionContext, kind: WorkOrderKind, order: Row, need: { signature: Signature; cardCategory?: 'A' | 'B1' | 'B2' | null; ata?: string | null; date: string }): Promise<Authorisation> {
  const type = await kind.aircraftType(tx, order);
  const r = authorisationFor(await authorisationsOf(tx, ctx.user.user_id, ctx.user.compcode), { ...need, typeId: type.id, typeName: type.name });
  if ('refusal' in r) throw appError('ERR_SIGNOFF', { message: r.refusal });
  return r.ok;
}

function cardState(card: Row): CardState {
  return {
    seq: Number(card.seq),
    code: (card.task_code as string | null) ?? null,
    text: (card.description as string | null) ?? null,
    status: has(card.deferral_defect) ? 'DEFERRED' : has(card.carried_to) ? 'CARRIED' : String(card.task_status ?? 'OPEN'),
    rii: Boolean(card.rii),
    performedBy: num(card.performed_user),
    performedName: (card.done_by as string | null) ?? null,
    certifiedBy: num(card.certified_user),
    certifiedName: null,
    inspectedBy: num(card.inspected_user),
    inspectedName: (card.inspected_by as string | null) ?? null,
  };
}

async function ataOf(tx: DB, ctx: ActionContext, kind: WorkOrderKind, card: Row): Promise<string | null> {
  if (!has(card.ata)) return null;
  // a card whose ATA chapter is typed ('32-11') rather than a reference to ata_group
  if (ctx.reg.field(kind.cardEntity, 'ata')?.type !== 'reference') return String(card.ata);
  const a = await tx.selectFrom('ata_group').select('ata_code').where('id', '=', Number(card.ata)).executeTakeFirst();
  return a ? String(a.ata_code) : null;
}

async function lockOrder(tx: DB, kind: WorkOrderKind, ctx: ActionContext, id: unknown): Promise<Row> {
  const e = ctx.reg.entity(kind.entity);
  const order = (await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', Number(id)).forUpdate().executeTakeFirst()) as Row | undefined;
  if (!order || order.compcode !== ctx.user.compcode) throw appError('ERR_NOT_FOUND');
  return order;
}

/** Actions sign_card_performed / sign_card_certified / sign_card_inspected on a card. */
export async function signCard(ctx: ActionContext, kind: WorkOrderKind, key: unknown, signature: CardSignature) {
  return documentAction(ctx, { entity: kind.cardEntity, key, name: `sign ${signature.toLowerCase()}` }, async (tx, stored) => {
    const card = asCard(kind, stored);
    const order = await lockOrder(tx, kind, ctx, card[kind.cardParent]);
    const refused = orderRefusal(asOrder(kind, order), kind.number, 'sign') ?? signOffRefusal(cardState(card), signature, ctx.user.user_id);
    if (refused) throw appError('ERR_SIGNOFF', { message: refused });
    const date = businessDate(ctx);
    const now = new Date().toISOString();
    const name = await fullName(tx, ctx.user);
    const values: Row = {};
    if (signature === 'PERFORM') {
      // a correction's card (decision 0315) states the day the work was accomplished: it keeps it
      const workDate = has(card.supersedes) && has(card.done_date) ? isoDate(card.done_date as string) : date;
      const totals = await kind.totalsAt(tx, order, workDate);
      Object.assign(values, { performed_user: ctx.user.user_id, performed_at: now, done_date: workDate, done_by: name, ac_fh_done: totals?.fh ?? null, ac_fc_done: totals?.fc ?? null });
    } else {
      const auth = await checkAuthorisation(tx, ctx, kind, order, {
        signature: signature === 'CERTIFY' ? 'CERTIFY' : 'INSPECT',
        cardCategory: (card.cert_category as 'A' | 'B1' | 'B2' | null) ?? 'B1',
        ata: await ataOf(tx, ctx, kind, card),
        date,
      });
      if (signature === 'CERTIFY') Object.assign(values, { certified_user: ctx.user.user_id, certified_auth: auth.authNo, certified_auth_version: auth.version ?? null, certified_at: now });
      else Object.assign(values, { inspected_user: ctx.user.user_id, inspected_by: name, inspected_auth: auth.authNo, inspected_auth_version: auth.version ?? null, inspected_at: now });
    }
    const after = { ...card, ...values };
    values.task_status = statusAfter({ rii: Boolean(after.rii), performedBy: num(after.performed_user), certifiedBy: num(after.certified_user), inspectedBy: num(after.inspected_user) });
    const key_ = card[ctx.reg.entity(kind.cardEntity).key] as number;
    await ctx.repo.patch(tx, ctx.user, kind.cardEntity, key_, cardValues(kind, values), { reason: `signed ${signature.toLowerCase()}`, before: stored });
    await sealRecord(tx, ctx.reg, ctx.user, kind.cardEntity, key_, ({ PERFORM: 'performed', CERTIFY: 'certified', INSPECT: 'inspected' } as const)[signature]);
    if (asOrder(kind, order).wo_status === 'RELEASED') {
      await writeProgress(ctx, tx, kind, order, { ...progressValues(kind, 'INPROGRESS'), ...(has(order.actual_start) ? {} : { actual_start: stamp(ctx, kind.entity, 'actual_start', now) }) }, 'work started');
    }
    const what = { PERFORM: 'signed as performed', CERTIFY: 'certified', INSPECT: 'inspected' }[signature];
    return { success: 1, message: `Task card ${String(card.seq)} of ${String(order[kind.number])} ${what} by ${name}.`, task_status: cardValues(kind, { task_status: values.task_status })[cardFields(kind).status] };
  });
}

/** The card as the release gate sees it (its deferral's defect read). */
async function gateCard(tx: DB, card: Row): Promise<GateCard> {
  const s = cardState(card);
  const gc: GateCard = { seq: s.seq, code: s.code, status: s.status === 'DEFERRED' || s.status === 'CARRIED' ? s.status : statusAfter(s), carriedTo: card.carried_to, carryReason: (card.carry_reason as string | null) ?? null };
  if (s.status === 'DEFERRED') {
    const d = await tx.selectFrom('defect').select(['defect_status', 'mel_category', 'due_date']).where('defect_id', '=', Number(card.deferral_defect)).executeTakeFirst();
    gc.deferral = d ? { status: String(d.defect_status), melCategory: d.mel_category, dueDate: (d.due_date as string | null) ?? null } : null;
  }
  return gc;
}

/** Action issue_crs on an order: the release gate, the certifier's authorisation, what the release posts. */
export async function issueCrs(ctx: ActionContext, kind: WorkOrderKind, key: unknown) {
  return documentAction(ctx, { entity: kind.entity, key, name: 'issue CRS' }, async (tx, order) => {
    const refused = orderRefusal(asOrder(kind, order), kind.number, 'release');
    if (refused) throw appError('ERR_SIGNOFF', { message: refused });
    const cards = ((order[kind.cards] as Row[] | undefined) ?? []).map((c) => asCard(kind, c));
    const gate = releaseRefusal(await Promise.all(cards.map((c) => gateCard(tx, c))));
    if (gate) throw appError('ERR_SIGNOFF', { message: gate });
    const date = businessDate(ctx);
    const auth = await checkAuthorisation(tx, ctx, kind, order, { signature: 'RELEASE', date });
    const now = new Date().toISOString();
    const name = await fullName(tx, ctx.user);
    const number = String(order[kind.number]);
    const crs: Row = {
      ...progressValues(kind, 'CRS'),
      crs_no: has(order.crs_no) ? order.crs_no : `CRS-${number}`,
      crs_date: stamp(ctx, kind.entity, 'crs_date', now),
      crs_signed_by: `${name} (${auth.authNo})`,
      crs_user: ctx.user.user_id,
      crs_auth_no: auth.authNo,
      crs_auth_version: auth.version ?? null,
      ...(has(order.actual_end) ? {} : { actual_end: stamp(ctx, kind.entity, 'actual_end', now) }),
    };
    const signed = cards.filter((c) => statusAfter(cardState(c)) === 'DONE' && !has(c.deferral_defect) && !has(c.carried_to));
    const posted = kind.onRelease ? await kind.onRelease(ctx, tx, { ...order, ...crs }, cards, signed) : '';
    await writeProgress(ctx, tx, kind, order, crs, 'certificate of release to service issued');
    await sealRecord(tx, ctx.reg, ctx.user, kind.entity, order[ctx.reg.entity(kind.entity).key], 'crs');
    return { success: 1, message: `${String(crs.crs_no)} issued for ${number} by ${String(crs.crs_signed_by)}.${posted ? ` ${posted}` : ''}`, crs_no: crs.crs_no };
  });
}

/** The moment an action is taken: the replayed day's start (fixtures), else now. */
const momentOf = (ctx: ActionContext) => (ctx.replayed && ctx.asOf ? `${ctx.asOf}T00:00:00.000Z` : new Date().toISOString());

/** Hook workflowFinished on the order: its approval releases it for work; a rejection leaves it a draft. */
export function releaseOnApproval(kind: WorkOrderKind) {
  return async (ctx: HookContext): Promise<void> => {
    if (ctx.workflow?.status !== STATUS.APPROVED) return;
    // every caller gives the engine's services (finishedHooks): never approve without releasing
    if (!ctx.repo || !ctx.reg) throw new Error('workflowFinished of a work order without the repository');
    const e = ctx.reg.entity(kind.entity);
    const order = (await loose(ctx.db).selectFrom(e.table).selectAll().where(e.key, '=', Number(ctx.row.key)).forUpdate().executeTakeFirst()) as Row | undefined;
    // an order taken over already released or closed (fixture opening values) keeps its state
    if (!order || asOrder(kind, order).wo_status !== 'DRAFT') return;
    await ctx.repo.patch(ctx.db, ctx.user, kind.entity, order[e.key] as number, progressValues(kind, 'RELEASED'), { reason: 'approved: released for work', before: order });
  };
}

/** Hook beforeSend on the order: a withdrawn order is not sent for approval. */
export function refuseWithdrawn(kind: WorkOrderKind) {
  return async (ctx: HookContext): Promise<void> => {
    if (asOrder(kind, ctx.row).wo_status === 'CANCELLED') throw appError('ERR_CONFLICT', { message: `Work order ${String(ctx.row[kind.number])} is withdrawn: it is not sent for approval.` });
  };
}

/** Action start_work_order: a released order goes in work (its actual start, if not typed, is now). */
export async function startWork(ctx: ActionContext, kind: WorkOrderKind, key: unknown) {
  return documentAction(ctx, { entity: kind.entity, key, name: 'start work' }, async (tx, order) => {
    const refused = orderRefusal(asOrder(kind, order), kind.number, 'start');
    if (refused) throw appError('ERR_CONFLICT', { message: refused });
    const values: Row = { ...progressValues(kind, 'INPROGRESS'), ...(has(order.actual_start) ? {} : { actual_start: stamp(ctx, kind.entity, 'actual_start', momentOf(ctx)) }) };
    await writeProgress(ctx, tx, kind, order, values, 'work started');
    return { success: 1, message: `${String(order[kind.number])} is in work.` };
  });
}

/**
 * Action close_work_order: only an order released to service (CRS issued) with every card signed
 * or put aside is closed; the open cards are named. After the CRS no path adds or reopens a card
 * (the SEALED lifecycle below), so the second test guards what was taken over or written before.
 */
export async function closeOrder(ctx: ActionContext, kind: WorkOrderKind, key: unknown) {
  return documentAction(ctx, { entity: kind.entity, key, name: 'close' }, async (tx, order) => {
    const state = asOrder(kind, order).wo_status;
    let refused = orderRefusal(asOrder(kind, order), kind.number, 'close');
    if (state !== 'CLOSED' && state !== 'CANCELLED') {
      const cards = ((order[kind.cards] as Row[] | undefined) ?? []).map((c) => asCard(kind, c));
      // a card DONE is signed (its status is set by the sign actions, or taken over as released on paper)
      const gate = await Promise.all(cards.map(async (c) => ({ ...(await gateCard(tx, c)), ...(String(c.task_status) === 'DONE' ? { status: 'DONE' } : {}) })));
      const open = gate.filter((c) => cardHoldsRelease(c) !== null);
      const named = `${open.map((c) => cardLabel(c)).join(', ')} ${open.length === 1 ? 'is' : 'are'} not signed or deferred`;
      if (state === 'CRS') refused = open.length ? `Work order ${String(order[kind.number])} cannot be closed: ${named}.` : null;
      else
        refused = open.length
          ? `Work order ${String(order[kind.number])} cannot be closed: ${named}, and no certificate of release to service is issued.`
          : `Work order ${String(order[kind.number])} cannot be closed: no certificate of release to service is issued (Issue CRS first).`;
    }
    if (refused) throw appError('ERR_CONFLICT', { message: refused });
    await writeProgress(ctx, tx, kind, order, progressValues(kind, 'CLOSED'), 'closed');
    return { success: 1, message: `${String(order[kind.number])} closed.` };
  });
}

/** Action withdraw_work_order: a draft or released order nobody has signed is cancelled; its due items are free again. */
export async function withdrawOrder(ctx: ActionContext, kind: WorkOrderKind, key: unknown) {
  return documentAction(ctx, { entity: kind.entity, key, name: 'withdraw' }, async (tx, order) => {
    const refused = orderRefusal(asOrder(kind, order), kind.number, 'withdraw');
    if (refused) throw appError('ERR_CONFLICT', { message: refused });
    const signed = ((order[kind.cards] as Row[] | undefined) ?? []).map((c) => asCard(kind, c)).filter((c) => has(c.performed_user) || has(c.certified_user) || has(c.inspected_user));
    if (signed.length) throw appError('ERR_CONFLICT', { message: `Work order ${String(order[kind.number])} cannot be withdrawn: ${signed.map((c) => cardLabel(cardState(c))).join(', ')} ${signed.length === 1 ? 'is' : 'are'} signed.` });
    await writeProgress(ctx, tx, kind, order, progressValues(kind, 'CANCELLED'), 'withdrawn');
    return { success: 1, message: `${String(order[kind.number])} withdrawn.` };
  });
}
