import { assertDeletable } from '../records/retention.ts';
import type { DB } from '../db/database.ts';
import { loose } from '../db/loose.ts';
import { appError } from '../errors.ts';
import type { EntityDef } from '../metadata/registry.ts';
import { assertLinesChangeable, assertUpdatable, assertWritable } from './lifecycle.ts';
import { fieldChanges, versionedUpdate } from './versioned.ts';
import { checkReferences } from './references.ts';
import { fillFromReferences } from './fill.ts';
import { writableValues } from './columns.ts';
import { assertWorkflowStatus } from './state-fields.ts';
import type { Repository, WriteContext } from './repository.ts';

type Row = Record<string, unknown>;

/**
 * Lines with a key are updated, lines without one inserted, missing ones deleted; refused as a
 * whole when the parent's lifecycle freezes its lines, or when a line's own lifecycle refuses its
 * change or its removal (a signed task card: the same rule as a PUT or DELETE of the line itself).
 */
export async function replaceLines(repo: Repository, tx: DB, ctx: WriteContext, parent: { e: EntityDef; row: Row }, entity: string, fk: string, parentKey: string | number, lines: Row[]) {
  const child = repo.reg.entity(entity);
  const existing = (await loose(tx).selectFrom(child.table).selectAll().where(fk, '=', parentKey).execute()) as Row[];
  const keep = new Set<unknown>(lines.map((l) => l[child.key]).filter((k) => k !== undefined && k !== null));
  const removed = existing.filter((r) => !keep.has(r[child.key] as string | number));
  const updates: { before: Row; values: Row; key: unknown }[] = [];
  let inserts = 0;
  for (const line of lines) {
    const k = line[child.key];
    if (k === undefined || k === null) {
      inserts++;
      continue;
    }
    const before = existing.find((r) => r[child.key] === k);
    if (!before) throw appError('ERR_NOT_FOUND', { message: 'A line of this document was not found.' });
    // a line's action state (`setBy: actions`, a task card's status) is its actions' too
    assertWorkflowStatus(child, line, before);
    const values = writableValues(child, line, fk);
    await fillFromReferences(tx, repo.reg, child, values, ctx.user.compcode, before);
    updates.push({ before, values, key: k });
  }
  const changed = updates.filter((u) => Object.keys(fieldChanges(child, u.before, u.values)).length > 0);
  assertLinesChangeable(parent.e, parent.row, child, { inserted: inserts, deleted: removed.length, updated: changed });
  for (const u of changed) assertUpdatable(child, u.before, u.values);
  for (const r of removed) assertWritable(child, r, 'delete');
  // a line that is an airworthiness record (a task card, a component's times) stays (decision 0313)
  if (removed.length) assertDeletable(child);
  if (removed.length) await loose(tx).deleteFrom(child.table).where(child.key, 'in', removed.map((r) => r[child.key] as number)).execute();
  for (const line of lines) {
    if (line[child.key] === undefined || line[child.key] === null) {
      assertWorkflowStatus(child, line, {});
      await repo.insertRow(tx, ctx, child, { ...line, [fk]: parentKey });
    }
  }
  for (const u of changed) {
    await checkReferences(tx, repo.reg, child, u.values, ctx.user.compcode);
    await versionedUpdate(tx, child, u.key as number, u.values, { user: ctx.user, before: u.before, audit: false });
  }
  // each changed line with its fields, old -> new, for the parent's history (issue 37 point 7):
  // `line` is how a reader finds it (its number field, else its display field, else its place)
  const lineNo = child.fields.find((f) => f.name === 'line_no' || f.name === 'seq' || f.name === 'line')?.name ?? child.display;
  const changedLines = changed.map((u) => ({
    key: u.key,
    line: (lineNo ? u.before[lineNo] : undefined) ?? lines.findIndex((l) => l[child.key] === u.key) + 1,
    changes: fieldChanges(child, u.before, u.values),
  }));
  return { inserted: inserts, updated: changed.length, deleted: removed.length, deletedRows: removed, changed: changedLines };
}
