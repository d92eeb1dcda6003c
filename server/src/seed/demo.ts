/**
 * Demo data: the fixtures under fixtures/ (docs/fixtures.md), loaded through the repository, the
 * workflow engine and the plugins' actions as the demo's users would enter them:
 *
 *   fixtures/demo/00-companies.yaml    the holding GAH, the MRO GAT and the airline CTA
 *   fixtures/reference/*.yaml          what every company starts with (roles, workflows, ATA ...)
 *   fixtures/demo/**                   users, then each company's data, approvals and postings
 *
 *   npm run seed            (into DATA_DIR or DATABASE_URL; refuses when users already exist)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parse } from 'yaml';
import type { DB } from '../../../engine/src/db/database.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import { loadFixtures } from '../../../engine/src/fixtures/loader.ts';
import { FIXTURES_DIR, readFixtures, referenceFixtures } from '../../../engine/src/fixtures/read-fixtures.ts';
import type { LoadOptions } from '../../../engine/src/fixtures/load-context.ts';
import { PluginHost } from '../../../engine/src/plugins/host.ts';
import { workflowActions } from '../../../engine/src/workflow/actions.ts';
import { Repository } from '../../../engine/src/crud/repository.ts';
import { plugins } from '../../../plugins/index.ts';
import { ROOT } from '../config.ts';
import { todayIso } from '../../../engine/src/values/dates.ts';
import { refreshAllStored } from '../../../engine/src/query/stored.ts';

/** The demo users' password (admin's is admin123), as the README gives them. */
export const DEMO_PASSWORD = 'demo1234';

/** The default roles: letters per module (fixtures/reference/10-roles.yaml), for tests that grant them. */
export const ROLES: Record<string, Record<string, string>> = Object.fromEntries(
  (parse(readFileSync(join(FIXTURES_DIR, 'reference', '10-roles.yaml'), 'utf8')) as { steps: { rows: { role_name: string; $letters: Record<string, string> }[] }[] }).steps[0].rows.map((r) => [r.role_name, r.$letters]),
);

export async function hasUsers(db: DB): Promise<boolean> {
  const r = await db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(r?.n ?? 0) > 0;
}

export async function seedDemo(db: DB, reg: Registry, opts: Pick<LoadOptions, 'onFile' | 'onStep' | 'today'> = {}): Promise<void> {
  const host = new PluginHost(plugins, workflowActions(reg));
  const repo = new Repository(reg, host);
  const demo = await readFixtures([join(FIXTURES_DIR, 'demo')], ROOT);
  const [companies, ...rest] = demo;
  await loadFixtures({ db, reg, repo, plugins: host }, [companies, ...(await referenceFixtures()), ...rest], { today: todayIso(), ...opts });
  // the stored views' rows (the due list) computed now, so the first list reads them (decision 0200)
  await refreshAllStored(db, reg);
}
