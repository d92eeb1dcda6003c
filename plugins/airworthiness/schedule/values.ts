/** Reading the database's values in the due computation: empty as null, numbers from numeric text. */

export const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
export const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
