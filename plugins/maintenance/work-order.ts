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
 *   1. read and lock the order with its cards; released for work or in work (the order's
 *      declared transition, metadata `lifecycle`: the action runner refuses any other state and
 *      runs its guards before this action, decision 0405);
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
import { STATUS } from '../../engine/src/workflow/status.ts';
import { sealRecord } from '../../engine/src/records/seal.ts';
import type { SignaturePreview } from '../../engine/src/plugins/host.ts';
import { transitionRefusal } from '../../engine/src/crud/transitions.ts';
import { cardToolsRefusal, cardToolsText, signCardTools, type ToolLines } from './tools.ts';
import '../errors.ts';

type Row = Record<string, unknown>;

export interface WorkOrderKind {
  /** The order entity and its key, number and cards (child collection, card entity, card's link to the order). */
  entity: string;
  number: string;
  cards: string;
  cardEntity: string;
  cardParent: string;
  /** The aircraft type the order's work is on (authorisations cover types), and the aircraft's registration (what a signature shows). */
  aircraftType(tx: DB, order: Row): Promise<{ id: number; name: string; registration?: string }>;
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
  /** The order's field naming its aircraft: a card is carried only to an order of the same one. */
  aircraftField?: string;
  /** Defer (decision 0355): the defect entity a card is deferred under, read for the release gate and raised or linked by Defer. */
  deferral?: CardDeferral;
  /** Carry: server-set card fields copied onto the carried card (the operator's due item). */
  carryServerFields?: string[];
  /** The tools used on the cards (decision 0395): checked and marked signed at the performed signature. */
  tools?: ToolLines;
}

/** How a kind's card is deferred under the MEL: the defect it names, read and raised or linked. */
export interface CardDeferral {
  entity: string;
  /** The defect as the release gate reads it, or null when it is not there. */
  read(tx: DB, id: number): Promise<{ status: string; melCategory: unknown; dueDate: string | null } | null>;
  /**
   * Inside the Defer's transaction: the defect named (`defect`, of the order's aircraft) deferred
   * under `melCategory` when still open, or a new one raised on the order deferred under it; the
   * MEL rules compute its expiry. Returns its key, number and expiry.
   */
  defer(ctx: ActionContext, tx: DB, order: Row, card: Row, input: { defect: number | null; melCategory: number | null; melItem: string | null; intervalDays: number | null; reason: string }): Promise<{ id: number; no: string; due: string | null }>;
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
export type OrderStep = 'sign' | 'aside';

const STEP_WORDS: Record<OrderStep, string> = {
  sign: 'its cards are signed',
  aside: 'its cards are deferred or carried',
};

/**
 * Why a card of the order takes no signature, deferral or carry now (the order's state; the card
 * actions are the card's, not transitions of the order), or null. The order's own steps (start,
 * CRS, close, withdraw) are its declared transitions (metadata `lifecycle`, decision 0405): the
 * action runner refuses them from any other state, with their guards (rules/order-guards.ts).
 */
function orderRefusal(order: Row, number: string, what: OrderStep): string | null {
  const no = `Work order ${String(order[number])}`;
  const status = String(order.wo_status);
  if (status === 'CANCELLED') return `${no} is cancelled.`;
  if (status === 'CLOSED') return `${no} is closed.`;
  if (status === 'CRS') return `${no} is already released to service${what === 'sign' ? ': its cards take no more signatures' : ': its cards are no longer deferred or carried'}.`;
  if (status === 'DRAFT') return `${no} is not released for work yet: ${STEP_WORDS[what]} once it is approved.`;
  if (status !== 'RELEASED' && status !== 'INPROGRESS') return `${no} is not released for work.`;
  return null;
}

/** The order's CRS transition (the one leading to CRS in the kind's codes), refused on this row: its state, then its guards. */
function crsRefusal(ctx: ActionContext, kind: WorkOrderKind, order: Row): string | null {
  const crs = String(progressValues(kind, 'CRS')[progressField(kind)]);
  const t = ctx.reg.entity(kind.entity).states?.transitions.find((x) => x.to === crs);
  return t ? (transitionRefusal(ctx.reg, ctx.plugins, kind.entity, t.action, order)?.message ?? null) : null;
}

/** The signer's authorisations in the company, with the types each covers. */
export async function authorisationsOf(tx: DB, userId: number, compcode: string): Promise<Authorisation[]> {
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
      // the tools the work is done with: usable today (they may have fallen due since entry), then kept as signed
      if (kind.tools) await signCardTools(ctx, tx, kind.tools, card[ctx.reg.entity(kind.cardEntity).key] as number, date, `${cardLabel({ seq: Number(card.seq), code: (card.task_code as string | null) ?? null })} of ${String(order[kind.number])}`);
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

/** The operator's defect as the release gate reads it (the default of a kind without `deferral`). */
async function operatorDefect(tx: DB, id: number) {
  const d = await tx.selectFrom('defect').select(['defect_status', 'mel_category', 'due_date']).where('defect_id', '=', id).executeTakeFirst();
  return d ? { status: String(d.defect_status), melCategory: d.mel_category, dueDate: (d.due_date as string | null) ?? null } : null;
}

/** The card as the release gate sees it (its deferral's defect read). */
async function gateCard(tx: DB, kind: WorkOrderKind, card: Row): Promise<GateCard> {
  const s = cardState(card);
  const gc: GateCard = { seq: s.seq, code: s.code, status: s.status === 'DEFERRED' || s.status === 'CARRIED' ? s.status : statusAfter(s), carriedTo: card.carried_to, carryReason: (card.carry_reason as string | null) ?? null };
  if (s.status === 'DEFERRED') {
    gc.deferral = has(card.deferral_defect) ? await (kind.deferral?.read ?? operatorDefect)(tx, Number(card.deferral_defect)) : null;
  }
  return gc;
}

/** Action issue_crs on an order: the release gate, the certifier's authorisation, what the release posts. */
export async function issueCrs(ctx: ActionContext, kind: WorkOrderKind, key: unknown) {
  return documentAction(ctx, { entity: kind.entity, key, name: 'issue CRS' }, async (tx, order) => {
    // the order's state and guards: the runner's (its declared transition, decision 0405)
    const cards = ((order[kind.cards] as Row[] | undefined) ?? []).map((c) => asCard(kind, c));
    const gate = releaseRefusal(await Promise.all(cards.map((c) => gateCard(tx, kind, c))));
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

/** Hours and cycles as a signature shows them: hours are kept in minutes, shown H:MM ("14,056:05 FH / 15,462 FC"); "not kept here" when the aircraft's usage is not. */
function totalsText(t: { fh: number | null; fc: number | null } | null): string {
  if (!t || (t.fh === null && t.fc === null)) return 'not kept here';
  const minutes = Math.round(Number(t.fh));
  const fh = t.fh === null ? '—' : `${Math.floor(minutes / 60).toLocaleString('en-US')}:${String(minutes % 60).padStart(2, '0')}`;
  const fc = t.fc === null ? '—' : Number(t.fc).toLocaleString('en-US', { maximumFractionDigits: 0 });
  return `${fh} FH / ${fc} FC`;
}

/** The authorisation a signature would be given under, or why none covers it (the message the signature would get). */
async function authorisationPreview(tx: DB, ctx: ActionContext, kind: WorkOrderKind, order: Row, need: Parameters<typeof checkAuthorisation>[4]): Promise<{ authorisation: string | null; refusal: string | null }> {
  try {
    const a = await checkAuthorisation(tx, ctx, kind, order, need);
    return { authorisation: `${a.authNo}${a.version ? ` v${String(a.version)}` : ''}`, refusal: null };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { authorisation: null, refusal: message };
  }
}

/**
 * Preview of sign_card_performed / _certified / _inspected (decision 0316): the card as the
 * signature reads it, the aircraft and, for Performed, the hours and cycles it will record (those
 * posted at the end of the day of the work, as signCard takes them); the signer's authorisation
 * for Certify and the RII; the refusal the signature would get now (a blank card, the order not
 * released, the order of signatures, no authorisation). Writes nothing.
 */
export async function previewCard(ctx: ActionContext, kind: WorkOrderKind, key: unknown, signature: CardSignature): Promise<SignaturePreview> {
  const tx = ctx.db;
  const stored = await ctx.repo.get({ db: tx, ability: ctx.ability }, kind.cardEntity, key as string | number);
  const card = asCard(kind, stored);
  const e = ctx.reg.entity(kind.entity);
  const order = (await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', Number(card[kind.cardParent])).executeTakeFirstOrThrow()) as Row;
  const type = await kind.aircraftType(tx, order);
  const date = businessDate(ctx);
  const workDate = has(card.supersedes) && has(card.done_date) ? isoDate(card.done_date as string) : date;
  const performed = has(card.performed_user);
  // Performed records the hours and cycles now; Certify and the RII cover those recorded then
  const totals = signature === 'PERFORM' ? await kind.totalsAt(tx, order, workDate) : { fh: num(card.ac_fh_done), fc: num(card.ac_fc_done) };
  let refusal = orderRefusal(asOrder(kind, order), kind.number, 'sign') ?? signOffRefusal(cardState(card), signature, ctx.user.user_id);
  const cardKey = Number(card[ctx.reg.entity(kind.cardEntity).key]);
  if (!refusal && signature === 'PERFORM' && kind.tools) refusal = await cardToolsRefusal(tx, ctx.reg, kind.tools, ctx.user.compcode, cardKey, date);
  let authorisation: string | null = null;
  if (!refusal && signature !== 'PERFORM') {
    ({ authorisation, refusal } = await authorisationPreview(tx, ctx, kind, order, {
      signature: signature === 'CERTIFY' ? 'CERTIFY' : 'INSPECT',
      cardCategory: (card.cert_category as 'A' | 'B1' | 'B2' | null) ?? 'B1',
      ata: await ataOf(tx, ctx, kind, card),
      date,
    }));
  }
  const items = [
    { label: 'Work order', value: String(order[kind.number]) },
    { label: 'Aircraft', value: `${type.registration ?? ''}${type.registration ? ' ' : ''}(${type.name})` },
    { label: 'Task card', value: `${String(card.seq)}${has(card.task_code) ? ` · ${String(card.task_code)}` : ''}` },
    { label: 'Text', value: String(card.description ?? '') },
    { label: 'Certifying category', value: `${String(card.cert_category ?? 'B1')}${card.rii ? ' · RII' : ''}` },
    { label: signature === 'PERFORM' ? `Hours and cycles recorded (end of ${workDate})` : `Hours and cycles recorded when performed${has(card.done_date) ? ` (${isoDate(card.done_date as string)})` : ''}`, value: totalsText(totals) },
    ...(signature !== 'PERFORM' && performed ? [{ label: 'Performed by', value: String(card.done_by ?? '') }] : []),
    ...(kind.tools ? [{ label: 'Tools used', value: await cardToolsText(tx, ctx.reg, kind.tools, ctx.user.compcode, cardKey) }] : []),
  ];
  return { document: `${cardLabel({ seq: Number(card.seq), code: (card.task_code as string | null) ?? null })} of ${String(order[kind.number])}`, items, authorisation, refusal };
}

/** Preview of issue_crs (decision 0316): the order, its aircraft, hours and cycles now, its cards and their state; the release gate's and the authorisation's refusal. */
export async function previewCrs(ctx: ActionContext, kind: WorkOrderKind, key: unknown): Promise<SignaturePreview> {
  const tx = ctx.db;
  const order = await ctx.repo.get({ db: tx, ability: ctx.ability }, kind.entity, key as string | number);
  const type = await kind.aircraftType(tx, order);
  const date = businessDate(ctx);
  const cards = ((order[kind.cards] as Row[] | undefined) ?? []).map((c) => asCard(kind, c));
  let refusal = crsRefusal(ctx, kind, order) ?? releaseRefusal(await Promise.all(cards.map((c) => gateCard(tx, kind, c))));
  let authorisation: string | null = null;
  if (!refusal) ({ authorisation, refusal } = await authorisationPreview(tx, ctx, kind, order, { signature: 'RELEASE', date }));
  const state = (c: Row) => (has(c.deferral_defect) ? 'deferred' : has(c.carried_to) ? 'carried' : statusAfter(cardState(c)) === 'DONE' ? 'signed' : 'not signed');
  const items = [
    { label: 'Work order', value: `${String(order[kind.number])}${has(order.title) ? ` · ${String(order.title)}` : ''}` },
    { label: 'Aircraft', value: `${type.registration ?? ''}${type.registration ? ' ' : ''}(${type.name})` },
    { label: `Hours and cycles (end of ${date})`, value: totalsText(await kind.totalsAt(tx, order, date)) },
    { label: 'Certificate', value: has(order.crs_no) ? String(order.crs_no) : `CRS-${String(order[kind.number])}` },
    ...cards.map((c) => ({ label: cardLabel({ seq: Number(c.seq), code: (c.task_code as string | null) ?? null }), value: `${state(c)}: ${String(c.description ?? '')}` })),
  ];
  return { document: `${String(order[kind.number])}`, items, authorisation, refusal };
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
    // released for work (and, for a held kind, approved): the runner's, by the declared transition
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
    // released to service (CRS): the runner's, by the declared transition (decision 0405)
    const cards = ((order[kind.cards] as Row[] | undefined) ?? []).map((c) => asCard(kind, c));
    // a card DONE is signed (its status is set by the sign actions, or taken over as released on paper)
    const gate = await Promise.all(cards.map(async (c) => ({ ...(await gateCard(tx, kind, c)), ...(String(c.task_status) === 'DONE' ? { status: 'DONE' } : {}) })));
    const open = gate.filter((c) => cardHoldsRelease(c) !== null);
    if (open.length) throw appError('ERR_CONFLICT', { message: `Work order ${String(order[kind.number])} cannot be closed: ${open.map((c) => cardLabel(c)).join(', ')} ${open.length === 1 ? 'is' : 'are'} not signed or deferred.` });
    await writeProgress(ctx, tx, kind, order, progressValues(kind, 'CLOSED'), 'closed');
    return { success: 1, message: `${String(order[kind.number])} closed.` };
  });
}

/** Action withdraw_work_order: a draft or released order nobody has signed is cancelled; its due items are free again. */
export async function withdrawOrder(ctx: ActionContext, kind: WorkOrderKind, key: unknown) {
  return documentAction(ctx, { entity: kind.entity, key, name: 'withdraw' }, async (tx, order) => {
    // draft or released, not on process: the runner's, by the declared transition and its guard
    const signed = ((order[kind.cards] as Row[] | undefined) ?? []).map((c) => asCard(kind, c)).filter((c) => has(c.performed_user) || has(c.certified_user) || has(c.inspected_user));
    if (signed.length) throw appError('ERR_CONFLICT', { message: `Work order ${String(order[kind.number])} cannot be withdrawn: ${signed.map((c) => cardLabel(cardState(c))).join(', ')} ${signed.length === 1 ? 'is' : 'are'} signed.` });
    await writeProgress(ctx, tx, kind, order, progressValues(kind, 'CANCELLED'), 'withdrawn');
    return { success: 1, message: `${String(order[kind.number])} withdrawn.` };
  });
}

/**
 * Defer and Carry (issue 38 point 3, decision 0355): an open card of an order in work is put
 * aside, never signed, so the release can go on (the gate of rules/release.ts accepts it):
 *
 *   POST /api/data/<card entity>/action/defer_task_card  { key, reason, defect? | mel_category, mel_item?, interval_days? }
 *   POST /api/data/<card entity>/action/carry_task_card  { key, reason, target }
 *
 * Each body value may instead be typed on the card (deferral_reason, defer_mel_category,
 * defer_mel_item, carry_target, carry_reason) and the action run on it. Letter O, the release's.
 * 1. read and lock the card and its order; the order is released for work or in work
 *    (orderRefusal 'aside');
 * 2. the card's lifecycle decides whether it may still change (`repo.refusal`): a signed card
 *    (PERFORMED, DONE) and one already deferred or carried are refused, 409 ERR_LOCKED;
 * 3. Defer: the kind's `deferral` defers the defect named (of the same aircraft) or raises one on
 *    the order, through the MEL rules (category, expiry); the card becomes DEFERRED naming it;
 *    Carry: the target (same company, same aircraft, another order) must take lines by its own
 *    lifecycle (a released, closed, cancelled or on-process order does not, ERR_LOCKED), and the
 *    kind's card hooks (an approved operator order takes a new card only by Amend); a copy of the
 *    card's task goes on it as its next card (`carried_from` names this card), and this card
 *    becomes CARRIED with `carried_to` and the reason. Both cards keep their own history, each on
 *    its order; the carried card's history stays readable on the first order.
 */
type Aside = { reason: string; body: Row };

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const keyOf = (v: unknown): number | null => {
  if (!has(v)) return null;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : NaN;
};
const fieldError = (path: string, message: string) => appError('ERR_VALIDATION', { errors: [{ path: `/${path}`, message }] });

async function putAside(ctx: ActionContext, kind: WorkOrderKind, key: unknown, name: string, reasonField: string, body: Row, run: (tx: DB, card: Row, stored: Row, order: Row, aside: Aside) => Promise<Row>) {
  return documentAction(ctx, { entity: kind.cardEntity, key, name }, async (tx, stored) => {
    const card = asCard(kind, stored);
    const order = await lockOrder(tx, kind, ctx, card[kind.cardParent]);
    const refused = orderRefusal(asOrder(kind, order), kind.number, 'aside');
    if (refused) throw appError('ERR_CONFLICT', { message: refused });
    // the card's own lifecycle: a signed card, or one already put aside, is kept as it is
    const locked = ctx.repo.refusal(kind.cardEntity, stored, 'update');
    if (locked) throw locked;
    const reason = text(body.reason) ?? text(stored[reasonField]);
    if (!reason) throw fieldError('reason', `give the reason the card is ${name === 'defer' ? 'deferred' : 'carried'}`);
    if (reason.length > 300) throw fieldError('reason', 'at most 300 characters');
    return run(tx, card, stored, order, { reason, body });
  });
}

/** Action defer_task_card (defer_amo_task_card): the card deferred under the MEL. */
export async function deferCard(ctx: ActionContext, kind: WorkOrderKind, key: unknown, body: Row = {}) {
  return putAside(ctx, kind, key, 'defer', 'deferral_reason', body, async (tx, card, stored, order, { reason }) => {
    if (!kind.deferral) throw appError('ERR_CONFLICT', { message: 'Cards of these work orders are not deferred here.' });
    const defect = keyOf(body.defect);
    const melCategory = keyOf(body.mel_category ?? stored.defer_mel_category);
    const intervalDays = has(body.interval_days) ? Number(body.interval_days) : null;
    if (Number.isNaN(defect)) throw fieldError('defect', 'choose a defect of the aircraft');
    if (Number.isNaN(melCategory)) throw fieldError('mel_category', 'choose an MEL category');
    if (intervalDays !== null && !(Number.isInteger(intervalDays) && intervalDays >= 0 && intervalDays <= 365)) throw fieldError('interval_days', 'whole days from 0 to 365');
    const melItem = text(body.mel_item) ?? text(stored.defer_mel_item);
    if (melItem && melItem.length > 20) throw fieldError('mel_item', 'at most 20 characters');
    if (defect === null && melCategory === null) throw fieldError('mel_category', 'name the defect the card is deferred under, or the MEL category to defer it under');
    const d = await kind.deferral.defer(ctx, tx, order, card, { defect, melCategory, melItem, intervalDays, reason });
    // the card records what it is deferred under as the defect now says: category, item, expiry
    const now = await kind.deferral.read(tx, d.id);
    const k = card[ctx.reg.entity(kind.cardEntity).key] as number;
    const values: Row = { task_status: 'DEFERRED', deferral_defect: d.id, deferral_reason: reason, deferral_due: d.due, defer_mel_category: has(now?.melCategory) ? Number(now?.melCategory) : null };
    if (melItem) values.defer_mel_item = melItem;
    await ctx.repo.patch(tx, ctx.user, kind.cardEntity, k, cardValues(kind, values), { reason: `deferred under ${d.no}: ${reason}`, before: stored });
    return { success: 1, message: `Task card ${String(card.seq)} of ${String(order[kind.number])} deferred under ${d.no}${d.due ? `, to be rectified by ${d.due}` : ''}.`, defect: d.id, defect_no: d.no, due_date: d.due };
  });
}

/** Action carry_task_card (carry_amo_task_card): the card carried to another open order of the same aircraft. */
export async function carryCard(ctx: ActionContext, kind: WorkOrderKind, key: unknown, body: Row = {}) {
  return putAside(ctx, kind, key, 'carry', 'carry_reason', body, async (tx, card, stored, order, { reason }) => {
    const e = ctx.reg.entity(kind.entity);
    const ce = ctx.reg.entity(kind.cardEntity);
    const targetKey = keyOf(body.target ?? stored.carry_target);
    if (targetKey === null || Number.isNaN(targetKey)) throw fieldError('target', 'choose the work order the card is carried to');
    if (targetKey === Number(order[e.key])) throw fieldError('target', `the card is already on ${String(order[kind.number])}: choose another work order`);
    const target = (await loose(tx).selectFrom(e.table).selectAll().where(e.key, '=', targetKey).where('compcode', '=', ctx.user.compcode).forUpdate().executeTakeFirst()) as Row | undefined;
    if (!target) throw fieldError('target', 'choose a work order of this company');
    const ac = kind.aircraftField ?? 'aircraft';
    if (String(target[ac]) !== String(order[ac])) throw fieldError('target', `${String(target[kind.number])} is for another aircraft: a card is carried to a work order of the same aircraft`);
    // the target's own lifecycle: a released, closed, cancelled or on-process order takes no card
    const closed = ctx.repo.refusal(kind.entity, target, 'lines');
    if (closed) throw closed;
    const held = String(asOrder(kind, target).wo_status);
    if (SEALED.includes(held as Progress)) throw appError('ERR_CONFLICT', { message: `Work order ${String(target[kind.number])} is ${held === 'CRS' ? 'released to service' : held.toLowerCase()}: a card is carried to an open work order.` });
    const last = (await loose(tx).selectFrom(ce.table).select((eb) => eb.fn.max('seq').as('seq')).where(kind.cardParent, '=', targetKey).executeTakeFirst()) as Row | undefined;
    const seq = Number(last?.seq ?? 0) + 1;
    // the card's task as planned, without its state, signatures or put-aside fields
    const skip = new Set([kind.cardParent, 'seq', 'deferral_reason', 'defer_mel_category', 'defer_mel_item', 'carry_target', 'carry_reason', cardFields(kind).status]);
    const copy: Row = {};
    for (const f of ce.fields) if (!f.readOnly && !f.hidden && !skip.has(f.name) && f.setBy !== 'actions') copy[f.name] = f.type === 'decimal' && has(stored[f.name]) ? Number(stored[f.name]) : (stored[f.name] ?? null);
    const newKey = await ctx.repo.insertRow(tx, { user: ctx.user }, ce, { ...copy, seq, [kind.cardParent]: targetKey });
    const created = (await loose(tx).selectFrom(ce.table).selectAll().where(ce.key, '=', newKey).executeTakeFirstOrThrow()) as Row;
    await ctx.repo.audit(tx, ctx.user, ce, newKey, 'insert', { after: created });
    const server: Row = { carried_from: card[ce.key] };
    for (const f of kind.carryServerFields ?? []) server[f] = stored[f] ?? null;
    const why = `carried from ${String(order[kind.number])} card ${String(card.seq)}: ${reason}`;
    await ctx.repo.patch(tx, ctx.user, kind.cardEntity, newKey, server, { reason: why, before: created });
    await ctx.repo.patch(tx, ctx.user, kind.cardEntity, card[ce.key] as number, cardValues(kind, { task_status: 'CARRIED', carried_to: targetKey, carry_reason: reason }), { reason: `carried to ${String(target[kind.number])} card ${seq}: ${reason}`, before: stored });
    return { success: 1, message: `Task card ${String(card.seq)} of ${String(order[kind.number])} carried to ${String(target[kind.number])} as card ${seq}.`, target: targetKey, target_no: target[kind.number], card: newKey, seq };
  });
}
