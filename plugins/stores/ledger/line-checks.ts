/** The checks of a posting's lines before anything moves: 400 ERR_VALIDATION at the line's field. */
import { appError } from '../../../engine/src/errors.ts';
import { QTY, abs, fixed } from '../../../engine/src/values/money.ts';
import type { Movement } from './movement.ts';
import type { ItemInfo } from './lock-items.ts';
import type { StoreInfo } from './read-stock.ts';

const ONE = fixed(1, QTY);

/** The movements' items and stores must be the company's (400 on the line's field otherwise). */
export function checkMasters(movements: Movement[], items: Map<number, ItemInfo>, stores: Map<number, StoreInfo>): void {
  const errors: { path: string; message: string }[] = [];
  for (const m of movements) {
    if (!items.has(m.item)) errors.push({ path: `${m.path ?? ''}/item`, message: 'is not an item of this company' });
    if (!stores.has(m.store)) errors.push({ path: `${m.path ?? ''}/store`, message: 'is not a store of this company' });
  }
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
}

/** Serial and batch rules of the item's tracking; quantities other than zero. */
export function checkLots(movements: Movement[], items: Map<number, ItemInfo>): void {
  const errors: { path: string; message: string }[] = [];
  for (const m of movements) {
    const it = items.get(m.item);
    const at = m.path ?? '';
    if (m.qty === 0n) errors.push({ path: `${at}/quantity`, message: 'must not be zero' });
    if (it?.tracking === 'serial') {
      if (!m.serial) errors.push({ path: `${at}/serial_number`, message: `is required: ${it.partnumber} is serial-numbered` });
      if (abs(m.qty) !== ONE) errors.push({ path: `${at}/quantity`, message: `must be 1: ${it.partnumber} is serial-numbered (one line per serial)` });
    }
    if (it?.tracking === 'batch' && !m.batch) errors.push({ path: `${at}/batch_number`, message: `is required: ${it.partnumber} is batch-tracked` });
  }
  if (errors.length) throw appError('ERR_VALIDATION', { errors });
}
