/**
 * Seals: each signature stored with a SHA-256 over the canonical form of exactly what was signed
 * (issue 34 point 2, decision 0305). No aviation here: an entity's `seals:` in metadata names,
 * per kind of signature, the record's fields and its lines' fields it covers; the plugin that signs
 * calls `sealRecord` once, after the signature is written, in the signing transaction.
 *
 *   await sealRecord(tx, ctx.reg, ctx.user, 'work_order_task', 12, 'performed');
 *   const checks = await verifyRecord(db, 'GAT', 'work_order', 7);   // the order's seals and its cards'
 *   const report = await verifySeals(db, 'GAT');                    // every seal of the company
 *
 * The content is one JSON object, serialised by RFC 8785 (JSON Canonicalization Scheme, package
 * `canonicalize`) and hashed with SHA-256 (node:crypto); version `JCS-SHA256/1`:
 *   { canon, company, entity, key, kind, signer, signed_at,
 *     covers: { table, key, fields, lines: [{ name, table, parent, key, fields }] },
 *     record: { <field>: value, … }, lines: { <child>: [{ <line key>: k, <field>: value, … }, …] } }
 * Values are as the database layer reads them on both databases (numbers as numbers, dates
 * 'YYYY-MM-DD', instants ISO text: engine/src/db/value-types.ts). The seal row keeps the
 * canonical text itself (`content`), so Verify can name the field that no longer matches and say
 * what was signed; `covers` is part of what is hashed, so the seal recomputes without metadata.
 *
 * Verify of a seal:
 *   1. the seal itself: its hash is the SHA-256 of its content and its columns (company, entity,
 *      key, kind, signer, time, version, covered fields) are the content's: else `seal_altered`,
 *      naming the columns that disagree;
 *   2. the record now: read again by what the seal covers and compared field by field: `intact`,
 *      `changed` (the fields and lines that no longer match, with what was signed and what is
 *      there now), `missing` (the record is gone), or `superseded` when the seal's revision field
 *      (an authorisation's version) moved on.
 */
import { createHash } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import type { Registry } from '../metadata/registry.ts';

/** The canonicalisation and hash of every seal written now. */
export const SEAL_VERSION = 'JCS-SHA256/1';

type Row = Record<string, unknown>;

/** What a seal covers, stored inside its content: table and key of the record, its fields, its lines. */
export interface SealCovers {
  table: string;
  key: string;
  fields: string[];
  lines: { name: string; table: string; parent: string; key: string; fields: string[] }[];
  /** A covered field whose change makes the seal superseded rather than broken. */
  revision?: string;
}

/** The canonical content of a seal (what is hashed). */
export interface SealContent {
  canon: string;
  company: string;
  entity: string;
  key: string;
  kind: string;
  signer: number;
  signed_at: string;
  covers: SealCovers;
  record: Row;
  lines: Record<string, Row[]>;
}

/** A field that no longer matches: its path (`description`, `tasks[12].done_by`, `tasks[12]` for a line added or removed), what was signed and what is there now. */
export interface SealChange {
  field: string;
  signed: unknown;
  now: unknown;
}

export type SealStatus = 'intact' | 'changed' | 'seal_altered' | 'missing' | 'superseded';

/** One seal verified. */
export interface SealCheck {
  seal_id: number;
  entity: string;
  record_key: string;
  kind: string;
  signer: number;
  signed_at: string;
  /** The SHA-256 (hex) the seal holds, and its first 12 characters as printed. */
  hash: string;
  short: string;
  canon_version: string;
  status: SealStatus;
  /** The names that no longer match: fields of the record (changed, superseded) or columns of the seal (seal_altered). Empty when intact. */
  fields: string[];
  changes: SealChange[];
}

/** The answer of `verifySeals`: every seal of the company checked, the broken ones listed (changed, seal_altered, missing). */
export interface SealReport {
  company: string;
  checked: number;
  intact: number;
  superseded: number;
  broken: SealCheck[];
}

/**
 * RFC 8785 serialisation (package canonicalize 2.1.0). The package is CommonJS whose typings
 * declare an ES default export: under NodeNext the default import is `module.exports` itself at
 * run time, which is the function.
 */
type Canonicalize = (input: unknown) => string | undefined;
const loaded = canonicalizeModule as unknown as Canonicalize | { default: Canonicalize };
const canonicalize: Canonicalize = typeof loaded === 'function' ? loaded : loaded.default;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const canon = (v: unknown): string => canonicalize(v) ?? 'null';
export const shortHash = (hash: string) => hash.slice(0, 12);

/** A value as it is sealed: JSON's own types; an instant object as ISO text, a bigint or binary as text. */
function sealed(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return v;
}

const pick = (row: Row, fields: string[]): Row => Object.fromEntries(fields.map((f) => [f, sealed(row[f])]));

/** What a seal of this kind covers, from the entity's metadata. */
export function sealCovers(reg: Registry, entity: string, kind: string): SealCovers {
  const e = reg.entity(entity);
  const decl = e.seals?.find((s) => s.kind === kind);
  if (!decl) throw new Error(`${entity} declares no seal '${kind}'`);
  return {
    table: e.table,
    key: e.key,
    fields: [...decl.fields],
    lines: (decl.lines ?? []).map((l) => {
      const child = e.children.find((c) => c.name === l.child);
      if (!child) throw new Error(`${entity}: seal '${kind}' names no child '${l.child}'`);
      const ce = reg.entity(child.entity);
      return { name: l.child, table: ce.table, parent: child.foreignKey, key: ce.key, fields: [...l.fields] };
    }),
    ...(decl.revision ? { revision: decl.revision } : {}),
  };
}

/** The covered field names as the seal row lists them: the record's, then `child[].field`. */
const coveredNames = (c: SealCovers): string[] => [...c.fields, ...c.lines.flatMap((l) => l.fields.map((f) => `${l.name}[].${f}`))];

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;
const safeCovers = (c: SealCovers): boolean =>
  Boolean(c) && IDENT.test(c.table) && IDENT.test(c.key) && Array.isArray(c.fields) && c.fields.every((f) => IDENT.test(f)) && Array.isArray(c.lines) && c.lines.every((l) => IDENT.test(l.table) && IDENT.test(l.parent) && IDENT.test(l.key) && l.fields.every((f) => IDENT.test(f)));

/** The record and its covered lines as they are now (and the record's company), or null when the record is gone. */
async function readCovered(db: DB, c: SealCovers, key: string): Promise<{ record: Row; lines: Record<string, Row[]>; compcode?: string } | null> {
  const row = (await loose(db).selectFrom(c.table).selectAll().where(c.key, '=', key).executeTakeFirst()) as Row | undefined;
  if (!row) return null;
  const lines: Record<string, Row[]> = {};
  for (const l of c.lines) {
    const rows = (await loose(db).selectFrom(l.table).selectAll().where(l.parent, '=', key).orderBy(l.key).execute()) as Row[];
    lines[l.name] = rows.map((r) => pick(r, [l.key, ...l.fields]));
  }
  return { record: pick(row, c.fields), lines, ...(typeof row.compcode === 'string' ? { compcode: row.compcode } : {}) };
}

export interface SealWritten {
  seal_id: number;
  hash: string;
  short: string;
}

/**
 * Seals the signature just written on a record (inside the signing transaction, after the write):
 * reads what the entity's seal of this kind covers, canonicalises, hashes, stores the seal.
 */
export async function sealRecord(tx: DB, reg: Registry, signer: { user_id: number; compcode: string }, entity: string, key: unknown, kind: string): Promise<SealWritten> {
  const covers = sealCovers(reg, entity, kind);
  const recordKey = String(key);
  const now = await readCovered(tx, covers, recordKey);
  if (!now) throw new Error(`sealRecord: ${entity} ${recordKey} not found`);
  // the record's company (an approval may be acted on from another active company), else the signer's
  const company = now.compcode ?? signer.compcode;
  const content: SealContent = { canon: SEAL_VERSION, company, entity, key: recordKey, kind, signer: signer.user_id, signed_at: new Date().toISOString(), covers, record: now.record, lines: now.lines };
  const text = canon(content);
  const hash = sha256(text);
  const row = await tx
    .insertInto('sys_seal')
    .values({ compcode: company, entity, record_key: recordKey, kind, signer: signer.user_id, signed_at: content.signed_at, content_hash: hash, canon_version: SEAL_VERSION, covered: JSON.stringify(coveredNames(covers)), content: text })
    .returning('seal_id')
    .executeTakeFirstOrThrow();
  return { seal_id: Number(row.seal_id), hash, short: shortHash(hash) };
}

type SealRow = { seal_id: number; compcode: string; entity: string; record_key: string; kind: string; signer: number; signed_at: unknown; content_hash: string; canon_version: string; covered: string; content: string };

const iso = (v: unknown): string => {
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
};

/** Field by field: the record's, then each line by its key (a line added or removed is named whole). */
function differences(signed: SealContent, now: { record: Row; lines: Record<string, Row[]> }): SealChange[] {
  const out: SealChange[] = [];
  for (const f of signed.covers.fields) {
    if (canon(signed.record[f] ?? null) !== canon(now.record[f] ?? null)) out.push({ field: f, signed: signed.record[f] ?? null, now: now.record[f] ?? null });
  }
  for (const l of signed.covers.lines) {
    const was = new Map((signed.lines[l.name] ?? []).map((r) => [String(r[l.key]), r]));
    const is = new Map((now.lines[l.name] ?? []).map((r) => [String(r[l.key]), r]));
    for (const [k, r] of was) {
      const n = is.get(k);
      if (!n) {
        out.push({ field: `${l.name}[${k}]`, signed: r, now: null });
        continue;
      }
      for (const f of l.fields) if (canon(r[f] ?? null) !== canon(n[f] ?? null)) out.push({ field: `${l.name}[${k}].${f}`, signed: r[f] ?? null, now: n[f] ?? null });
    }
    for (const [k, n] of is) if (!was.has(k)) out.push({ field: `${l.name}[${k}]`, signed: null, now: n });
  }
  return out;
}

/** Verifies one seal row against itself and against the record as it is now. */
async function checkSeal(db: DB, s: SealRow): Promise<SealCheck> {
  const base = { seal_id: Number(s.seal_id), entity: s.entity, record_key: s.record_key, kind: s.kind, signer: Number(s.signer), signed_at: iso(s.signed_at), hash: s.content_hash, short: shortHash(String(s.content_hash)), canon_version: s.canon_version };
  const altered = (fields: string[]): SealCheck => ({ ...base, status: 'seal_altered', fields, changes: [] });
  if (s.canon_version !== SEAL_VERSION) return altered(['canon_version']);
  if (sha256(String(s.content)) !== s.content_hash) return altered(['content_hash']);
  let c: SealContent;
  try {
    c = JSON.parse(String(s.content)) as SealContent;
  } catch {
    return altered(['content']);
  }
  const header: [string, unknown, unknown][] = [
    ['compcode', s.compcode, c.company],
    ['entity', s.entity, c.entity],
    ['record_key', s.record_key, c.key],
    ['kind', s.kind, c.kind],
    ['signer', Number(s.signer), c.signer],
    ['signed_at', iso(s.signed_at), c.signed_at],
    ['canon_version', s.canon_version, c.canon],
    ['covered', s.covered, c.covers && safeCovers(c.covers) ? JSON.stringify(coveredNames(c.covers)) : null],
  ];
  const wrong = header.filter(([, a, b]) => a !== b).map(([n]) => n);
  if (wrong.length) return altered(wrong);
  const now = await readCovered(db, c.covers, c.key);
  if (!now) return { ...base, status: 'missing', fields: [], changes: [] };
  const changes = differences(c, now);
  if (!changes.length) return { ...base, status: 'intact', fields: [], changes: [] };
  const revised = c.covers.revision && changes.some((x) => x.field === c.covers.revision);
  return { ...base, status: revised ? 'superseded' : 'changed', fields: changes.map((x) => x.field), changes };
}

const SEAL_COLUMNS = ['seal_id', 'compcode', 'entity', 'record_key', 'kind', 'signer', 'signed_at', 'content_hash', 'canon_version', 'covered', 'content'] as const;

/**
 * The seals of one record and of the lines of it that are sealed records themselves (a work
 * order's cards), verified, oldest first. `lines`: child entity → their keys.
 */
export async function verifyRecord(db: DB, companyId: string, entity: string, key: unknown, lines: { entity: string; keys: string[] }[] = []): Promise<SealCheck[]> {
  let q = db.selectFrom('sys_seal').select(SEAL_COLUMNS).where('compcode', '=', companyId);
  const wanted = [{ entity, keys: [String(key)] }, ...lines.filter((l) => l.keys.length)];
  q = q.where((eb) => eb.or(wanted.map((w) => eb.and([eb('entity', '=', w.entity), eb('record_key', 'in', w.keys)]))));
  const rows = (await q.orderBy('seal_id').execute()) as SealRow[];
  const out: SealCheck[] = [];
  for (const r of rows) out.push(await checkSeal(db, r));
  return out;
}

/** The seals of records (short form for prints), oldest first, not verified. */
export async function sealsOf(db: DB, companyId: string, entity: string, keys: string[]): Promise<{ seal_id: number; record_key: string; kind: string; signed_at: string; hash: string; short: string }[]> {
  if (!keys.length) return [];
  const rows = await db.selectFrom('sys_seal').select(['seal_id', 'record_key', 'kind', 'signed_at', 'content_hash']).where('compcode', '=', companyId).where('entity', '=', entity).where('record_key', 'in', keys).orderBy('seal_id').execute();
  return rows.map((r) => ({ seal_id: Number(r.seal_id), record_key: String(r.record_key), kind: String(r.kind), signed_at: iso(r.signed_at), hash: String(r.content_hash), short: shortHash(String(r.content_hash)) }));
}

/**
 * Walks every seal of a company (in pages of 500, by seal id) and verifies each against itself and
 * the record as it is now. Returns `SealReport`: how many were checked, intact and superseded, and
 * the broken ones (`changed`, `seal_altered`, `missing`), each naming the fields that no longer match.
 * `npm run verify:records` reports it beside the audit chain.
 */
export async function verifySeals(db: DB, companyId: string): Promise<SealReport> {
  const report: SealReport = { company: companyId, checked: 0, intact: 0, superseded: 0, broken: [] };
  let after = 0;
  for (;;) {
    const rows = (await db.selectFrom('sys_seal').select(SEAL_COLUMNS).where('compcode', '=', companyId).where('seal_id', '>', after).orderBy('seal_id').limit(500).execute()) as SealRow[];
    if (!rows.length) return report;
    for (const r of rows) {
      const c = await checkSeal(db, r);
      report.checked++;
      if (c.status === 'intact') report.intact++;
      else if (c.status === 'superseded') report.superseded++;
      else report.broken.push(c);
    }
    after = Number(rows[rows.length - 1].seal_id);
  }
}
