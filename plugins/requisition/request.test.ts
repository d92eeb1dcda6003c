import { describe, expect, it } from 'vitest';
import type { Registry } from '../../engine/src/metadata/registry.ts';
import { requestToSave } from './request.ts';

/** The one thing requestToSave reads of the metadata: the line entity's key. */
const reg = { entity: (name: string) => ({ name, key: name === 'material_request_line' ? 'reqdtlkey_col' : 'requestkey' }) } as unknown as Registry;
const who = { userId: 12, currency: 'IDR', today: '2026-11-27' };

describe('requestToSave (the spec body of a material request save, as the repository takes it)', () => {
  it('a body without requestkey creates: requestor, date and currency filled in, lines from detail with their keys renamed', () => {
    const { key, body } = requestToSave(reg, { remark: 'AOG', detail: [{ reqdtlkey: 5, quantity: 2 }, { quantity: 1 }] }, who);
    expect(key).toBeUndefined();
    expect(body).toEqual({ remark: 'AOG', requestor: 12, requestdate: '2026-11-27', matauang: 'IDR', lines: [{ reqdtlkey_col: 5, quantity: 2 }, { quantity: 1 }] });
  });

  it('an empty or null requestkey also creates; a given one updates and is not written as a field', () => {
    expect(requestToSave(reg, { requestkey: '' }, who).key).toBeUndefined();
    expect(requestToSave(reg, { requestkey: null }, who).key).toBeUndefined();
    const { key, body } = requestToSave(reg, { requestkey: 7, version: 3 }, who);
    expect(key).toBe(7);
    expect(body).not.toHaveProperty('requestkey');
    expect(body.version).toBe(3);
  });

  it('keeps what the body gives (requestor, date, currency) and prefers lines over detail', () => {
    const { body } = requestToSave(reg, { requestor: 3, requestdate: '2026-01-02', matauang: 'USD', lines: [{ quantity: 4 }], detail: [{ quantity: 9 }] }, { ...who, currency: null });
    expect(body).toEqual({ requestor: 3, requestdate: '2026-01-02', matauang: 'USD', lines: [{ quantity: 4 }] });
  });

  it('no currency in the company gives null; a non-array lines value is passed on for the schema to refuse', () => {
    const { body } = requestToSave(reg, { lines: 'x' }, { ...who, currency: undefined });
    expect(body.matauang).toBeNull();
    expect(body.lines).toBe('x');
  });
});
