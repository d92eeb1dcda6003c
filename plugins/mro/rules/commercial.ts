/**
 * The commercial chain of an MRO job (docs/workflow.md "MRO", decision 0173): customer request →
 * quotation → customer's answer → work order. Plain values in, plain values out; the plugin
 * (commercial.ts) reads and writes the documents.
 *
 * The request's status is never typed: it follows its documents (`requestStatus`):
 *
 *   work orders (not cancelled)  the least advanced one decides: CLOSED → CLOSED; invoiced →
 *                                INVOICED; RELEASED → RELEASED; any other → INWORK
 *   else quotations              one ACCEPTED → ACCEPTED; one SENT → QUOTED; one not yet sent →
 *                                REVIEW (quotation in preparation); only answered ones with a
 *                                refusal among them → DECLINED
 *   else                         NEW (received)
 */

export type RequestStatus = 'NEW' | 'REVIEW' | 'QUOTED' | 'ACCEPTED' | 'DECLINED' | 'INWORK' | 'RELEASED' | 'INVOICED' | 'CLOSED';
export type QuoteStatus = 'OPEN' | 'SENT' | 'ACCEPTED' | 'REJECTED' | 'EXPIRED' | 'SUPERSEDED';

export interface OrderState {
  status: string;
  /** an invoice number is recorded on the order */
  invoiced: boolean;
}

const ORDER_RANK: RequestStatus[] = ['INWORK', 'RELEASED', 'INVOICED', 'CLOSED'];

function orderStage(o: OrderState): RequestStatus {
  if (o.status === 'CLOSED') return 'CLOSED';
  if (o.invoiced) return 'INVOICED';
  if (o.status === 'RELEASED') return 'RELEASED';
  return 'INWORK';
}

export function requestStatus(quotations: readonly string[], orders: readonly OrderState[]): RequestStatus {
  const live = orders.filter((o) => o.status !== 'CANCELLED');
  if (live.length) return ORDER_RANK[Math.min(...live.map((o) => ORDER_RANK.indexOf(orderStage(o))))];
  if (quotations.includes('ACCEPTED')) return 'ACCEPTED';
  if (quotations.includes('SENT')) return 'QUOTED';
  if (quotations.includes('OPEN')) return 'REVIEW';
  if (quotations.includes('REJECTED')) return 'DECLINED';
  return 'NEW';
}

/** A request takes a new quotation (a first one, or a revision) until the customer has accepted one. */
export function quoteRefusal(requestNo: string, status: string): string | null {
  if (['NEW', 'REVIEW', 'QUOTED', 'DECLINED'].includes(status)) return null;
  return `${requestNo} already has an accepted quotation: it takes no new quotation.`;
}

export interface QuoteState {
  number: string;
  statuswf: string;
  quoteStatus: string;
  validUntil: string;
  sentDate: string | null;
}

/** Why a quotation is not issued to the customer on `date`, or null. */
export function issueRefusal(q: QuoteState, date: string): string | null {
  if (q.quoteStatus !== 'OPEN') return `${q.number} has already been issued to the customer.`;
  if (q.statuswf !== '111') return `${q.number} is not approved: it is issued to the customer once its approval workflow has approved it.`;
  if (q.validUntil < date) return `${q.number} was valid until ${q.validUntil}: make a revision with a new validity.`;
  return null;
}

/** Why the customer's answer (acceptance or refusal) dated `date` is not recorded, or null. */
export function answerRefusal(q: QuoteState, answer: 'accept' | 'refuse', date: string, today: string): string | null {
  if (q.quoteStatus === 'OPEN') return `${q.number} has not been issued to the customer: issue it before recording the customer's answer.`;
  if (q.quoteStatus === 'ACCEPTED' || q.quoteStatus === 'REJECTED') return `The customer's answer to ${q.number} is already recorded (${q.quoteStatus === 'ACCEPTED' ? 'accepted' : 'refused'}).`;
  if (q.quoteStatus !== 'SENT') return `${q.number} is ${q.quoteStatus === 'SUPERSEDED' ? 'superseded by a later revision' : 'expired'}: the customer answers the current revision.`;
  if (date > today) return `The customer's answer cannot be dated after today (${today}).`;
  if (q.sentDate && date < q.sentDate) return `The customer's answer cannot be dated before the quotation was sent (${q.sentDate}).`;
  if (answer === 'accept' && date > q.validUntil) return `${q.number} was valid until ${q.validUntil}: the customer accepts a revision with a new validity.`;
  return null;
}

/** Only an accepted quotation makes a work order (once). */
export function workOrderRefusal(number: string, quoteStatus: string, existing: string | null): string | null {
  if (quoteStatus !== 'ACCEPTED') return `${number} is not accepted by the customer: only an accepted quotation makes a work order.`;
  if (existing) return `Work order ${existing} was already made from ${number}.`;
  return null;
}

// ------------------------------------------------------------------ lines carried forward

export interface RequestItem {
  id: number;
  itemNo: number;
  itemType: string;
  ata: string | null;
  taskRef: string | null;
  description: string;
}

/** The planner's estimate for a requested item (action body), optional. */
export interface Estimate {
  manhours?: number;
  skill?: string;
}

/** A request item as a labour line of the new quotation (priced by the server: hours × rate). */
export function quotationLineOf(item: RequestItem, lineNo: number, estimate: Estimate = {}) {
  const description = [item.taskRef, item.description].filter(Boolean).join(' - ').slice(0, 300);
  return {
    line_no: lineNo,
    request_item: item.id,
    line_type: 'LAB',
    ata: item.ata,
    description,
    skill: estimate.skill ?? 'B1',
    manhours: estimate.manhours ?? 0,
    quantity: estimate.manhours ?? 0,
    unit: 'MH',
  };
}

export interface QuoteLine {
  id: number;
  lineNo: number;
  lineType: string;
  ata: string | null;
  description: string;
  skill: string | null;
  manhours: number;
  itemId: number | null;
  partnumber: string | null;
  quantity: number;
  unit: string;
  /** the request item the line quotes, when carried from the request */
  requestItem: RequestItem | null;
}

const TASK_TYPES = new Set(['SCHED', 'DEFECT', 'AD', 'SB', 'MOD', 'COMP']);

/**
 * The accepted quotation's lines as the work order's task cards (labour lines, in line order:
 * seq 10, 20, …; card number `<quotation no>/<line no>`) and material requirements (parts lines).
 * Services and other charges are billed, not worked: they stay on the quotation.
 */
export function workFromLines(quotationNo: string, lines: readonly QuoteLine[], partName: (l: QuoteLine) => string) {
  const sorted = [...lines].sort((a, b) => a.lineNo - b.lineNo);
  const tasks = sorted
    .filter((l) => l.lineType === 'LAB')
    .map((l, i) => {
      const type = l.requestItem?.itemType;
      return {
        seq: (i + 1) * 10,
        task_card_no: `${quotationNo}/${l.lineNo}`.slice(0, 30),
        quotation_line: l.id,
        task_type: type && TASK_TYPES.has(type) ? type : 'SCHED',
        ata: l.ata,
        task_ref: l.requestItem?.taskRef ?? null,
        description: l.description,
        skill: l.skill ?? 'B1',
        est_manhours: l.manhours,
      };
    });
  const materials = sorted
    .filter((l) => l.lineType === 'MAT' && l.quantity > 0)
    .map((l, i) => ({
      line_no: i + 1,
      quotation_line: l.id,
      item: l.itemId,
      partnumber: (l.partnumber ?? partName(l)).slice(0, 40),
      itemname: l.description.slice(0, 120),
      quantity: l.quantity,
      unit: l.unit,
    }));
  return { tasks, materials };
}
