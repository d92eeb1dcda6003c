/**
 * The one gate before a certifying signature is written (decision 0301): the signer is present.
 * A signature action (metadata `signature: true`, checked by the action runner) and the approval
 * of a document whose workflow is a signature (`workflow.signature`, checked by the workflow
 * engine) carry the signer's `password` and, when the signer's company requires a second factor
 * (`company.sign_second_factor`), `otp`, a code of the signer's enrolled authenticator. A valid
 * session token alone never signs.
 *
 *   await confirmSigner(ctx.db, { user: ctx.user, ip: ctx.ip }, body);   // throws, or the signer is present
 *
 * Runs outside (before) the transaction of the signature: a failed password or code is counted
 * against the account and the client address with the sign-in throttle (engine/src/auth/throttle.ts),
 * and that count must stay when the signature is refused. A code is spent once checked (a second
 * signature within the same 30 s step needs the next code).
 */
import type { DB } from '../db/database.ts';
import { appError } from '../errors.ts';
import type { UserRef } from '../crud/repository.ts';
import { verifyPassword } from './passwords.ts';
import { spendCode } from './totp.ts';
import { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from './throttle.ts';

/** The body fields a signature carries: never written by the action (the runner takes them off). */
export const SIGNER_FIELDS = ['password', 'otp'] as const;

/** The key the throttle counts for a signature given without a client address (fixtures, scripts). */
const NO_ADDRESS = 'local';

const missing = (path: string, message: string) => appError('ERR_VALIDATION', { message, errors: [{ path, message: 'is required' }] });

/** Whether signatures in the company need a second factor (on unless the company turned it off). */
export async function secondFactorRequired(db: DB, compcode: string): Promise<boolean> {
  const row = await db.selectFrom('company').select(['sign_second_factor']).where('compcode', '=', compcode).executeTakeFirst();
  return row?.sign_second_factor !== false;
}

export async function confirmSigner(db: DB, who: { user: UserRef; ip?: string }, body: Record<string, unknown>): Promise<void> {
  const password = typeof body.password === 'string' ? body.password : '';
  const otp = typeof body.otp === 'string' || typeof body.otp === 'number' ? String(body.otp).trim() : '';
  if (!password) throw missing('/password', 'Type your password to sign: a signature is given by its signer, not by a session.');
  const user = await db.selectFrom('users').select(['username', 'password_hash', 'active']).where('user_id', '=', who.user.user_id).executeTakeFirst();
  if (!user || user.active === false) throw appError('ERR_USER_INACTIVE');
  const needsCode = await secondFactorRequired(db, who.user.compcode);
  const enrolled = needsCode ? await db.selectFrom('sys_user_totp').select('user_id').where('user_id', '=', who.user.user_id).where('enrolled_at', 'is not', null).executeTakeFirst() : undefined;
  if (needsCode && !enrolled) throw appError('ERR_SIGN_ENROL');
  if (needsCode && !otp) throw missing('/otp', 'Type the 6-digit code your authenticator app shows: certifying signatures in this company need a second factor.');
  const keys = throttleKeys(String(user.username), who.ip ?? NO_ADDRESS);
  await assertNotThrottled(db, keys, 'signature');
  const fail = async (code: 'ERR_SIGN_PASSWORD' | 'ERR_SIGN_CODE', path: string) => {
    for (const k of keys) await recordFailure(db, k);
    return appError(code, { errors: [{ path, message: code === 'ERR_SIGN_PASSWORD' ? 'is wrong' : 'is wrong or was already used' }] });
  };
  if (!(await verifyPassword(user.password_hash as string | null, password))) throw await fail('ERR_SIGN_PASSWORD', '/password');
  if (needsCode && !(await spendCode(db, who.user.user_id, otp))) throw await fail('ERR_SIGN_CODE', '/otp');
  await clearFailures(db, keys[0]);
}

/** The body without the signer's fields, as the signature action gets it. */
export function withoutSignerFields(body: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...body };
  for (const f of SIGNER_FIELDS) delete rest[f];
  return rest;
}
