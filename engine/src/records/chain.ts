/**
 * The audit trail's hash chain (decision 0310). Each sys_audit row carries `content_hash`: SHA-256 of
 * the RFC 8785 canonical JSON (canonicalize 2.1.0) of what it says, computed where the row is
 * written (writeAudits, the one writer). At commit a deferred constraint trigger links the row into
 * its company's chain: `sys_audit_head` (one row per chain, updated under its row lock, so two
 * transactions never chain onto the same previous row) gives the next sequence number and the
 * previous hash, and `sys_audit_link` receives
 *
 *   hash = sha256(prev_hash | seq | audit id | content_hash | created_at in UTC to the microsecond)
 *
 * Linking at commit keeps the head's lock to the end of a transaction, after every other lock it
 * takes (no deadlock with the locks of the work it records). sys_audit and sys_audit_link refuse
 * UPDATE, DELETE and TRUNCATE (decision 0311); the head refuses DELETE and TRUNCATE.
 *
 *   contentHash({ entity: 'aircraft', record_key: '7', action: 'update', company: 'CTA', user_id: 3, username: 'planner', changes: '{}' })
 */
import { createHash } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import type { TriggerModel } from '../db/stored-view.ts';

/** What a row's content hash covers, in canonical form version 1. */
export interface AuditContent {
  entity: string;
  record_key: string;
  action: string;
  company: string | null;
  user_id: number | string | null;
  username: string;
  changes: string | null;
}

export const CHAIN_VERSION = 1;

// the package is CommonJS (module.exports = the function) while its types say `export default`
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The canonical JSON a row's content hash is taken over. */
export function canonicalContent(r: AuditContent): string {
  const out = canonicalize({
    v: CHAIN_VERSION,
    entity: r.entity,
    record_key: r.record_key,
    action: r.action,
    company: r.company ?? null,
    user_id: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
    username: r.username,
    changes: r.changes ?? null,
  });
  if (out === undefined) throw new Error('audit content cannot be canonicalised');
  return out;
}

export function contentHash(r: AuditContent): string {
  return sha256Hex(canonicalContent(r));
}

/** The text a link's hash is taken over (the same as the trigger's SQL below builds). */
export function linkInput(prev: string, seq: number | string, auditId: number | string, content: string | null, at: string): string {
  return `${prev}|${seq}|${auditId}|${content ?? ''}|${at}`;
}

export function linkHash(prev: string, seq: number | string, auditId: number | string, content: string | null, at: string): string {
  return sha256Hex(linkInput(prev, seq, auditId, content, at));
}

/** created_at as the chain writes it: UTC, microseconds (SQL expression over a timestamptz). */
export const AT_SQL = (col: string): string => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const hashSql = (prev: string, seq: string) =>
  `encode(sha256(convert_to(${prev} || '|' || (${seq})::text || '|' || new.id::text || '|' || coalesce(new.content_hash, '') || '|' || ${AT_SQL('new.created_at')}, 'UTF8')), 'hex')`;

/** SQLSTATE of the append-only refusal (mapped to 409 ERR_APPEND_ONLY by crud/db-errors.ts). */
export const APPEND_ONLY_STATE = 'AE002';

/** The chain's triggers, created by the migration when sys_audit, its link and head tables exist. */
export function chainTriggers(): TriggerModel[] {
  return [
    {
      name: 'sys_audit_chain_link',
      table: 'sys_audit',
      body: `insert into sys_audit_head as h (chain, seq, hash) values (coalesce(new.company, ''), 1, ${hashSql("''", '1')})
    on conflict (chain) do update set seq = h.seq + 1, hash = ${hashSql('h.hash', 'h.seq + 1')}, updated_at = now()
    returning h.seq, h.hash into link_seq, link_hash;
  insert into sys_audit_link (audit_id, chain, seq, hash) values (new.id, coalesce(new.company, ''), link_seq, link_hash);`,
      declare: 'link_seq bigint; link_hash varchar(64);',
      create: [`create constraint trigger "sys_audit_chain_link" after insert on "sys_audit" deferrable initially deferred for each row execute function "sys_audit_chain_link"()`],
    },
    {
      name: 'sys_audit_append_only',
      table: 'sys_audit',
      body: `raise exception using errcode = '${APPEND_ONLY_STATE}', message = 'audit rows are append-only: ' || tg_op || ' on ' || tg_table_name || ' refused';`,
      create: [
        `create trigger "sys_audit_append_only" before update or delete or truncate on "sys_audit" for each statement execute function "sys_audit_append_only"()`,
        `create trigger "sys_audit_link_append_only" before update or delete or truncate on "sys_audit_link" for each statement execute function "sys_audit_append_only"()`,
        `create trigger "sys_audit_head_append_only" before delete or truncate on "sys_audit_head" for each statement execute function "sys_audit_append_only"()`,
      ],
    },
  ];
}
