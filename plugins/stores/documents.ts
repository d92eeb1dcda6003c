/**
 * The stock documents and what posting each one moves: one entry per document (and per step of a
 * transfer), read by the post and reverse actions (post.ts). A plan turns the locked document
 * into movements (ledger.ts) and names the flags that mark it posted.
 *
 * Each document in its own file under documents/, named after its entity; what an entry holds:
 * documents/stock-document.ts; how plans read lines: documents/document-lines.ts.
 */
import type { StockDocument } from './documents/stock-document.ts';
import { inventoryReceipt } from './documents/inventory-receipt.ts';
import { receiving } from './documents/receiving.ts';
import { unserviceableReceipt } from './documents/unserviceable-receipt.ts';
import { inventoryIssue } from './documents/inventory-issue.ts';
import { inventoryReturn } from './documents/inventory-return.ts';
import { transferIn, transferOut } from './documents/stock-transfer.ts';
import { robbing } from './documents/robbing.ts';
import { reservation } from './documents/stock-reservation.ts';
import { adjustment } from './documents/stock-adjustment.ts';

export const STOCK_DOCUMENTS: StockDocument[] = [inventoryReceipt, receiving, unserviceableReceipt, inventoryIssue, inventoryReturn, transferOut, transferIn, robbing, reservation, adjustment];
