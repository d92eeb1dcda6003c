/**
 * Walks the audit chains (decision 0312): for each company's chain, every link in sequence with its
 * audit row, recomputing the row's content hash (canonical JSON) and the link's hash over the
 * previous one; then the rows no link names. Reports the first broken link per chain: the company,
 * the audit row and what differs. Read only; one statement per page of 2,000 links.
 *
 *   const report = await verifyRecords(db);            // every company
 *   const report = await verifyRecords(db, 'CTA');     // one company
 *   report.ok  // false when any chain (or seal) is broken
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { AT_SQL, contentHash, linkHash } from './chain.ts';
import { verifySeals, type SealReport } from './seal.ts';

export interface ChainBreak {
  /** Audit row id (or the link's, when the row is gone). */
  row: number | null;
  seq: number | null;
  entity?: string;
  record_key?: string;
  /** What differs, in words. */
  what: string;
}

export interface ChainReport {
  /** compcode; '' for the rows of no company (sign-ins, installation settings). */
  company: string;
  rows: number;
  ok: boolean;
  /** The last link (seq and hash): keep it outside the database to detect a rewritten chain later. */
  head: { seq: number; hash: string } | null;
  broken?: ChainBreak;
}

export interface RecordsReport {
  ok: boolean;
  chains: ChainReport[];
  /** Rows written before the chain existed (no content hash, no link): not covered, not broken. */
  beforeChain: number;
  /** The seals of signed records, per company (seal.ts verifySeals). */
  seals: SealReport[];
  ms: number;
}

const PAGE = 2000;

interface LinkRow {
  seq: string | number;
  hash: string;
  audit_id: string | number;
  id: string | number | null;
  entity: string | null;
  record_key: string | null;
  action: string | null;
  company: string | null;
  user_id: string | number | null;
  username: string | null;
  changes: string | null;
  content_hash: string | null;
  at: string | null;
}

async function walkChain(db: DB, chain: string, head: { seq: number; hash: string } | undefined): Promise<ChainReport> {
  let prev = '';
  let expect = 1;
  let rows = 0;
  const report = (broken: ChainBreak): ChainReport => ({ company: chain, rows, ok: false, head: head ?? null, broken });
  for (;;) {
    const page = await sql<LinkRow>`select l.seq, l.hash, l.audit_id, a.id, a.entity, a.record_key, a.action, a.company, a.user_id, a.username, a.changes, a.content_hash, ${sql.raw(AT_SQL('a.created_at'))} as at
      from sys_audit_link l left join sys_audit a on a.id = l.audit_id
      where l.chain = ${chain} and l.seq >= ${expect} order by l.seq limit ${PAGE}`.execute(db);
    for (const l of page.rows) {
      const seq = Number(l.seq);
      const where = { row: l.id === null ? Number(l.audit_id) : Number(l.id), seq, ...(l.entity ? { entity: l.entity, record_key: l.record_key ?? '' } : {}) };
      if (seq !== expect) return report({ ...where, what: `links ${expect}${seq - 1 > expect ? `–${seq - 1}` : ''} of the chain are missing (deleted): the chain goes from ${expect - 1} to ${seq}` });
      if (l.id === null) return report({ ...where, what: `audit row ${l.audit_id} (link ${seq}) was deleted` });
      if ((l.company ?? '') !== chain) return report({ ...where, what: `the row's company was changed from ${chain || '(none)'} to ${l.company ?? '(none)'}` });
      const content = contentHash({ entity: l.entity ?? '', record_key: l.record_key ?? '', action: l.action ?? '', company: l.company, user_id: l.user_id, username: l.username ?? '', changes: l.changes });
      if (content !== l.content_hash) return report({ ...where, what: `the row's content (entity, record, action, user or changes) no longer matches its hash: it was changed after it was written` });
      if (linkHash(prev, seq, l.id, l.content_hash, l.at ?? '') !== l.hash) return report({ ...where, what: `the link's hash does not follow from the previous link, the row's id, time and content hash: the row's time or hash, or the link, was changed` });
      prev = l.hash;
      expect = seq + 1;
      rows++;
    }
    if (page.rows.length < PAGE) break;
  }
  if (!head) return report({ row: null, seq: expect - 1, what: `the chain's head is missing` });
  if (head.seq !== expect - 1 || head.hash !== prev)
    return report({ row: null, seq: expect - 1, what: `the chain ends at link ${expect - 1} but its head says ${head.seq}: links at the end were deleted or the head was changed` });
  return { company: chain, rows, ok: true, head };
}

/**
 * SEALS — the one place where the signatures' seals are verified with the chain (decision 0305,
 * engine/src/records/seal.ts `verifySeals`): every company that holds seals (or the one asked).
 */
async function verifySealsHere(db: DB, company: string | undefined): Promise<{ ok: boolean; report: SealReport[] }> {
  const companies = company !== undefined ? [company] : (await sql<{ c: string }>`select distinct compcode as c from sys_seal order by compcode`.execute(db)).rows.map((r) => r.c);
  const report: SealReport[] = [];
  for (const c of companies) report.push(await verifySeals(db, c));
  return { ok: report.every((r) => r.broken.length === 0), report };
}

export async function verifyRecords(db: DB, company?: string): Promise<RecordsReport> {
  const started = performance.now();
  const heads = await sql<{ chain: string; seq: string | number; hash: string }>`select chain, seq, hash from sys_audit_head`.execute(db);
  const linked = await sql<{ chain: string }>`select distinct chain from sys_audit_link`.execute(db);
  const headOf = new Map(heads.rows.map((h) => [h.chain, { seq: Number(h.seq), hash: h.hash }]));
  const names = [...new Set([...headOf.keys(), ...linked.rows.map((r) => r.chain)])].filter((c) => company === undefined || c === company).sort();
  const chains: ChainReport[] = [];
  for (const c of names) chains.push(await walkChain(db, c, headOf.get(c)));
  // rows no link names: written before the chain (no content hash, below the first link), or put in past the application
  const first = await sql<{ id: string | number | null }>`select min(audit_id) as id from sys_audit_link`.execute(db);
  const firstLinked = first.rows[0]?.id === null || first.rows[0]?.id === undefined ? null : Number(first.rows[0].id);
  const unlinked = await sql<{ id: string | number; company: string | null; entity: string; record_key: string; content_hash: string | null }>`select a.id, a.company, a.entity, a.record_key, a.content_hash
    from sys_audit a where not exists (select 1 from sys_audit_link l where l.audit_id = a.id) ${company === undefined ? sql`` : sql`and coalesce(a.company, '') = ${company}`} order by a.id`.execute(db);
  let beforeChain = 0;
  for (const r of unlinked.rows) {
    const id = Number(r.id);
    if (r.content_hash === null && (firstLinked === null || id < firstLinked)) {
      beforeChain++;
      continue;
    }
    const chain = r.company ?? '';
    let c = chains.find((x) => x.company === chain);
    if (!c) chains.push((c = { company: chain, rows: 0, ok: true, head: headOf.get(chain) ?? null }));
    if (c.ok) Object.assign(c, { ok: false, broken: { row: id, seq: null, entity: r.entity, record_key: r.record_key, what: `audit row ${id} is in no chain: it was inserted past the application (its triggers off)` } });
  }
  chains.sort((a, b) => a.company.localeCompare(b.company));
  const seals = await verifySealsHere(db, company);
  return { ok: chains.every((c) => c.ok) && seals.ok, chains, beforeChain, seals: seals.report, ms: Math.round(performance.now() - started) };
}

/** The report in lines, for the CLI: one per chain, the broken link named. */
export function formatRecordsReport(r: RecordsReport): string {
  const lines = r.chains.map((c) => {
    const name = c.company || '(no company)';
    if (c.ok) return `${name}: intact, ${c.rows} rows${c.head ? `, head ${c.head.seq} ${c.head.hash.slice(0, 16)}` : ''}`;
    const b = c.broken;
    return `${name}: BROKEN at ${b?.row !== null && b?.row !== undefined ? `audit row ${b.row}` : 'the end'}${b?.seq ? ` (link ${b.seq})` : ''}${b?.entity ? ` ${b.entity} ${b.record_key}` : ''}: ${b?.what}`;
  });
  if (r.beforeChain) lines.push(`${r.beforeChain} rows were written before the chain existed (not covered)`);
  for (const sr of r.seals) {
    lines.push(`${sr.company} seals: ${sr.checked} checked, ${sr.intact} intact, ${sr.superseded} superseded${sr.broken.length ? `, ${sr.broken.length} BROKEN` : ''}`);
    for (const b of sr.broken) lines.push(`${sr.company}: seal ${b.seal_id} (${b.kind}) of ${b.entity} ${b.record_key} BROKEN: ${b.status}${b.fields.length ? ` — ${b.fields.join(', ')}` : ''}`);
  }
  lines.push(`${r.ok ? 'All records intact' : 'RECORDS BROKEN'} (${r.ms} ms)`);
  return lines.join('\n');
}
