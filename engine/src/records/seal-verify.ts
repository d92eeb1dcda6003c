/**
 * Verify of one record as a reader asks it (GET /api/data/:entity/:key/verify, the form's Verify):
 *   1. the record read through the repository with the reader's ability (404 if they cannot read it);
 *   2. its seals and those of its lines that are sealed records themselves (a work order's cards),
 *      each verified (seal.ts verifyRecord);
 *   3. told in the reader's words: the seal's title, the signer's name, the labels of the fields
 *      that no longer match; `intact` when every seal is intact or superseded.
 *
 *   const v = await verifyForReader({ db, reg, repo, ability, reader }, 'work_order', 7);
 */
import type { DB } from '../db/database.ts';
import type { AppAbility } from '../access/ability.ts';
import type { Reader } from '../access/personal.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import type { Repository } from '../crud/repository.ts';
import { appError } from '../errors.ts';
import { sealsOf, verifyRecord, type SealCheck } from './seal.ts';
import type { PrintSeal } from '../print/print.ts';

type Row = Record<string, unknown>;

/** A seal verified, in the reader's words. */
export interface SealVerdict extends SealCheck {
  /** The seal's title (metadata), e.g. "Certified". */
  title: string;
  /** The sealed record as a person names it: "Work Order WO-2026-0007", "Task Card AMM 27-10-00". */
  record: string;
  signer_name: string;
  /** The labels of `fields`, in the same order ("Description", "Tasks 12: Done By"). */
  labels: string[];
}

export interface RecordVerification {
  entity: string;
  key: string;
  /** Every seal intact (or superseded by a later version); false when one is changed, altered or its record missing. */
  intact: boolean;
  seals: SealVerdict[];
}

export interface VerifyContext {
  db: DB;
  reg: Registry;
  repo: Repository;
  ability: AppAbility;
  reader?: Reader;
}

/** Whether the entity, or one of its lines, declares seals (the form offers Verify). */
export const declaresSeals = (reg: Registry, e: EntityDef): boolean => Boolean(e.seals?.length) || e.children.some((c) => Boolean(reg.entities.get(c.entity)?.seals?.length));

/** A field path of a seal (`description`, `tasks[12].done_by`, `tasks[12]`) as a label; a line named by its display value (its task code) when it is still there. */
function labelOf(reg: Registry, e: EntityDef, path: string, shownLine: (entity: string, key: string) => string | undefined): string {
  const m = /^([a-z0-9_]+)\[([^\]]*)\](?:\.([a-z0-9_]+))?$/.exec(path);
  if (!m) return e.fields.find((f) => f.name === path)?.label ?? path;
  const child = e.children.find((c) => c.name === m[1]);
  const ce = child ? reg.entities.get(child.entity) : undefined;
  const line = `${child?.title ?? m[1]} ${(ce && shownLine(ce.name, m[2])) || m[2]}`;
  return m[3] ? `${line}: ${ce?.fields.find((f) => f.name === m[3])?.label ?? m[3]}` : line;
}

export async function verifyForReader(ctx: VerifyContext, entity: string, key: string | number): Promise<RecordVerification> {
  const e = ctx.reg.entities.get(entity);
  if (!e || !declaresSeals(ctx.reg, e)) throw appError('ERR_ROUTE_NOT_FOUND', { message: 'This record takes no signatures: there is nothing to verify.' });
  const row = await ctx.repo.get({ db: ctx.db, ability: ctx.ability, reader: ctx.reader }, e.name, key);
  const recordKey = String(row[e.key]);
  const compcode = String(row.compcode ?? '');
  // every line of the record by entity and key (to name a line), and the keys of the lines that are sealed records themselves
  const lineRows = new Map<string, Row>();
  const lines: { entity: string; keys: string[] }[] = [];
  for (const c of e.children) {
    const ce = ctx.reg.entity(c.entity);
    const rows = (row[c.name] as Row[] | undefined) ?? [];
    for (const r of rows) lineRows.set(`${c.entity}\u0000${String(r[ce.key])}`, r);
    if (ce.seals?.length) lines.push({ entity: c.entity, keys: rows.map((r) => String(r[ce.key])) });
  }
  const checks = await verifyRecord(ctx.db, compcode, e.name, recordKey, lines);
  const signers = [...new Set(checks.map((c) => c.signer))];
  const names = new Map<number, string>();
  if (signers.length) {
    for (const u of await ctx.db.selectFrom('users').select(['user_id', 'full_name', 'username']).where('user_id', 'in', signers).execute()) names.set(Number(u.user_id), String(u.full_name ?? u.username));
  }
  const shownLine = (entity: string, k: string): string | undefined => {
    const ce = ctx.reg.entity(entity);
    const r = lineRows.get(`${entity}\u0000${k}`);
    return r && ce.display && r[ce.display] !== null && r[ce.display] !== undefined && r[ce.display] !== '' ? String(r[ce.display]) : undefined;
  };
  const seals = checks.map((c): SealVerdict => {
    const se = ctx.reg.entity(c.entity);
    const r = c.entity === e.name ? row : lineRows.get(`${c.entity}\u0000${c.record_key}`);
    const shown = r && se.display && r[se.display] !== null && r[se.display] !== undefined ? String(r[se.display]) : c.record_key;
    return {
      ...c,
      title: se.seals?.find((s) => s.kind === c.kind)?.title ?? c.kind,
      record: `${se.title} ${shown}`,
      signer_name: names.get(c.signer) ?? String(c.signer),
      labels: c.fields.map((f) => (c.status === 'seal_altered' ? `Seal: ${f}` : labelOf(ctx.reg, se, f, shownLine))),
    };
  });
  return { entity: e.name, key: recordKey, intact: seals.every((s) => s.status === 'intact' || s.status === 'superseded'), seals };
}

/** The seals a print of the record shows (its own and its sealed lines'), with their titles; unverified (Verify verifies). */
export async function printSeals(reg: Registry, db: DB, e: EntityDef, row: Row): Promise<PrintSeal[]> {
  if (!declaresSeals(reg, e)) return [];
  const compcode = String(row.compcode ?? '');
  const wanted = [{ entity: e, keys: e.seals?.length ? [String(row[e.key])] : [] }];
  for (const c of e.children) {
    const ce = reg.entity(c.entity);
    if (ce.seals?.length) wanted.push({ entity: ce, keys: ((row[c.name] as Row[] | undefined) ?? []).map((r) => String(r[ce.key])) });
  }
  const out: PrintSeal[] = [];
  for (const w of wanted) {
    for (const s of await sealsOf(db, compcode, w.entity.name, w.keys)) {
      out.push({ entity: w.entity.name, record_key: s.record_key, kind: s.kind, title: w.entity.seals?.find((d) => d.kind === s.kind)?.title ?? s.kind, short: s.short, signedAt: `${s.signed_at.replace('T', ' ').slice(0, 16)} UTC` });
    }
  }
  return out;
}
