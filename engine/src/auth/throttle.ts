/**
 * Sign-in throttling kept in the database (so it holds across server processes). Each key (a
 * username, or a client address) may fail FREE_FAILURES times in the window; the failure that reaches
 * FREE_FAILURES locks the key (so the next attempt, even with the right password, is refused), and
 * every further failure after a lock runs out locks it again for a doubling delay, capped at
 * MAX_LOCK_SECONDS. The same keys count the failed passwords and codes of a signature
 * (engine/src/auth/signer.ts): guessing at a signature locks sign-in too, and the other way round.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { appError } from '../errors.ts';
import { inTransaction } from '../crud/repository.ts';
import { verifyPassword } from './passwords.ts';
import { createHash } from 'node:crypto';

const FREE_FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;
const BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;

/** The column holding a key is 100 characters long. */
const KEY_LENGTH = 100;

/**
 * The throttle keys of one attempt: the account and the client address. A value longer than the
 * key column holds (a 200-character user name the sign-in schema allows) is keyed by its SHA-256,
 * so every length a route accepts is one the table can hold (never a "value too long" 500).
 */
export function throttleKeys(username: string, ip: string): string[] {
  const key = (kind: string, v: string) => (kind.length + 1 + v.length <= KEY_LENGTH ? `${kind}:${v}` : `${kind}#${createHash('sha256').update(v).digest('hex')}`);
  return [key('user', username), key('ip', ip)];
}

export async function assertNotThrottled(db: DB, keys: string[], what: 'sign-in' | 'signature' = 'sign-in'): Promise<void> {
  const rows = await db
    .selectFrom('sys_login_throttle')
    .select(['throttle_key', 'locked_until'])
    .where('throttle_key', 'in', keys)
    .where('locked_until', '>', sql<string>`now()`)
    .execute();
  if (rows.length > 0) {
    const until = Math.max(...rows.map((r) => new Date(r.locked_until as string).getTime()));
    const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    throw appError('ERR_THROTTLED', {
      message: `Too many failed ${what === 'signature' ? 'signature or sign-in' : 'sign-in'} attempts. Please wait ${seconds} seconds and try again.`,
      extra: { retryAfter: seconds },
    });
  }
}

export async function recordFailure(db: DB, key: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx
      .insertInto('sys_login_throttle')
      .values({ throttle_key: key, failures: 0, window_start: sql`now()` })
      .onConflict((oc) => oc.column('throttle_key').doNothing())
      .execute();
    const row = await tx.selectFrom('sys_login_throttle').select(['failures', 'window_start']).where('throttle_key', '=', key).forUpdate().executeTakeFirstOrThrow();
    const expired = Date.now() - new Date(row.window_start as string).getTime() > WINDOW_SECONDS * 1000;
    const failures = expired ? 1 : Number(row.failures) + 1;
    const over = failures - FREE_FAILURES + 1;
    const lockSeconds = over > 0 ? Math.min(BASE_LOCK_SECONDS * 2 ** (over - 1), MAX_LOCK_SECONDS) : 0;
    await tx
      .updateTable('sys_login_throttle')
      .set({
        failures,
        ...(expired ? { window_start: sql`now()` } : {}),
        locked_until: lockSeconds > 0 ? new Date(Date.now() + lockSeconds * 1000).toISOString() : null,
      })
      .where('throttle_key', '=', key)
      .execute();
  });
}

export async function clearFailures(db: DB, key: string): Promise<void> {
  await db.deleteFrom('sys_login_throttle').where('throttle_key', '=', key).execute();
}

/**
 * Checks a signed-in user's password (password check, change, own reset): failures count against
 * the account and the client address, as at sign-in, so guessing through a stolen session is
 * throttled too; a locked key answers 429.
 */
export async function checkPassword(db: DB, user: { username: string; password_hash: string | null }, password: string, ip: string): Promise<boolean> {
  const keys = throttleKeys(user.username, ip);
  await assertNotThrottled(db, keys);
  const ok = await verifyPassword(user.password_hash, password);
  if (!ok) for (const k of keys) await recordFailure(db, k);
  return ok;
}

/**
 * A fixed-window rate limit kept in the database (so it holds across server processes): counts one
 * use of `key` and refuses with 429 ERR_RATE_LIMITED (and Retry-After) past `limit` uses in
 * `windowSeconds`. Call it inside the transaction of the write it limits: a refused or failed write
 * is not counted.
 */
export async function consumeRate(tx: DB, key: string, limit: number, windowSeconds: number, message?: string): Promise<void> {
  const fresh = sql<boolean>`sys_rate_limit.window_start < now() - make_interval(secs => ${windowSeconds})`;
  const row = await tx
    .insertInto('sys_rate_limit')
    .values({ limit_key: key, hits: 1, window_start: sql`now()` })
    .onConflict((oc) =>
      oc.column('limit_key').doUpdateSet({
        hits: sql`case when ${fresh} then 1 else sys_rate_limit.hits + 1 end`,
        window_start: sql`case when ${fresh} then now() else sys_rate_limit.window_start end`,
      }),
    )
    .returning(['hits', sql<number>`extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))`.as('left')])
    .executeTakeFirstOrThrow();
  if (Number(row.hits) > limit) {
    const seconds = Math.max(1, Math.ceil(Number(row.left)));
    throw appError('ERR_RATE_LIMITED', { ...(message ? { message } : {}), extra: { retryAfter: seconds } });
  }
}
