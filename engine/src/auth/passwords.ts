/**
 * Password hashing with argon2id (@node-rs/argon2, default parameters), the rule for passwords
 * users choose, and temporary passwords for resets and new users.
 *
 *   passwordProblem('qwerty123456', 'budi')  // 'ERR_PW_COMMON'
 */
import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 12;

/** The common-password list of @zxcvbn-ts/language-common (49,233 passwords seen in breaches), lower case. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/**
 * Why a password a user chose is refused, or null: shorter than MIN_PASSWORD_LENGTH (ERR_PW_WEAK)
 * once the whitespace around it is left out (twelve spaces, or a short word padded with spaces, are
 * no password), on the list of common passwords, or the user name (ERR_PW_COMMON). Applied wherever a user sets
 * a password; temporary passwords are random (temporaryPassword).
 */
export function passwordProblem(pw: string, username?: string): 'ERR_PW_WEAK' | 'ERR_PW_COMMON' | null {
  const core = pw.trim();
  if ([...core].length < MIN_PASSWORD_LENGTH) return 'ERR_PW_WEAK';
  const lower = core.toLowerCase();
  if (COMMON.has(lower) || (username && lower.includes(username.toLowerCase()))) return 'ERR_PW_COMMON';
  return null;
}

export function hashPassword(pw: string): Promise<string> {
  return hash(pw);
}

// A real hash of a random string, verified against for unknown users so that timing does not reveal
// whether a username exists.
const dummy = hash(`dummy-${Math.random()}`);

export async function verifyPassword(stored: string | null | undefined, pw: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummy, pw).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, pw);
  } catch {
    return false;
  }
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A readable temporary password (no 0/O, 1/l/I), 12 characters. */
export function temporaryPassword(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}
