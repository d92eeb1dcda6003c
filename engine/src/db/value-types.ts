/**
 * How PostgreSQL values come back to JavaScript, the same on PostgreSQL (pg) and PGlite:
 * bigint and numeric as numbers (decimal fields hold at most 15 significant digits, see
 * docs/decisions/0003-numbers.md), date as 'YYYY-MM-DD' text, timestamps as ISO-8601 UTC text.
 */
const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

const toNumber = (v: string): number => Number(v);
const asIs = (v: string): string => v;
const toIso = (v: string): string => {
  const d = new Date(v.includes('T') || /[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v}Z`);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};

export const PARSERS: Record<number, (v: string) => unknown> = {
  [OID.INT8]: toNumber,
  [OID.NUMERIC]: toNumber,
  [OID.DATE]: asIs,
  [OID.TIMESTAMP]: toIso,
  [OID.TIMESTAMPTZ]: toIso,
};
