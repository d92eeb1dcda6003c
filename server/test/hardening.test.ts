/**
 * The small rules behind issue 9's hardening, without a server: the password rule, calendar dates
 * in filters and queue dates, the per-socket message bucket, and addresses as they are logged.
 */
import { describe, expect, it } from 'vitest';
import { passwordProblem, temporaryPassword } from '../../engine/src/auth/passwords.ts';
import { isDate } from '../../engine/src/values/dates.ts';
import { MessageBucket } from '../src/realtime/hub.ts';
import { redactUrl } from '../src/app.ts';

describe('password rule', () => {
  it('needs 12 characters, refuses common passwords (any case) and the user name', () => {
    expect(passwordProblem('Hangar-Tor11')).toBeNull(); // 12
    expect(passwordProblem('Hangar-Tor1')).toBe('ERR_PW_WEAK'); // 11
    expect(passwordProblem('ŽžŽžŽžŽžŽžŽž')).toBeNull(); // 12 characters, not bytes
    for (const common of ['qwerty123456', 'QWERTY123456', '1q2w3e4r5t6y', 'password1234']) expect(passwordProblem(common), common).toBe('ERR_PW_COMMON');
    expect(passwordProblem('budi.santoso-2026', 'Budi.Santoso')).toBe('ERR_PW_COMMON');
    for (let i = 0; i < 50; i++) expect(passwordProblem(temporaryPassword())).toBeNull();
  });
});

describe('calendar dates', () => {
  it('accepts real dates and ISO times, refuses the rest', () => {
    expect(isDate('2026-02-28')).toBe(true);
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2026-13-01')).toBe(false);
    expect(isDate('2026-1-01')).toBe(false);
    expect(isDate('notadate')).toBe(false);
    expect(isDate('2026-02-28', 'T10:30')).toBe(true);
    expect(isDate('2026-02-28', 'T10:30:00.000Z')).toBe(true);
    expect(isDate('2026-02-28', '+07:00')).toBe(false);
    expect(isDate('2026-02-28', 'T24:00')).toBe(false);
    expect(isDate('2026-02-28', 'junk')).toBe(false);
  });
});

describe('websocket message bucket', () => {
  it('allows a burst of 20, then 5 a second', () => {
    const b = new MessageBucket(20, 5, 0);
    let ok = 0;
    for (let i = 0; i < 30; i++) if (b.take(0)) ok++;
    expect(ok).toBe(20);
    expect(b.take(100)).toBe(false); // 0.5 of a message refilled
    expect(b.take(200)).toBe(true); // 1 refilled
    expect(b.take(200)).toBe(false);
    let later = 0;
    for (let i = 0; i < 30; i++) if (b.take(10_000)) later++;
    expect(later).toBe(20); // refilled to the burst, not beyond
  });
});

describe('addresses in the log', () => {
  it('redacts the values of secret-looking query parameters only', () => {
    expect(redactUrl('/api/ws?token=abc.def.ghi')).toBe('/api/ws?token=[redacted]');
    expect(redactUrl('/api/x?a=1&refresh_token=zz&password=p&Pwd=q&q=token')).toBe('/api/x?a=1&refresh_token=[redacted]&password=[redacted]&Pwd=[redacted]&q=token');
    expect(redactUrl('/api/data/users?limit=10')).toBe('/api/data/users?limit=10');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/api/x?%74oken=abc')).toBe('/api/x?%74oken=[redacted]');
  });
});
