/**
 * Every derived value of the chain recomputed from the documents, for data loaded without the
 * plugin's events (the demo seed inserts rows directly): order and receiving totals, the
 * comparison sheets' ranks, invoice terms paid, then the quantities, open flags and progress codes
 * exactly as the approvals and postings would have left them. Idempotent; writes only what differs.
 *
 *   await rederiveChain(tx, reg);
 */
import type { DB } from '../../engine/src/db/database.ts';
import { loose } from '../../engine/src/db/loose.ts';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import { Repository } from '../../engine/src/crud/repository.ts';
import { PluginHost } from '../../engine/src/plugins/host.ts';
import { byKey, keysOf, type Row, type Tx } from './util.ts';
import { rankQuotes, setOrderTotal, setReceivingTotal } from './checks.ts';
import { setPaid } from './terms.ts';
import { deriveFromPoLines, deriveMrHeaders, deriveMrLines, derivePrHeaders, derivePrLines } from './derive.ts';

const all = async (db: DB, table: string, key: string): Promise<Row[]> => (await loose(db).selectFrom(table).selectAll().orderBy(key).forUpdate().execute()) as Row[];

export async function rederiveChain(db: DB, reg: Registry): Promise<void> {
  const t: Tx = { db, user: null, reg, repo: new Repository(reg, new PluginHost([])) };
  const group = (rows: Row[], fk: string) => {
    const out = new Map<number, Row[]>();
    for (const r of rows) out.set(Number(r[fk]), [...(out.get(Number(r[fk])) ?? []), r]);
    return out;
  };
  const poLines = await all(db, 'purchase_order_line', 'podtlkey');
  const byOrder = group(poLines, 'purchase_order');
  for (const po of await all(db, 'purchase_order', 'pokey')) await setOrderTotal(t, po, byOrder.get(Number(po.pokey)) ?? []);
  const rcvLines = group(await all(db, 'receiving_line', 'rcvdtlkey'), 'receiving');
  const poLineByKey = byKey(poLines, 'podtlkey');
  for (const r of await all(db, 'receiving', 'rcvkey')) await setReceivingTotal(t, r, rcvLines.get(Number(r.rcvkey)) ?? [], poLineByKey);
  for (const quotes of group(await all(db, 'canvass_quote', 'quotekey'), 'canvass_sheet').values()) await rankQuotes(t, quotes);
  const instalments = group(await all(db, 'invoice_termin_line', 'termdtlkey'), 'invoice_termin');
  for (const doc of await all(db, 'invoice_termin', 'termkey')) await setPaid(t, doc, instalments.get(Number(doc.termkey)) ?? []);
  await deriveFromPoLines(t, keysOf(poLines, 'podtlkey'));
  await derivePrLines(t, keysOf(await all(db, 'purchase_request_line', 'prdtlkey'), 'prdtlkey'));
  await deriveMrLines(t, keysOf(await all(db, 'material_request_line', 'reqdtlkey'), 'reqdtlkey'));
  await derivePrHeaders(t, keysOf(await all(db, 'purchase_request', 'prkey'), 'prkey'));
  await deriveMrHeaders(t, keysOf(await all(db, 'material_request', 'requestkey'), 'requestkey'));
}
