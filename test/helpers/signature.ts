/**
 * Signatures in tests (decision 0301): the demo's signers' fixed second-factor secrets
 * (fixtures/demo/01-users.yaml) and their codes, and the company setting for suites that test the
 * work a signature writes rather than the gate before it.
 *
 *   await passwordOnlySignatures(t, 'CTA');                               // the company signs with the password only
 *   await t.call('POST', url, { token, body: { key, password: DEMO_PASSWORD, otp: codeOf('engineer') } });
 */
import { sql } from 'kysely';
import { currentCode } from '../../engine/src/auth/totp.ts';
import { isSignatureAction } from '../../engine/src/crud/run-action.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';
import type { TestApp } from './app.ts';

/** The second-factor secrets the demo enrols its certifying users with (README). */
export const DEMO_TOTP: Record<string, string> = {
  engineer: 'ZIUB4KHUJ4PS3IV6AN7NSWD6CUNM7I5V',
  approver: 'GNJQWUDQCSNQDWRLI5NX7UI3B24TBRS6',
  inspector: '6RIYNGH6DZZP6ZG6DATV5PTWVSCPDY45',
  quality: '4NXTAADMSYQQP76QHNS3DGITMVWIPGAE',
};

/**
 * The code of a demo user's (or a secret's) authenticator, `steps` time steps of 30 s from now: a
 * code is spent once, so a second signature within the same step takes the next step's code (one
 * step ahead is accepted).
 */
export function codeOf(userOrSecret: string, steps = 0): string {
  return currentCode(DEMO_TOTP[userOrSecret] ?? userOrSecret, Date.now() + steps * 30_000);
}

/**
 * The company turns the second factor of signatures off (its setting, `company.sign_second_factor`):
 * signatures there still ask the password. For suites about what a signature writes, which sign
 * many times a minute; the gate itself is tested in server/test/signatures.test.ts.
 */
export async function passwordOnlySignatures(t: TestApp, ...compcodes: string[]): Promise<void> {
  await sql`update company set sign_second_factor = false where compcode in (${sql.join(compcodes)})`.execute(t.services.database.db);
}

/**
 * The body of an action call with the signer's password added when the action is a signature
 * (`signature: true` in metadata), as the signing dialog sends it.
 */
export function signed(t: TestApp, entity: string, name: string, body: Record<string, unknown>, password = DEMO_PASSWORD): Record<string, unknown> {
  return isSignatureAction(t.services.reg, entity, name) ? { password, ...body } : body;
}
