/**
 * Ending a user's sessions: the per-user token generation (users.token_gen) is raised, so every
 * access token issued before is refused by the one auth statement (server/src/auth/session.ts);
 * refresh tokens are revoked (all of them, or one sign-in's family); and a `sessionend` event is
 * published, on which every server process closes the user's websockets (server/src/realtime/hub.ts).
 * Runs inside the caller's transaction: the event is delivered only if it commits.
 *
 *   await endSessions(tx, userId, { emit });                                 // password reset, deactivation
 *   await endSessions(tx, userId, { emit, revoke: { family: 'ab12…' } });     // sign-out of one device
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { EngineEvent } from '../plugins/host.ts';
import type { Registry } from '../metadata/registry.ts';
import { inTransaction, type UserRef } from '../crud/repository.ts';
import { versionedUpdate } from '../crud/versioned.ts';
import { hashPassword, temporaryPassword } from './passwords.ts';

type Emit = (tx: DB, e: EngineEvent) => Promise<void>;

/** The event that closes a user's websockets on every server process (never sent to browsers). */
export const SESSION_END_EVENT = 'sessionend';

/**
 * The event that re-scopes a user's websockets held in a company the user no longer belongs to
 * (data.compcode), on every server process: moved to a company the user still works in, or closed
 * when there is none (server/src/realtime/hub.ts; never sent to browsers).
 */
export const COMPANY_LEAVE_EVENT = 'companyleave';

export async function endSessions(
  tx: DB,
  userId: number,
  opts: { emit?: Emit; revoke?: 'all' | 'none' | { family: string } } = {},
): Promise<void> {
  await tx.updateTable('users').set({ token_gen: sql`token_gen + 1` }).where('user_id', '=', userId).execute();
  const revoke = opts.revoke ?? 'all';
  if (revoke !== 'none') {
    let q = tx.updateTable('sys_refresh_token').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (revoke !== 'all') q = q.where('family', '=', revoke.family);
    await q.execute();
  }
  await opts.emit?.(tx, { event: SESSION_END_EVENT, user_id: userId });
}

/**
 * Resets a user's password to a random temporary one that must be changed at the next sign-in
 * (the one versioned write, audited with the reason) and ends every session of the user; returns
 * the temporary password, shown once to whoever reset it. The caller has checked the right to.
 */
export async function resetPassword(db: DB, reg: Registry, by: UserRef, userId: number, emit?: Emit): Promise<string> {
  const temp = temporaryPassword();
  const hash = await hashPassword(temp);
  await inTransaction(db, async (tx) => {
    await versionedUpdate(tx, reg.entity('users'), userId, { password_hash: hash, mustchangepw: true, pw_changed_at: new Date().toISOString() }, { user: by, reason: 'reset password' });
    await endSessions(tx, userId, { emit });
  });
  return temp;
}

/**
 * The company the user works in from now on (users.last_compcode), inside the caller's
 * transaction: the user's row is locked and changed (versioned, audited with `reason`) only when
 * it names another company.
 */
export async function workInCompany(tx: DB, reg: Registry, user: { user_id: number; username: string }, compcode: string, reason: string): Promise<void> {
  const before = await tx.selectFrom('users').selectAll().where('user_id', '=', user.user_id).forUpdate().executeTakeFirstOrThrow();
  if (before.last_compcode === compcode) return;
  await versionedUpdate(tx, reg.entity('users'), user.user_id, { last_compcode: compcode }, { user: { user_id: user.user_id, username: user.username, compcode }, before, reason });
}
