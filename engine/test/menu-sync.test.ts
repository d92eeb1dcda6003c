/**
 * Menu synchronisation at start (engine/src/access/menus.ts): the first start writes modules and
 * menu entries from metadata; a start on tables already in step writes nothing (reads only: no
 * ~400 statements, no auth-cache notification); a changed entry is written again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMetadata } from '../src/metadata/loader.ts';
import { migrate } from '../src/db/migrate.ts';
import { syncMenus } from '../src/access/menus.ts';
import type { Registry } from '../src/metadata/registry.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { loadConfig } from '../../server/src/config.ts';

let t: TestDatabase;
let reg: Registry;

beforeAll(async () => {
  reg = await loadMetadata(loadConfig().metadataDirs);
  t = await createTestDatabase();
  await migrate(t.database.db, reg);
}, 120_000);
afterAll(async () => t?.close());

/** The statements sent while `fn` runs. */
async function sent(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = t.database.writes.onStatement((text) => seen.push(text.trim().split(/\s+/)[0].toLowerCase()));
  try {
    await fn();
  } finally {
    stop();
  }
  return seen;
}

describe('menu synchronisation', () => {
  it('writes the first time, reads only when in step, writes again when an entry changed', async () => {
    const first = await sent(() => syncMenus(t.database.db, reg));
    expect(first.filter((s) => s === 'insert').length).toBe(reg.menus.length + [...reg.modules.values()].filter((m) => !m.shell).length);
    const again = await sent(async () => expect(await syncMenus(t.database.db, reg)).toEqual({ modules: [...reg.modules.values()].filter((m) => !m.shell).length, menus: reg.menus.length, deactivated: 0 }));
    expect(again).toEqual(['select', 'select']);

    const entry = reg.menus[3];
    const title = entry.title;
    try {
      entry.title = `${title} (renamed)`;
      const changed = await sent(() => syncMenus(t.database.db, reg));
      expect(changed.filter((s) => s !== 'select').length).toBeGreaterThan(0);
      const row = await t.database.db.selectFrom('menu').select(['title', 'active']).where('modulname', '=', entry.module).where('name', '=', entry.name).executeTakeFirstOrThrow();
      expect(row).toEqual({ title: `${title} (renamed)`, active: true });
    } finally {
      entry.title = title;
    }
    await syncMenus(t.database.db, reg);
    expect(await sent(() => syncMenus(t.database.db, reg))).toEqual(['select', 'select']);
  });
});
