/**
 * A record's History (issue 23 point 2; engine/src/crud/history.ts): an edit made here shows who
 * changed which field from what to what; a posted stock document shows its workflow-free posting
 * with the ledger rows; filters by user and date; the xlsx export; and the record's own access:
 * a user who cannot read the record (another company) gets 404 and no history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { adminIn, STARTUP_TIMEOUT } from './support.ts';

let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminIn(t, 'GAT');
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

const db = () => t.services.database.db;

describe('record history', () => {
  it('shows an edit with the field, its old and new value, and filters by user and date', async () => {
    const store = await db().selectFrom('store_warehouse').selectAll().where('compcode', '=', 'GAT').orderBy('store_id').executeTakeFirstOrThrow();
    const key = String(store.store_id);
    const textField = t.services.reg.field('store_warehouse', 'store_name')!;
    const before = (await t.call('GET', `/api/data/store_warehouse/${key}`, { token: admin })).body.data;
    const upd = await t.call('PUT', `/api/data/store_warehouse/${key}`, { token: admin, body: { ...writable(before), store_name: 'History test value' } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);

    const h = await t.call('GET', `/api/data/store_warehouse/${key}/history`, { token: admin });
    expect(h.status).toBe(200);
    const latest = h.body.data[0];
    expect(latest).toMatchObject({ username: 'admin', kind: 'changed', title: 'Changed' });
    expect(latest.changes).toContainEqual({ field: textField.name, label: textField.label, from: before[textField.name] ?? null, to: 'History test value' });

    const today = new Date().toISOString().slice(0, 10);
    const mine = await t.call('GET', `/api/data/store_warehouse/${key}/history?user=ADMIN&from=${today}&to=${today}`, { token: admin });
    expect(mine.body.data[0]).toEqual(latest);
    expect((await t.call('GET', `/api/data/store_warehouse/${key}/history?user=storekeeper&from=${today}`, { token: admin })).body.data).toEqual([]);
    expect((await t.call('GET', `/api/data/store_warehouse/${key}/history?to=2000-01-01`, { token: admin })).body.data).toEqual([]);
    const bad = await t.call('GET', `/api/data/store_warehouse/${key}/history?from=yesterday`, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: '/from', message: 'must be a date (YYYY-MM-DD)' }]);

    // the export: one row per change, the edit among them
    const x = await t.app.inject({ method: 'GET', url: `/api/data/store_warehouse/${key}/history/export?user=admin`, headers: { authorization: `Bearer ${admin}` } });
    expect(x.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(x.rawPayload);
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).toContain('History test value');

    // the record's access: planner works in CTA and cannot read a GAT store
    const planner = (await t.signIn('planner', 'demo1234')).token;
    const other = await t.call('GET', `/api/data/store_warehouse/${key}/history`, { token: planner });
    expect(other.status).toBe(404);
  });

  it('shows the postings of a posted stock document', async () => {
    const ledger = await db().selectFrom('stock_ledger').select(['source', 'source_key']).where('compcode', '=', 'GAT').where('source', 'is not', null).executeTakeFirstOrThrow();
    const rows = await db().selectFrom('stock_ledger').select('ledgerkey').where('source', '=', ledger.source).where('source_key', '=', ledger.source_key).execute();
    const h = await t.call('GET', `/api/data/${ledger.source}/${ledger.source_key}/history`, { token: admin });
    expect(h.status).toBe(200);
    const postings = h.body.data.filter((ev: { kind: string }) => ev.kind === 'posting');
    // every ledger row of the document appears once, in the posting events
    expect(postings.reduce((n: number, ev: { changes: unknown[] }) => n + ev.changes.length, 0)).toBe(rows.length);
    expect(postings[0].title).toBe('Posted to Stock Ledger');
  });
});

/** The writable fields of a store as a PUT body, with its version (as server/test/data.test.ts sends them). */
function writable(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of t.services.reg.entity('store_warehouse').fields) if (!f.readOnly && !f.hidden && row[f.name] !== undefined) out[f.name] = row[f.name];
  out.version = row.version;
  return out;
}

describe('history hides what the record hides (issue 32.7)', () => {
  it('shows a personal field (bank account) only to whoever sees it on the record, in the history and its export', async () => {
    const { createUser, DEMO_PASSWORD } = await import('./support.ts');
    const subject = await createUser(t, { username: 'hist.subject', companies: { GAT: 'viewer' } });
    await createUser(t, { username: 'hist.reader', companies: { GAT: { 'admin/user': 'RO' } } });
    const reader = (await t.signIn('hist.reader', DEMO_PASSWORD)).token;
    const before = (await t.call('GET', `/api/data/users/${subject}`, { token: admin })).body.data;
    const e = t.services.reg.entity('users');
    const body: Record<string, unknown> = { version: before.version };
    for (const f of e.fields) if (!f.readOnly && !f.hidden && before[f.name] !== undefined && before[f.name] !== null) body[f.name] = before[f.name];
    const upd = await t.call('PUT', `/api/data/users/${subject}`, { token: admin, body: { ...body, bank_rekno: '0987654321', full_name: 'Hist Subject Renamed' } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    // the administrator (U on users in GAT, the subject's only company) sees the account number…
    const full = await t.call('GET', `/api/data/users/${subject}/history`, { token: admin });
    expect(full.status).toBe(200);
    expect(JSON.stringify(full.body)).toContain('0987654321');
    // …the reader with R only reads it as null on the record, and not at all in the history
    const rec = await t.call('GET', `/api/data/users/${subject}`, { token: reader });
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    expect(rec.body.data.bank_rekno).toBeNull();
    const h = await t.call('GET', `/api/data/users/${subject}/history`, { token: reader });
    expect(h.status, JSON.stringify(h.body)).toBe(200);
    expect(JSON.stringify(h.body)).not.toContain('0987654321');
    expect(h.body.data[0].changes.map((c: { field: string }) => c.field)).toEqual(['full_name']);
    expect(h.body.data[0].changes.some((c: { field: string }) => c.field === 'bank_rekno')).toBe(false);
    const x = await t.app.inject({ method: 'GET', url: `/api/data/users/${subject}/history/export`, headers: { authorization: `Bearer ${reader}` } });
    expect(x.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(x.rawPayload);
    const xml = (await Promise.all(Object.values(zip.files).map((f) => f.async('string')))).join('');
    expect(xml).toContain('Hist Subject Renamed');
    expect(xml).not.toContain('0987654321');
  });
});

describe('history of lines and references (issue 37 point 7)', () => {
  it('names each changed field of a line, old -> new, and shows references by their labels', async () => {
    const cta = await adminIn(t, 'CTA');
    const [a, b] = await db().selectFrom('aircraft').select(['aircraft_id', 'registration']).where('compcode', '=', 'CTA').orderBy('aircraft_id').limit(2).execute();
    const today = new Date().toISOString().slice(0, 10);
    const made = await t.call('POST', '/api/data/work_order', {
      token: cta,
      body: { wo_date: today, aircraft: a.aircraft_id, title: 'History of lines', tasks: [{ seq: 1, task_source: 'ADHOC', description: 'Wheel change', cert_category: 'B1' }, { seq: 2, task_source: 'ADHOC', description: 'Brake check', cert_category: 'B1' }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const wo = (await t.call('GET', `/api/data/work_order/${made.body.data.wo_id}`, { token: cta })).body.data;
    // the second card's description and the order's aircraft change in one save
    const line = ({ work_order: _w, created_at: _c, created_by: _cb, updated_at: _u, updated_by: _ub, compcode: _cc, ...rest }: Record<string, unknown>) => rest;
    const tasks = wo.tasks.map((x: Record<string, unknown>) => (x.seq === 2 ? { ...line(x), description: 'Brake wear check' } : line(x)));
    const upd = await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token: cta, body: { version: wo.version, wo_date: wo.wo_date, aircraft: b.aircraft_id, wo_type: wo.wo_type, title: wo.title, priority: wo.priority, tasks } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);

    const h = await t.call('GET', `/api/data/work_order/${wo.wo_id}/history`, { token: cta });
    expect(h.status).toBe(200);
    const changed = h.body.data.find((ev: { kind: string }) => ev.kind === 'changed');
    // the aircraft by its registration (its display field), not its key
    expect(changed.changes).toContainEqual({ field: 'aircraft', label: 'Aircraft', from: a.registration, to: b.registration });
    // one line changed: the count, then the line's field by its number (seq 2), old -> new
    expect(changed.changes).toContainEqual({ field: 'tasks', label: 'Tasks', from: null, to: '1 changed' });
    expect(changed.changes).toContainEqual({ field: 'Tasks 2.description', label: 'Tasks 2 — Description', from: 'Brake check', to: 'Brake wear check' });
    // the creation shows the aircraft by its registration too
    const created = h.body.data.find((ev: { kind: string }) => ev.kind === 'created');
    expect(created.changes).toContainEqual({ field: 'aircraft', label: 'Aircraft', from: null, to: a.registration });
  });
});
