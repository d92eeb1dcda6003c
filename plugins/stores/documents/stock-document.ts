/**
 * What a stock document tells the post and reverse actions (post.ts): its entity, actions, flags and
 * fields, and its plan, which turns the locked document into movements (ledger.ts).
 */
import type { DB } from '../../../engine/src/db/database.ts';
import type { ActionContext, RowOf } from '../../../engine/src/plugins/host.ts';
import type { Movement, TxnType, Written } from '../ledger/movement.ts';
import type { PoReceipt } from '../purchase.ts';
import type { Problems } from '../ledger/problems.ts';

/** Values a posting writes on a document (flags, fields an `after` step sets) or adds to the answer. */
export type Fields = { [field: string]: unknown };

export interface Env {
  tx: DB;
  ctx: ActionContext;
  compcode: string;
  /** The transaction date written to the ledger (the document's date). */
  date: string;
  /** The database's current date. */
  today: string;
  docNo: string;
  /** The key field of the document's line entity. */
  lineKey: string;
  /**
   * A posting's problems, collected so it is refused once naming them all (ledger/problems.ts):
   * a plan notes its own here and hands it to receivePoLines; the posting refuses before writing.
   */
  problems?: Problems;
}

export interface Plan {
  movements: Movement[];
  /** Fields that mark the document posted; default `{ [flag]: 1, posted_date }`. */
  flags?: Fields;
  /**
   * Work after the ledger is written, before the document is marked posted (reservations used up,
   * a replacement request raised): `fields` are written with the posted flags, `result` joins the
   * action's answer.
   */
  after?: (written: Written) => Promise<{ fields?: Fields; result?: Fields } | void>;
}

/**
 * A stock document of entity `E`: its plan and checks are handed the entity's row (RowOf), lines
 * included. Written as methods so that every document's entry fits the list of them (documents.ts).
 */
export interface StockDocument<E extends string = string> {
  entity: E;
  /** Action names (metadata forms name them). */
  post: string;
  reverse?: string;
  /** The posting step, passed to the beforePost/afterPost hooks. */
  step: 'post' | 'out' | 'in';
  /** The field that marks this step posted. */
  flag: string;
  numberField: string;
  dateField: string;
  txnType: TxnType;
  /** The transaction date (default: the document's date). */
  dateOf?(doc: RowOf<E>, today: string): string;
  /** Refusals before anything is read or written (a transfer in before its transfer out). */
  precheck?(doc: RowOf<E>): void;
  plan(env: Env, doc: RowOf<E>): Promise<Plan>;
  /** Reversal: PO lines whose received quantity the reversal gives back. */
  poReceipts?(doc: RowOf<E>): PoReceipt[];
  /** Reversal: refusals beyond "posted and not yet reversed". */
  canReverse?(env: Env, doc: RowOf<E>): Promise<void>;
  /** Reversal: the flags of the reversing copy and of the original. */
  reversalFlags?: { copy: Fields; original: Fields };
}
