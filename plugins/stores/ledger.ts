/**
 * The posting engine: turns a document's stock movements into ledger rows, balance rows and the
 * items' moving average cost, inside the caller's transaction, or refuses them (nothing written).
 *
 *   const rows = await postMovements(tx, { compcode, date, docNo, source: 'inventory_issue', sourceKey, username, today }, movements);
 *
 * Order of locks, the same in every posting (so two postings never wait on each other in a
 * cycle): the document (documentAction), purchase orders and their lines, the valuation row of
 * each item (stock_valuation, by item key), the balance rows of each store and item. The
 * valuation row serialises all postings of an item in a company, so the balance read under it is
 * the one the posting writes back: stock never goes negative, also under concurrency.
 *
 * The steps, each in its own file under ledger/ (decision 0133 for the statements: three,
 * whatever the number of lines):
 *   1. lock-items.ts     the items with their valuation rows locked (statement 1)
 *   2. read-stock.ts     the balance rows locked with everything else the rules read (statement 2)
 *   3. line-checks.ts    items and stores of the company; serial and batch rules (400 at the line)
 *   4. move.ts           each movement in order: refused if it breaks a rule (stock-checks.ts, 409
 *                        ERR_STOCK), valued at the moving average (valuation.ts), its lot's
 *                        balance changed; its ledger row with the running balance (ledger-row.ts)
 *   5. others-reservations.ts   what serviceable stock left for a holder leaves other work
 *                        orders' reservations on hand (409)
 *   6. write-posting.ts  the ledger rows, balances and valuation written (statement 3)
 * A refusal comes before the writes, so nothing is written. Given a `Problems` (problems.ts), a
 * posting checks every line and movement and refuses once with all they broke. The movements and the rows a posting
 * returns: ledger/movement.ts.
 */
import type { Insertable } from 'kysely';
import type { StockLedgerTable } from '../../engine/src/db/schema.gen.ts';
import type { DB } from '../../engine/src/db/database.ts';
import type { Movement, PostingHeader, Written, WrittenRow } from './ledger/movement.ts';
import { lockItems } from './ledger/lock-items.ts';
import { readStock, storeItemPairs } from './ledger/read-stock.ts';
import { checkLots, checkMasters } from './ledger/line-checks.ts';
import { type PostingState, move } from './ledger/move.ts';
import { ledgerRow, writtenRow } from './ledger/ledger-row.ts';
import { keepOthersReservations } from './ledger/others-reservations.ts';
import { writePosting } from './ledger/write-posting.ts';
import type { Problems } from './ledger/problems.ts';
import '../errors.ts';

/**
 * Writes the movements (in order) as ledger rows and updates balances and valuation; refuses the
 * whole posting on the first rule broken, or, given `problems`, once with every rule broken and
 * what the caller collected before. Returns the rows written with their values.
 */
export async function postMovements(tx: DB, h: PostingHeader, movements: Movement[], problems?: Problems): Promise<Written> {
  if (!movements.length) {
    problems?.refuse();
    return Object.assign([], { reservations: [] });
  }
  const { pools, items } = await lockItems(tx, h.compcode, movements.map((m) => m.item), h.username);
  const stock = await readStock(tx, h, movements, storeItemPairs(movements));
  if (problems) {
    // every line's problems at once (the document's own, the masters, the lots, each movement's stock rules)
    const before = problems.errors.length;
    problems.collect('', () => checkMasters(movements, items, stock.stores));
    if (problems.errors.length > before) problems.refuse(); // a line of another company's item or store is not moved at all
    problems.collect('', () => checkLots(movements, items));
  } else {
    checkMasters(movements, items, stock.stores);
    checkLots(movements, items);
  }

  const p: PostingState = { ...stock, h, items, pools, outbound: new Map() };
  const written: WrittenRow[] = [];
  const ledger: Insertable<StockLedgerTable>[] = [];
  // a line already refused (its serial or batch missing, its quantity) is not moved: its stock would be refused for it too
  const refusedLine = (m: Movement) => Boolean(problems && m.path && problems.errors.some((e) => e.path.startsWith(`${m.path}/`)));
  for (const m of movements) {
    if (refusedLine(m)) continue;
    // a refused movement changes nothing in memory (its checks come first): the next ones are still checked
    const moved = problems ? problems.collect(m.path ?? '', () => move(p, m)) : move(p, m);
    if (!moved) continue;
    written.push(writtenRow(m, moved));
    ledger.push(ledgerRow(p, m, moved));
  }
  problems?.refuse();
  keepOthersReservations(h, p.outbound, p.reservations, p.balances, p.stores, items);

  await writePosting(tx, h, ledger, [...p.balances.values()].filter((b) => b.dirty), [...pools].filter(([, pool]) => pool.dirty));
  return Object.assign(written, { reservations: stock.reservations });
}
