/**
 * Defect quotations (issue 21 point 4, decision 0175): the customer's answer per line. Plain values
 * in, plain values out; the plugin loads and writes (defects.ts).
 *
 * Every line is answered: APPROVE, or REFUSE with the customer's reason. The document's customer
 * status follows its lines: all approved ACCEPTED, none REJECTED, else PARTIAL.
 *
 *   answersOf([{ lineNo: 1, typed: 'APPROVE' }, { lineNo: 2, typed: 'REFUSE', typedReason: 'next C-check' }], [])
 *     // { answers: [{ lineNo: 1, decision: 'APPROVED' }, { lineNo: 2, decision: 'REFUSED', reason: 'next C-check' }], problems: [] }
 */
import type { FieldError } from '../../../engine/src/errors.ts';

export type Answer = 'APPROVE' | 'REFUSE';
export type Decision = 'APPROVED' | 'REFUSED';

export interface AnswerLine {
  lineNo: number;
  /** the answer typed on the line (customer_answer), if any */
  typed: string | null;
  typedReason?: string | null;
}

/** An answer given in the action's body: `{ line_no, answer, reason }`. */
export interface GivenAnswer {
  line_no?: unknown;
  answer?: unknown;
  reason?: unknown;
}

export interface Answered {
  lineNo: number;
  decision: Decision;
  reason: string | null;
}

const clean = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The decision on each line (in the order given): the body's answer for the line when given, else
 * the one typed on it. Problems name the line's field (`/lines/<i>/customer_answer`,
 * `/lines/<i>/decision_reason`, i the line's position in line order).
 */
export function answersOf(lines: readonly AnswerLine[], given: readonly GivenAnswer[]): { answers: Answered[]; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const byNo = new Map<number, GivenAnswer>();
  given.forEach((g, j) => {
    const no = Number(g.line_no);
    if (!lines.some((l) => l.lineNo === no)) problems.push({ path: `/lines/${j}/line_no`, message: 'is not a line of this defect quotation' });
    else byNo.set(no, g);
  });
  const answers: Answered[] = [];
  lines.forEach((l, i) => {
    const g = byNo.get(l.lineNo);
    const answer = g && g.answer !== undefined ? g.answer : l.typed;
    const reason = clean(g && g.reason !== undefined ? g.reason : l.typedReason);
    if (answer !== 'APPROVE' && answer !== 'REFUSE') {
      problems.push({ path: `/lines/${i}/customer_answer`, message: `line ${l.lineNo}: is required: APPROVE or REFUSE, as the customer answered` });
      return;
    }
    if (answer === 'REFUSE' && !reason) {
      problems.push({ path: `/lines/${i}/decision_reason`, message: `line ${l.lineNo}: is required: the customer's reason for refusing the line` });
      return;
    }
    if (reason && reason.length > 300) {
      problems.push({ path: `/lines/${i}/decision_reason`, message: `line ${l.lineNo}: must be at most 300 characters` });
      return;
    }
    answers.push({ lineNo: l.lineNo, decision: answer === 'APPROVE' ? 'APPROVED' : 'REFUSED', reason });
  });
  return { answers, problems };
}

/** The document's customer status once every line is answered. */
export function quoteStatusOf(decisions: readonly Decision[]): 'ACCEPTED' | 'PARTIAL' | 'REJECTED' {
  const approved = decisions.filter((d) => d === 'APPROVED').length;
  if (approved === decisions.length) return 'ACCEPTED';
  return approved === 0 ? 'REJECTED' : 'PARTIAL';
}

/** The skill a finding's labour is quoted at: structures for structural findings, else B1. */
export function skillOfFinding(findingType: string): string {
  return ['CORROSION', 'CRACK', 'DAMAGE'].includes(findingType) ? 'STR' : 'B1';
}
