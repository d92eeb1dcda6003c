/**
 * A role's letters per menu entry as checkboxes (issue 37, the role editor), in Chromium at
 * 1400×900: the administrator opens the storekeeper role on User Roles, each line shows its
 * letters C R U D P O as ticked boxes named by their meaning, unticks Delete on the first line and
 * saves; the role keeps exactly that change (the other lines as they were).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../helpers/app.ts';
import { signedInPage, SCREENSHOTS as shots, useBrowserApp } from '../helpers/browser.ts';

let t: TestApp, base: string, browser: Browser;
useBrowserApp((app) => ({ t, base, browser } = app));

describe('the role editor', () => {
  it('edits a line’s letters by checkbox and saves exactly what was ticked', async () => {
    const db = t.services.database.db;
    // the storekeeper roles of every company (the administrator opens the one of their active company)
    const roles = (await db.selectFrom('role').select(['id']).where('role_name', '=', 'storekeeper').execute()).map((r) => r.id);
    const letters = async () =>
      Object.fromEntries((await db.selectFrom('role_menu').select(['id', 'permission']).where('role', 'in', roles).orderBy('id').execute()).map((r) => [r.id, r.permission]));
    const before = await letters();

    const page = await signedInPage(browser, base, 'admin', 'admin123', { width: 1400, height: 900 });
    await page.goto(`${base}/admin/user-roles`);
    await page.locator('main table tbody tr', { hasText: 'storekeeper' }).first().click();
    const first = page.getByRole('group', { name: /^Letters \(CRUDPO\) \(line 1\)$/ });
    await first.waitFor();
    const boxes = first.getByRole('checkbox');
    expect(await boxes.count()).toBe(6);
    const names = ['Create', 'Read', 'Update', 'Delete', 'Print', 'Other'];
    const ticked = async () => {
      const on = await boxes.evaluateAll((els) => els.map((e) => ((e as HTMLInputElement).checked ? e.getAttribute('aria-label')?.split(': ')[1] : null)));
      return on.map((n) => (n ? 'CRUDPO'[names.indexOf(n)] : '')).join('');
    };
    // the first line shows its stored letters (the storekeeper's CRUD on Workflow Delegation)
    const shown = await ticked();
    expect(Object.values(before)).toContain(shown);
    expect(shown).toBe('CRUD');
    await page.screenshot({ path: join(shots, 'role-letters.png') });

    await first.getByRole('checkbox', { name: /: Delete$/ }).uncheck();
    expect(await ticked()).toBe('CRU');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved').first().waitFor();

    const after = await letters();
    const changed = Object.keys(after).filter((id) => after[id] !== before[id]);
    expect(changed.length, JSON.stringify({ before, after })).toBe(1);
    expect([before[changed[0]], after[changed[0]]]).toEqual(['CRUD', 'CRU']);
    await page.context().close();
  });
});
