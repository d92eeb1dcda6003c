/**
 * A line change in a record's History, in Chromium at 1400×900 (issue 37 point 7): the planner
 * changes a work order's aircraft and one card's description; History shows the line's field by
 * its card number, old → new, and the aircraft by its registration, never its key.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, SCREENSHOTS as shots, useBrowserApp } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts';

let t: TestApp, base: string, browser: Browser;
useBrowserApp((app) => ({ t, base, browser } = app));

describe('history of a line change', () => {
  it('shows the changed field of a card and the aircraft by its registration', async () => {
    const { token } = await t.signIn('planner', DEMO_PASSWORD);
    const [a, b] = await t.services.database.db.selectFrom('aircraft').select(['aircraft_id', 'registration']).where('compcode', '=', 'CTA').orderBy('aircraft_id').limit(2).execute();
    const today = new Date().toISOString().slice(0, 10);
    const made = await t.call('POST', '/api/data/work_order', {
      token,
      body: { wo_date: today, aircraft: a.aircraft_id, title: 'E2E history of lines', tasks: [{ seq: 1, task_source: 'ADHOC', description: 'Wheel change', cert_category: 'B1' }, { seq: 2, task_source: 'ADHOC', description: 'Brake check', cert_category: 'B1' }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const wo = (await t.call('GET', `/api/data/work_order/${made.body.data.wo_id}`, { token })).body.data;
    const line = ({ work_order: _w, created_at: _c, created_by: _cb, updated_at: _u, updated_by: _ub, compcode: _cc, ...rest }: Record<string, unknown>) => rest;
    const tasks = wo.tasks.map((x: Record<string, unknown>) => (x.seq === 2 ? { ...line(x), description: 'Brake wear check' } : line(x)));
    const upd = await t.call('PUT', `/api/data/work_order/${wo.wo_id}`, { token, body: { version: wo.version, wo_date: wo.wo_date, aircraft: b.aircraft_id, wo_type: wo.wo_type, title: wo.title, priority: wo.priority, tasks } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);

    const page = await signedInPage(browser, base, 'planner', DEMO_PASSWORD, { width: 1400, height: 900 });
    await page.goto(`${base}/aircraft-maintenance/work-order-frm/${wo.wo_id}`);
    await page.locator('[data-testid="history-button"]').click();
    const table = page.locator('[data-testid="record-history"]');
    await table.waitFor();
    const rows = (await table.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    // the change row of the card: "Tasks 2 — Description  Brake check  Brake wear check"
    expect(rows.some((r) => r.includes('Tasks 2 — Description') && r.includes('Brake check') && r.includes('Brake wear check'))).toBe(true);
    expect(rows.some((r) => r.includes('Tasks') && r.includes('1 changed'))).toBe(true);
    // the aircraft from one registration to the other, not "1 → 2"
    expect(rows.some((r) => r.includes('Aircraft') && r.includes(a.registration) && r.includes(b.registration))).toBe(true);
    await page.screenshot({ path: join(shots, 'history-lines.png') });
    await page.context().close();
  });
});
