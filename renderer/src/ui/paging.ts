/** Spec §2: limit options of paged lists. */
export const LIMIT_OPTIONS = [10, 15, 20, 25, 30, 40, 50] as const;

/** Spec §2: pagination shows only when the total is over 10. */
export const PAGINATION_THRESHOLD = 10;

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}
