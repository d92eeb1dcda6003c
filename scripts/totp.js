#!/usr/bin/env node
// Prints the current one-time code (RFC 6238, 30 s) of a demo user's second factor, or of a base32
// secret, and the seconds it stays valid: what the user's authenticator app would show.
//
//   npm run -s totp -- engineer
//   node scripts/totp.js ZIUB4KHUJ4PS3IV6AN7NSWD6CUNM7I5V
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { parse } from 'yaml';

const arg = process.argv[2];
if (!arg) {
  console.error('usage: npm run -s totp -- <demo user | base32 secret>');
  process.exit(2);
}
let secret = arg;
if (!/^[A-Z2-7]{16,}$/.test(arg)) {
  const file = fileURLToPath(new URL('../fixtures/demo/01-users.yaml', import.meta.url));
  const users = parse(readFileSync(file, 'utf8')).steps.flatMap((s) => s.users ?? []);
  const u = users.find((x) => x.username === arg);
  if (!u?.totp) {
    console.error(`${arg}: no demo user with a second factor (${users.filter((x) => x.totp).map((x) => x.username).join(', ')})`);
    process.exit(1);
  }
  secret = u.totp;
}
const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totp.generate()}  (valid ${left} s more)`);
