/**
 * The demo's stock documents are posted the way a storekeeper posts them: a demo row marked posted
 * (posted / out_posted / in_posted 1) is inserted unposted, and once every row is in, each one is
 * posted through the stores plugin's action (plugins/stores), in date order, with the product's
 * plugins and their hooks. The seed never writes the stock ledger, balances or costs itself.
 *
 *   const { row, intents } = unposted('stock_transfer', demoRow);   // before the insert
 *   await postDemoDocuments(tx, reg, intents);                       // after all inserts
 */
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import { buildAbility } from '../../../engine/src/access/ability.ts';
import { Repository } from '../../../engine/src/crud/repository.ts';
import { PluginHost } from '../../../engine/src/plugins/host.ts';
import { plugins } from '../../../plugins/index.ts';
import { runStockAction } from '../../../plugins/stores/index.ts';

type Row = Record<string, unknown>;

/** Per document: the posting steps (flag, action, date field), in the order they happen. */
const STEPS: Record<string, [flag: string, action: string, date: string][]> = {
  inventory_receipt: [['posted', 'post_inventory_receipt', 'receiptdate']],
  receiving: [['posted', 'post_receiving', 'rcvdate']],
  unserviceable_receipt: [['posted', 'post_unserviceable_receipt', 'receiptdate']],
  stock_adjustment: [['posted', 'post_stock_adjustment', 'adjdate']],
  stock_transfer: [
    ['out_posted', 'post_transfer_out', 'transferdate'],
    ['in_posted', 'post_transfer_in', 'received_date'],
  ],
  inventory_return: [['posted', 'post_inventory_return', 'returndate']],
  stock_reservation: [['posted', 'post_reservation', 'reservedate']],
  robbing_part: [['posted', 'post_robbing', 'robbingdate']],
  inventory_issue: [['posted', 'post_inventory_issue', 'issuedate']],
};
/** Same-day order: goods come in before they are moved, reserved, robbed through or issued. */
const RANK = Object.values(STEPS).flatMap((steps) => steps.map(([, action]) => action));

export interface PostingIntent {
  compcode: string;
  entity: string;
  key?: number;
  action: string;
  date: string;
  /** Written (repo.patch) once the document is posted: a robbing closed after its posting. */
  close?: Row;
}

/** The row as inserted (unposted) and the postings it asks for; rows of other entities unchanged. */
export function unposted(compcode: string, entity: string, row: Row): { row: Row; intents: PostingIntent[] } {
  const steps = STEPS[entity];
  if (!steps) return { row, intents: [] };
  const out: Row = { ...row };
  const intents: PostingIntent[] = [];
  for (const [flag, action, date] of steps) {
    if (Number(row[flag]) !== 1) continue;
    out[flag] = 0;
    intents.push({ compcode, entity, action, date: String(row[date]) });
  }
  if (entity === 'stock_transfer' && intents.length) out.received = 1;
  if (entity === 'robbing_part' && intents.length && Number(row.status) === 0) {
    out.status = 1;
    out.closed_date = null;
    intents[intents.length - 1].close = { status: 0, closed_date: row.closed_date ?? null };
  }
  return { row: out, intents };
}

/** Posts the intents (keys filled in after their insert) through the stores plugin's actions. */
export async function postDemoDocuments(tx: DB, reg: Registry, intents: PostingIntent[]): Promise<void> {
  const host = new PluginHost(plugins);
  const repo = new Repository(reg, host);
  const admin = await tx.selectFrom('users').select('user_id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const grants = reg.menus.filter((m) => m.route).map((m) => ({ module: m.module, menu: m.name, route: m.route ?? null, letters: 'CRUDPO' }));
  const order = [...intents].sort((a, b) => a.date.localeCompare(b.date) || RANK.indexOf(a.action) - RANK.indexOf(b.action) || (a.key ?? 0) - (b.key ?? 0));
  for (const p of order) {
    const user = { user_id: Number(admin.user_id), username: 'seed', compcode: p.compcode };
    const ctx = { db: tx, reg, repo, plugins: host, ability: buildAbility(reg, { compcode: p.compcode, grants }), user };
    try {
      await runStockAction(ctx, p.action, p.key, { postedOn: p.date });
    } catch (e) {
      throw new Error(`seed: ${p.action} of ${p.entity} ${p.key} (${p.compcode}, ${p.date}) was refused: ${(e as Error).message}`);
    }
    if (p.close) await repo.patch(tx, user, p.entity, p.key as number, p.close, { reason: 'close' });
  }
}
