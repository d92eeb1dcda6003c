/** The usable-stock rule: what may go to an aircraft or work order (issues, reservations, Request Parts). */

export const SERVICEABLE = new Set(['NE', 'NS', 'OH', 'SV', 'RP']);
export const UNSERVICEABLE_STORES = new Set(['US', 'QUAR']);

/** Whether stock of this condition, in a store of this type, expiring then, can go to an aircraft or work order on `date`. */
export function usableStock(condition: string, storeType: string, expiry: string | null | undefined, date: string): boolean {
  return SERVICEABLE.has(condition) && !UNSERVICEABLE_STORES.has(storeType) && !(expiry && expiry.slice(0, 10) < date);
}
