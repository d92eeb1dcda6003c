/** How a posting reads the text and date fields of documents and rows. */

/** A field's text, trimmed; empty is null. */
export const norm = (v: unknown): string | null => {
  const s = v === null || v === undefined ? '' : String(v).trim();
  return s === '' ? null : s;
};

/** Date strings compare as text ('YYYY-MM-DD'). */
export const dateText = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v).slice(0, 10));
