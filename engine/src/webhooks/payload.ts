/**
 * What a delivery carries and how it is signed (decisions 0332, 0333).
 *
 * The record is read when the delivery is sent, as the subscription's owner may read it now: the
 * owner's letters in the subscription's company (the menu grants of user_menu, as a request's
 * are read, auth/session.ts) compiled to SQL by the one access compiler through `repo.get`, so
 * another company's row, a row of an entity the owner holds no R on, or a participant-only row they
 * take no part in, is not found and the event is not delivered; personal fields read as they do for
 * the owner. An owner who is inactive or no longer in the company reads nothing.
 *
 * The signature is the Standard Webhooks one: HMAC-SHA256 (node:crypto) keyed with the secret's
 * bytes (`whsec_` + base64) over `${webhook-id}.${webhook-timestamp}.${body}`, sent as
 * `webhook-signature: v1,<base64>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { Registry } from '../metadata/registry.ts';
import type { Repository } from '../crud/repository.ts';
import { sharedAbility, type MenuGrant } from '../access/ability.ts';
import { isAppError } from '../errors.ts';
import type { ClaimedDelivery } from './outbox.ts';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the Standard Webhooks form). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The HMAC key of a secret: the bytes after `whsec_`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">`. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one attempt (Standard Webhooks): id, timestamp in Unix seconds, signature. */
export function signedHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
  };
}

/** The owner's user reference and letters in the company; null when they may not act there any more. */
async function ownerAccess(db: DB, ownerId: number, compcode: string): Promise<{ user_id: number; username: string; compcode: string; grants: MenuGrant[] } | null> {
  const r = await sql<{ username: string; grants: unknown }>`
    select u.username,
           (select coalesce(json_agg(json_build_object('module', m.modulname, 'menu', m.name, 'route', m.route, 'letters', p.permission)), '[]'::json)
              from user_menu p join menu m on m.menu_id = p.menu_id
             where p.user_id = u.user_id and p.compcode = c.compcode and m.active
               and (not coalesce(m.holdingonly, false) or coalesce(c.isholding, false))) as grants
      from users u
      join user_company uc on uc.user_id = u.user_id and uc.compcode = ${compcode}
      join company c on c.compcode = uc.compcode
     where u.user_id = ${ownerId} and u.active`.execute(db);
  const row = r.rows[0];
  if (!row) return null;
  const grants = (typeof row.grants === 'string' ? JSON.parse(row.grants) : (row.grants ?? [])) as MenuGrant[];
  return { user_id: ownerId, username: row.username, compcode, grants };
}

/**
 * The body of a delivery, or null when its owner may not read the record. The record is the one
 * the owner would get from `GET /api/data/{entity}/{key}` now (with its lines).
 */
export async function deliveryBody(db: DB, reg: Registry, repo: Repository, d: ClaimedDelivery): Promise<string | null> {
  if (d.owner_id === null || !reg.entities.has(d.entity_name)) return null;
  const owner = await ownerAccess(db, d.owner_id, d.compcode);
  if (!owner) return null;
  const ability = sharedAbility(reg, { compcode: d.compcode, grants: owner.grants, user_id: owner.user_id });
  let record: Record<string, unknown>;
  try {
    record = await repo.get({ db, ability, reader: { user_id: owner.user_id } }, d.entity_name, d.record_key);
  } catch (err) {
    if (isAppError(err) && (err.code === 'ERR_NOT_FOUND' || err.code === 'ERR_FORBIDDEN')) return null;
    throw err;
  }
  return JSON.stringify({
    id: d.event_id,
    type: d.event_type,
    company: d.compcode,
    entity: d.entity_name,
    key: d.record_key,
    occurred_at: new Date(d.occurred_at).toISOString(),
    attempt: d.attempts,
    data: record,
  });
}
