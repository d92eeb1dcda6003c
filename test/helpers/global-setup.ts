/** Builds (or reuses) the seeded template database of this run's kind before any test file. */
import { ensureTemplate } from './template.ts';
import { TEST_DB } from './db.ts';

export default async function setup(): Promise<void> {
  const t = Date.now();
  const where = await ensureTemplate(TEST_DB);
  process.env.AERO_TEST_TEMPLATE = where;
  console.log(`test template (${TEST_DB}) ready in ${Date.now() - t} ms: ${where}`);
}
