/**
 * A user's second factor: time-based one-time codes (RFC 6238 TOTP: HMAC-SHA1, 6 digits, 30 s
 * steps) computed by the `otpauth` library, the enrolment QR code drawn by `qrcode`. The secret
 * lives in `sys_user_totp` only (so any server process verifies a code enrolled on another), is
 * answered once while enrolling and never again (decision 0300).
 *
 *   const { secret, uri, qr } = await beginEnrolment(db, user);   // shown on User Profile
 *   await confirmEnrolment(db, user, '492039');                    // enrolled
 *   await spendCode(tx, userId, '118230');                         // true once, false on reuse
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { DB } from '../db/database.ts';
import { appError } from '../errors.ts';
import { inTransaction, type UserRef } from '../crud/repository.ts';
import { writeAudit } from '../crud/versioned.ts';
import type { Registry } from '../metadata/registry.ts';

/** The name authenticator apps show beside the user name. */
export const TOTP_ISSUER = 'AeroERP';
const PERIOD = 30;
const DIGITS = 6;
/** Codes of the step before and after now are accepted too (clock drift, the time to type). */
const WINDOW = 1;

function totpOf(secret: string, label = 'user'): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** The code of `secret` now (or at `timestamp`, ms): the demo's `npm run -s totp` and tests. */
export function currentCode(secret: string, timestamp = Date.now()): string {
  return totpOf(secret).generate({ timestamp });
}

/**
 * The time step a code of `secret` belongs to, within one step of now, or null: the code is
 * compared by the library (constant time), the step is now's counter plus the matching delta.
 */
export function stepOfCode(secret: string, code: string, timestamp = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const t = totpOf(secret);
  const delta = t.validate({ token, timestamp, window: WINDOW });
  return delta === null ? null : t.counter({ timestamp }) + delta;
}

export interface SecondFactorStatus {
  enrolled: boolean;
  enrolled_at: string | null;
}

export async function secondFactorStatus(db: DB, userId: number): Promise<SecondFactorStatus> {
  const row = await db.selectFrom('sys_user_totp').select(['enrolled_at']).where('user_id', '=', userId).executeTakeFirst();
  return { enrolled: Boolean(row?.enrolled_at), enrolled_at: row?.enrolled_at ? new Date(row.enrolled_at as string).toISOString() : null };
}

/**
 * Starts (or starts again) an enrolment: a new random 160-bit secret, held unconfirmed until the
 * user types a code of it. A user already enrolled is refused (409): an administrator resets a
 * second factor first, so a stolen session cannot move it to another phone.
 */
export async function beginEnrolment(db: DB, user: UserRef): Promise<{ secret: string; uri: string; qr: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await inTransaction(db, async (tx) => {
    const row = await tx.selectFrom('sys_user_totp').select(['id', 'enrolled_at']).where('user_id', '=', user.user_id).forUpdate().executeTakeFirst();
    if (row?.enrolled_at) throw appError('ERR_CONFLICT', { message: 'Your second factor is already enrolled. An administrator resets it if you need to enrol another device.' });
    if (row) await tx.updateTable('sys_user_totp').set({ secret, last_step: 0 }).where('id', '=', row.id).execute();
    else await tx.insertInto('sys_user_totp').values({ user_id: user.user_id, secret, last_step: 0 }).execute();
  });
  const uri = totpOf(secret, user.username).toString();
  return { secret, uri, qr: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 }) };
}

/** Ends an enrolment with a code of the new secret: enrolled from now on (audited on the user). */
export async function confirmEnrolment(db: DB, reg: Registry, user: UserRef, code: string): Promise<SecondFactorStatus> {
  return inTransaction(db, async (tx) => {
    const row = await tx.selectFrom('sys_user_totp').select(['id', 'secret', 'enrolled_at']).where('user_id', '=', user.user_id).forUpdate().executeTakeFirst();
    if (!row) throw appError('ERR_CONFLICT', { message: 'Start the enrolment first (Enrol an authenticator).' });
    if (row.enrolled_at) throw appError('ERR_CONFLICT', { message: 'Your second factor is already enrolled.' });
    const step = stepOfCode(String(row.secret), code);
    if (step === null) throw appError('ERR_VALIDATION', { message: 'The code does not match: type the 6 digits your authenticator app shows now.', errors: [{ path: '/code', message: 'does not match the code of the new secret' }] });
    const now = new Date().toISOString();
    await tx.updateTable('sys_user_totp').set({ enrolled_at: now, last_step: step }).where('id', '=', row.id).execute();
    await writeAudit(tx, user, reg.entity('users'), user.user_id, 'action', { action: 'second factor enrolled' });
    return { enrolled: true, enrolled_at: now };
  });
}

/**
 * Removes a user's second factor (an administrator's reset: the user enrols again before signing
 * where the company requires it), audited on the user with who reset it. The caller has checked
 * the right to.
 */
export async function resetSecondFactor(db: DB, reg: Registry, by: UserRef, userId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const gone = await tx.deleteFrom('sys_user_totp').where('user_id', '=', userId).executeTakeFirst();
    await writeAudit(tx, by, reg.entity('users'), userId, 'action', { action: 'second factor reset', by: by.username, enrolled: Number(gone.numDeletedRows) > 0 });
  });
}

/**
 * Spends a code of the user's enrolled secret: true when it matches a step within one of now that
 * is later than the last code accepted (one statement, so two requests with one code cannot both
 * pass), false when it does not match or was used already (replay, RFC 6238 §5.2).
 */
export async function spendCode(db: DB, userId: number, code: string): Promise<boolean> {
  const row = await db.selectFrom('sys_user_totp').select(['secret', 'enrolled_at']).where('user_id', '=', userId).executeTakeFirst();
  if (!row?.enrolled_at) return false;
  const step = stepOfCode(String(row.secret), code);
  if (step === null) return false;
  const spent = await db.updateTable('sys_user_totp').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', step).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}
