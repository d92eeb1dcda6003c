/**
 * Password hashing with argon2id (@node-rs/argon2, default parameters), and temporary passwords
 * for resets and new users.
 */
import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

export const MIN_PASSWORD_LENGTH = 8;

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
