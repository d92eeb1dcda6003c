/**
 * Names in SQL the schema code shares: PostgreSQL's 63-byte identifiers, and whether a SELECT
 * names a table or view (a whole identifier, quoted or not).
 */
import { createHash } from 'node:crypto';

/** Postgres identifiers are limited to 63 bytes: long names keep a hash suffix. */
export function shortName(name: string): string {
  if (name.length <= 63) return name;
  const h = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${h}`;
}

/** Whether a SELECT names the table or view `name` (a whole identifier, quoted or not). */
export function readsName(sqlText: string, name: string): boolean {
  return new RegExp(`(^|[^a-zA-Z0-9_."])"?${name}"?($|[^a-zA-Z0-9_"])`).test(sqlText);
}
