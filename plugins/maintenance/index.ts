/**
 * Maintenance execution: the operator's work orders signed off by certifying staff and released
 * to service, their compliance posted back into the due list. The mechanism (work-order.ts) is
 * shared with the MRO module's customer work orders; the rules are plain functions (rules/,
 * hand-worked cases in rules.test.ts).
 *
 * Actions (each one transaction, through documentAction and repo.patch):
 * - sign_card_performed, sign_card_certified, sign_card_inspected (U)  on work_order_task: only
 *   on a work order released for work; the first signature puts it in work
 * - start_work_order, issue_crs, close_work_order, withdraw_work_order (O)  on work_order: its
 *   progress (wo_status, written by nothing else: decision 0162); issue_crs is the release gate,
 *   the certifier's authorisation and the compliance posting; a component-change card posts its
 *   removal and installation and raises the removed part's draft unserviceable receipt
 *   (component-cards.ts)
 * - plan_work_package (O, ticked rows)  on due_item: one draft work order of the ticked due items,
 *   a task card per item linked to it; a check brings its group's tasks (work-package.ts)
 *
 * - amend_work_order (O)  on work_order: the planner's recorded change of what the approval fixed
 *   (a card's task, category, RII; the aircraft), back for approval (amendment.ts)
 * - defer_task_card, carry_task_card (O, the release's letter)  on work_order_task: an open card
 *   of an order in work deferred under the MEL (a defect deferred or raised, deferral.ts) or
 *   carried to another open order of the aircraft with the reason (work-order.ts, decision 0355)
 * - recertify_task_card (O)  on work_order_task: a signed card of a released order is corrected by a
 *   new numbered correction order whose card supersedes it with the reason; at the correction's
 *   CRS the old card and its record line are marked superseded and the due follows (recertify.ts,
 *   decision 0315)
 * - revise_staff_authorisation (O)  on staff_authorisation: an approved authorisation back to draft
 *   as its next version (authorisations.ts, decision 0220)
 *
 * Tools used on the cards (work_order_tool, tools.ts, decision 0395): only a serviceable tool in
 * calibration, refused at its field when the line is written and again at the performed signature,
 * which marks the card's tool lines signed (their reverse traceability: tool-traceability).
 *
 * Hooks: authorisations are the quality function's, never written, sent or approved by the person
 * they name, effective once approved (authorisations.ts); a work order's approval releases it for
 * work (workflowFinished), a withdrawn one is not sent (beforeSend).
 */
import { definePlugin, type RowOf } from '../../engine/src/plugins/host.ts';
import { postTaskCompliance } from '../airworthiness/compliance.ts';
import { lockAircraft, totalsAt } from '../airworthiness/store.ts';
import { authorisationHooks, reviseAuthorisation } from './authorisations.ts';
import { carryCard, closeOrder, deferCard, issueCrs, previewCard, previewCrs, refuseWithdrawn, releaseOnApproval, sealedRuleProblems, signCard, startWork, withdrawOrder, type WorkOrderKind } from './work-order.ts';
import { planWorkPackage } from './work-package.ts';
import { amendWorkOrder, cardDelete, cardsAsApproved, cardWrite, OPERATOR_AMENDMENT } from './amendment.ts';
import { postChangeCards } from './component-cards.ts';
import { recertifyCard, refuseSuperseded, supersedeCards } from './recertify.ts';
import { cardOfTheOrder, linesOfTheOrder, requestParts } from './materials.ts';
import { OPERATOR_DEFERRAL } from './deferral.ts';
import { OPERATOR_TOOLS, toolLineWritten, toolsOfTheOrder } from './tools.ts';
import { notOnProcess } from './rules/order-guards.ts';
import './events.ts';


/** The operator's own work orders: an aircraft of the fleet, whose usage is posted here. */
const OPERATOR_WORK_ORDER: WorkOrderKind = {
  entity: 'work_order',
  number: 'wo_no',
  cards: 'tasks',
  cardEntity: 'work_order_task',
  cardParent: 'work_order',
  aircraftField: 'aircraft',
  deferral: OPERATOR_DEFERRAL,
  // the due item the card accomplishes goes with it (a carried card no longer holds it)
  carryServerFields: ['due_key'],
  tools: OPERATOR_TOOLS,
  async aircraftType(tx, order) {
    const t = await tx
      .selectFrom('aircraft')
      .innerJoin('aircraft_type', 'aircraft_type.aircraft_type_id', 'aircraft.aircraft_type')
      .select(['aircraft_type.aircraft_type_id as id', 'aircraft_type.type_name as name', 'aircraft.registration'])
      .where('aircraft.aircraft_id', '=', Number(order.aircraft))
      .executeTakeFirstOrThrow();
    return { id: Number(t.id), name: String(t.name), registration: String(t.registration) };
  },
  async totalsAt(tx, order, date) {
    const ac = await lockAircraft(tx, order.aircraft, String(order.compcode));
    const t = await totalsAt(tx, ac, date);
    return { fh: t.FH, fc: t.FC };
  },
  async onRelease(ctx, tx, order, cards, signed) {
    // a correction's cards first supersede the ones they re-certify (the due recomputed without
    // them), then the parts (removed and installed on the day of the work), then the compliance
    const superseded = await supersedeCards(ctx, tx, order, signed);
    // the work order's rows as work-order.ts reads them (its loose rows until it takes the typed ones)
    const changes = await postChangeCards(ctx, tx, order as RowOf<'work_order'>, signed as RowOf<'work_order_task'>[]);
    const r = await postTaskCompliance(ctx, tx, order, cards, signed);
    return `${r.records.length ? `Compliance posted in ${r.records.join(', ')}.` : 'No programme item to post.'}${r.rectified ? ` ${r.rectified} defect(s) rectified.` : ''}${changes.length ? ` ${changes.join(' ')}` : ''}${superseded ? ` ${superseded}` : ''}`;
  },
};

export default definePlugin({
  name: 'maintenance',
  // released is released: the order's and the cards' lifecycle as the mechanism says (decision 0240)
  // guards of the work order's declared transitions (decision 0405)
  guards: { not_on_process: notOnProcess },
  checks: (reg) => sealedRuleProblems(reg, OPERATOR_WORK_ORDER),
  hooks: {
    ...authorisationHooks,
    work_order: {
      workflowFinished: releaseOnApproval(OPERATOR_WORK_ORDER),
      beforeSend: refuseWithdrawn(OPERATOR_WORK_ORDER),
      afterCreate: async (ctx) => {
        await linesOfTheOrder(ctx);
        await toolsOfTheOrder(OPERATOR_TOOLS)(ctx);
      },
      afterUpdate: async (ctx) => {
        await cardsAsApproved(OPERATOR_AMENDMENT)(ctx);
        await linesOfTheOrder(ctx);
        await toolsOfTheOrder(OPERATOR_TOOLS)(ctx);
      },
    },
    work_order_task: {
      beforeCreate: cardWrite(OPERATOR_AMENDMENT),
      beforeUpdate: async (ctx) => {
        await refuseSuperseded(ctx);
        await cardWrite(OPERATOR_AMENDMENT)(ctx);
      },
      beforeDelete: async (ctx) => {
        await refuseSuperseded(ctx);
        await cardDelete(OPERATOR_AMENDMENT)(ctx);
      },
    },
    work_order_part: { beforeCreate: cardOfTheOrder('work_order_part'), beforeUpdate: cardOfTheOrder('work_order_part') },
    work_order_labour: { beforeCreate: cardOfTheOrder('work_order_labour'), beforeUpdate: cardOfTheOrder('work_order_labour') },
    // tools used on a card (tools.ts, decision 0395), written directly
    work_order_tool: { afterCreate: toolLineWritten(OPERATOR_TOOLS), afterUpdate: toolLineWritten(OPERATOR_TOOLS) },
  },
  actions: {
    sign_card_performed: { entity: 'work_order_task', handler: signCard, run: (ctx, input) => signCard(ctx, OPERATOR_WORK_ORDER, input.key, 'PERFORM'), preview: (ctx, input) => previewCard(ctx, OPERATOR_WORK_ORDER, input.key, 'PERFORM') },
    sign_card_certified: { entity: 'work_order_task', handler: signCard, run: (ctx, input) => signCard(ctx, OPERATOR_WORK_ORDER, input.key, 'CERTIFY'), preview: (ctx, input) => previewCard(ctx, OPERATOR_WORK_ORDER, input.key, 'CERTIFY') },
    sign_card_inspected: { entity: 'work_order_task', handler: signCard, run: (ctx, input) => signCard(ctx, OPERATOR_WORK_ORDER, input.key, 'INSPECT'), preview: (ctx, input) => previewCard(ctx, OPERATOR_WORK_ORDER, input.key, 'INSPECT') },
    start_work_order: { entity: 'work_order', handler: startWork, run: (ctx, input) => startWork(ctx, OPERATOR_WORK_ORDER, input.key) },
    issue_crs: { entity: 'work_order', handler: issueCrs, run: (ctx, input) => issueCrs(ctx, OPERATOR_WORK_ORDER, input.key), preview: (ctx, input) => previewCrs(ctx, OPERATOR_WORK_ORDER, input.key) },
    close_work_order: { entity: 'work_order', handler: closeOrder, run: (ctx, input) => closeOrder(ctx, OPERATOR_WORK_ORDER, input.key) },
    withdraw_work_order: { entity: 'work_order', handler: withdrawOrder, run: (ctx, input) => withdrawOrder(ctx, OPERATOR_WORK_ORDER, input.key) },
    revise_staff_authorisation: { entity: 'staff_authorisation', handler: reviseAuthorisation, run: (ctx, input) => reviseAuthorisation(ctx, input.key) },
    amend_work_order: { entity: 'work_order', handler: amendWorkOrder, run: (ctx, input) => amendWorkOrder(ctx, input.key, input.body) },
    defer_task_card: { entity: 'work_order_task', handler: deferCard, run: (ctx, input) => deferCard(ctx, OPERATOR_WORK_ORDER, input.key, input.body) },
    carry_task_card: { entity: 'work_order_task', handler: carryCard, run: (ctx, input) => carryCard(ctx, OPERATOR_WORK_ORDER, input.key, input.body) },
    recertify_task_card: { entity: 'work_order_task', document: true, handler: recertifyCard, run: (ctx, input) => recertifyCard(ctx, input.key, input.body) },
    plan_work_package: { entity: 'due_item', handler: planWorkPackage, run: (ctx, input) => planWorkPackage(ctx, input.body) },
    request_work_order_parts: { entity: 'work_order', handler: requestParts, run: (ctx, input) => requestParts(ctx, input.key) },
  },
});
