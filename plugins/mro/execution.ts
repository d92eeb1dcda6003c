/**
 * MRO execution (issue 21 point 5; decision 0178): the customer work orders (amo_work_order and
 * its task cards amo_work_order_task) use the work-order mechanism of maintenance
 * (plugins/maintenance/work-order.ts): task cards signed by certifying staff whose authorisation in
 * the company covers the card's category and the customer aircraft's type, the same release gate
 * and the certifier's RELEASE authorisation. One mechanism, two modules; this file is only what
 * differs for a customer's aircraft:
 *
 * - the aircraft type is the customer aircraft's (customer_aircraft.aircraft_type);
 * - hours and cycles at accomplishment: the customer aircraft's usage is not posted here, only
 *   declared (total_fh / total_fc as of totals_as_of). The declared totals are taken when they are
 *   of the visit (as of a day from the order's input, actual start else WO date, to the day of the
 *   work); otherwise the hours and cycles at input typed on the work order (the aircraft does not
 *   fly while in work); otherwise none;
 * - the release posts no compliance (the customer keeps the aircraft's records): the CRS only;
 * - every progress step moves the customer request's status (followRequest: in work, released,
 *   closed), as a generic write of the order does through the hooks;
 * - the order's progress is `status` (OPEN released for work, INWORK, RELEASED to service, CLOSED,
 *   CANCELLED; HOLD and COMPLETED are taken-over states read as in work) and the card's `status`
 *   (OPEN, PERFORMED, DONE; DEFER and CANCEL are taken-over states that hold the release), task
 *   code task_card_no, done by performed_by, done on completed_date.
 *
 * Actions (declared in metadata/mro/work-orders.yaml): sign_amo_card_performed,
 * sign_amo_card_certified, sign_amo_card_inspected (U, on the task-card screen task-card-amo);
 * start_amo_work_order, issue_amo_crs, close_amo_work_order, withdraw_amo_work_order (O, on the
 * work order form).
 */
import { STATUS } from '../../engine/src/workflow/status.ts';
import { heldForApproval } from './rules/order-guards.ts';
import type { DB } from '../../engine/src/db/database.ts';
import type { WorkOrderKind } from '../maintenance/work-order.ts';
import type { AmendmentKind } from '../maintenance/amendment.ts';
import { MRO_TOOLS } from '../maintenance/tools.ts';
import { followRequest } from './commercial.ts';
import { MRO_DEFERRAL } from './deferral.ts';

type Row = Record<string, unknown>;

const has = (v: unknown) => v !== null && v !== undefined && v !== '';
const day = (v: unknown): string | null => (has(v) ? (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10) : null);
const num = (v: unknown): number | null => (has(v) ? Number(v) : null);

/**
 * The customer aircraft's hours and cycles at the work (pure; cases in execution.test.ts): its
 * declared totals when declared during the visit (as of `input` .. `date`), else the order's
 * figures at input, else none.
 */
export function customerTotalsAt(
  aircraft: { total_fh?: unknown; total_fc?: unknown; totals_as_of?: unknown },
  order: { fh_at_input?: unknown; fc_at_input?: unknown },
  input: string,
  date: string,
): { fh: number | null; fc: number | null; from: 'aircraft' | 'input' | 'none' } {
  const asOf = day(aircraft.totals_as_of);
  if (asOf && asOf >= input && asOf <= date && (has(aircraft.total_fh) || has(aircraft.total_fc))) return { fh: num(aircraft.total_fh), fc: num(aircraft.total_fc), from: 'aircraft' };
  if (has(order.fh_at_input) || has(order.fc_at_input)) return { fh: num(order.fh_at_input), fc: num(order.fc_at_input), from: 'input' };
  return { fh: null, fc: null, from: 'none' };
}

async function customerAircraft(tx: DB, order: Row): Promise<Row> {
  return (await tx.selectFrom('customer_aircraft').selectAll().where('customer_aircraft_id', '=', Number(order.customer_aircraft)).executeTakeFirstOrThrow()) as Row;
}

/**
 * An order waiting for its approval (rules/order-guards.ts): read as a draft by the mechanism, so
 * no signature; no start and no CRS (the guards approved_to_start, approved_to_release).
 */
export { heldForApproval };

/**
 * What the approval fixes on a customer work order (decision 0241, the operator's mechanism of
 * plugins/maintenance/amendment.ts): once released for work (made from the accepted quotation, or
 * approved after a credit hold or an amendment) a card's task (task card, type, reference, ATA),
 * its certifying category and RII flag, and the customer aircraft change only by Amend, which
 * records the reason and holds the order until approved again (Send for Approval). New cards (the
 * customer's approved findings, decision 0175) may be added; from then on they are fixed too.
 */
export const MRO_AMENDMENT: AmendmentKind = {
  entity: 'amo_work_order',
  key: 'amo_wo_id',
  number: 'wo_no',
  cards: 'tasks',
  cardEntity: 'amo_work_order_task',
  cardKey: 'amo_task_id',
  cardParent: 'amo_work_order',
  aircraft: 'customer_aircraft',
  fields: ['task_card_no', 'task_type', 'task_ref', 'ata', 'cert_category', 'rii'],
  labels: { task_card_no: 'Task Card', task_type: 'Type', task_ref: 'AMP Task / Document Ref.', ata: 'ATA', cert_category: 'Certifying Category', rii: 'Required Inspection (RII)', customer_aircraft: 'Aircraft' },
  booleans: ['rii'],
  fixed: (order) => ['OPEN', 'INWORK', 'HOLD', 'COMPLETED'].includes(String(order.status)) && !heldForApproval(order),
  reopen: (_order, why) => ({ statuswf: STATUS.DRAFT, amendment: why.slice(0, 500) }),
  async aircraftAllowed(tx, order, value, compcode) {
    // an aircraft of the order's customer's fleet
    const ac = await tx.selectFrom('customer_aircraft').select('customer_aircraft_id').where('customer_aircraft_id', '=', Number(value)).where('compcode', '=', compcode).where('amo_customer', '=', Number(order.amo_customer)).executeTakeFirst();
    return Boolean(ac);
  },
  newCards: true,
  action: 'Amend',
};

export const MRO_WORK_ORDER: WorkOrderKind = {
  entity: 'amo_work_order',
  held: heldForApproval,
  number: 'wo_no',
  cards: 'tasks',
  cardEntity: 'amo_work_order_task',
  cardParent: 'amo_work_order',
  progress: {
    field: 'status',
    codes: { RELEASED: 'OPEN', INPROGRESS: 'INWORK', CRS: 'RELEASED', CLOSED: 'CLOSED', CANCELLED: 'CANCELLED' },
    read: { OPEN: 'RELEASED', INWORK: 'INPROGRESS', HOLD: 'INPROGRESS', COMPLETED: 'INPROGRESS', RELEASED: 'CRS', CLOSED: 'CLOSED', CANCELLED: 'CANCELLED' },
  },
  card: {
    status: 'status',
    code: 'task_card_no',
    doneBy: 'performed_by',
    doneDate: 'completed_date',
    read: { INWORK: 'INPROGRESS', DEFER: 'DEFERRED', CANCEL: 'NOTDONE' },
    codes: { DEFERRED: 'DEFER' },
  },
  aircraftField: 'customer_aircraft',
  deferral: MRO_DEFERRAL,
  tools: MRO_TOOLS,
  async aircraftType(tx, order) {
    const t = await tx
      .selectFrom('customer_aircraft')
      .innerJoin('aircraft_type', 'aircraft_type.aircraft_type_id', 'customer_aircraft.aircraft_type')
      .select(['aircraft_type.aircraft_type_id as id', 'aircraft_type.type_name as name', 'customer_aircraft.registration'])
      .where('customer_aircraft.customer_aircraft_id', '=', Number(order.customer_aircraft))
      .executeTakeFirstOrThrow();
    return { id: Number(t.id), name: String(t.name), registration: String(t.registration) };
  },
  async totalsAt(tx, order, date) {
    const input = day(order.actual_start) ?? day(order.wo_date) ?? date;
    const t = customerTotalsAt(await customerAircraft(tx, order), order, input, date);
    return { fh: t.fh, fc: t.fc };
  },
  // a customer's aircraft: no compliance is posted here, the CRS is the release
  async onRelease() {
    return '';
  },
  // the customer request follows its work order (in work, released, closed)
  async onProgress(ctx, tx, order) {
    await followRequest({ db: tx, user: ctx.user, reg: ctx.reg, repo: ctx.repo, emit: ctx.emit }, order.customer_request);
  },
};
