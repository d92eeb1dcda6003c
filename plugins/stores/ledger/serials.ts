/** Where serial numbers are on hand in the company while a posting runs (a serial is received once). */

/** item|serial → quantity on hand and the codes of the stores holding it. */
export type SerialsOnHand = Map<string, { qty: bigint; stores: Set<string> }>;

export const serialKey = (item: unknown, serial: unknown): string => `${String(item)}|${String(serial)}`;

/** Adds `qty` of the serial in a store. */
export function addSerial(serials: SerialsOnHand, item: unknown, serial: unknown, qty: bigint, storeCode: string): void {
  const k = serialKey(item, serial);
  const e = serials.get(k) ?? { qty: 0n, stores: new Set<string>() };
  e.qty += qty;
  e.stores.add(storeCode);
  serials.set(k, e);
}
