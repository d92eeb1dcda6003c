/**
 * What a posting takes and gives back: the movements a document's plan makes (documents/*.ts),
 * the posting's header, and the rows it wrote with their values.
 */
import type { ReservationLine } from './reservations.ts';

export type TxnType = 'RCV' | 'USR' | 'ISS' | 'RET' | 'TRO' | 'TRI' | 'ROB' | 'ADJ';

/** How a movement is valued: a unit cost (receipts), the moving average, or a given amount (reversals, transfers in). */
export type Cost = { kind: 'unit'; unitCost: bigint } | { kind: 'average' } | { kind: 'amount'; amount: bigint };

export interface Movement {
  txnType: TxnType;
  store: number;
  item: number;
  serial: string | null;
  batch: string | null;
  condition: string;
  /** Signed quantity (scale QTY): positive into the store, negative out of it. */
  qty: bigint;
  cost: Cost;
  expiry?: string | null;
  arc?: number | null;
  cert?: string | null;
  registration?: string | null;
  remark?: string | null;
  /** The document line the movement comes from (ledger source_line). */
  line?: number | null;
  /** JSON pointer of the line for field errors ('/lines/2'). */
  path?: string;
  /** Outbound to an aircraft or work order: serviceable, certified, within shelf life. */
  install?: boolean;
  /** Outbound that must leave other work orders' reservations on hand; its own (this work order or MR) it may use. */
  holder?: Holder;
  /** Transfer out/in: the value stays in the company; the moving average is not changed. */
  transit?: boolean;
}

/** The work order or material request stock leaves for (its own reservations it may use). */
export type Holder = { workorder?: string | null; mr?: number | null };

export interface PostingHeader {
  compcode: string;
  /** The transaction date (the document's date). */
  date: string;
  docNo: string;
  source: string;
  sourceKey: number;
  username: string;
  /** The business date of the posting (ActionContext.asOf): which reservations are still valid. */
  today: string;
}

/** What a posting wrote, with the open reservations it read for the stock that left (used up by issues, documents/issues.ts). */
export type Written = WrittenRow[] & { reservations: ReservationLine[] };

export interface WrittenRow {
  line: number | null;
  store: number;
  item: number;
  qty: bigint;
  amount: bigint;
  unitCost: bigint;
  txnType: TxnType;
  transit: boolean;
  expiry: string | null;
}
