import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../src/metadata/loader.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildAbility } from '../src/access/ability.ts';
import { Repository } from '../src/crud/repository.ts';
import { PluginHost, definePlugin } from '../src/plugins/host.ts';
import { formatNumber } from '../src/crud/numbering.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { loose } from '../src/db/loose.ts';

const reg = buildRegistry([
  { file: 'shell.yaml', text: 'module: shell\nmodules: [{ name: shell, title: Shell, shell: true }, { name: stores, title: Stores }]\n' },
  {
    file: 'system.yaml',
    text: `module: shell
entities:
  - { name: sys_audit, title: Audit, companyScoped: false, system: true, audit: false, fields: [{ name: entity, type: string }, { name: record_key, type: string }, { name: action, type: string }, { name: company, type: string }, { name: user_id, type: integer }, { name: username, type: string }, { name: changes, type: text }, { name: content_hash, type: string }] }
  - { name: sys_number_series, title: Series, system: true, audit: false, fields: [{ name: series, type: string, required: true }, { name: period, type: string, required: true }, { name: last_seq, type: integer, required: true, default: 0 }], indexes: [{ fields: [series, period], unique: true }] }
`,
  },
  {
    file: 'stores.yaml',
    text: `module: stores
entities:
  - { name: company, title: Company, key: compcode, keyType: string, fields: [{ name: company, type: string, required: true }] }
  - name: request
    title: Material request
    numbering: { field: requestno, series: MR, format: '{series}-{YYYY}-{seq:5}' }
    children: [{ name: lines, entity: request_line, foreignKey: request }]
    fields:
      - { name: requestno, type: string, maxLength: 20 }
      - { name: remark, type: string, maxLength: 50, required: true }
  - name: request_line
    title: Line
    fields:
      - { name: request, type: reference, entity: request, required: true }
      - { name: partnumber, type: string, maxLength: 30, required: true }
      - { name: quantity, type: decimal, precision: 12, scale: 2, required: true, min: 0.01 }
      - { name: unit, type: string, maxLength: 5, default: PCS }
lists:
  - { route: requests, entity: request, title: Requests, columns: [requestno, remark] }
menus:
  - { name: requests, title: Requests, route: requests }
`,
  },
]);

describe('repository: documents with lines, numbering, versions, audit', () => {
  let t: TestDatabase;
  const hooks: string[] = [];
  const plugin = definePlugin({
    name: 'test',
    hooks: {
      request: {
        beforeCreate: async ({ row }) => {
          hooks.push(`before:${String(row.remark)}`);
          if (row.remark === 'veto') throw new Error('vetoed by plugin');
        },
        afterCreate: async ({ row }) => void hooks.push(`after:${String(row.requestno)}`),
      },
    },
  });
  const repo = new Repository(reg, new PluginHost([plugin]));
  const user = { user_id: 7, username: 'storekeeper', compcode: 'A1' };
  const full = buildAbility(reg, { compcode: 'A1', grants: [{ module: 'stores', menu: 'requests', route: 'requests', letters: 'CRUD' }] });
  const ctx = () => ({ db: t.database.db, ability: full, user });

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.database.db, reg);
    await t.database.db.insertInto('company').values([{ compcode: 'A1', company: 'Alpha' }, { compcode: 'B2', company: 'Bravo' }]).execute();
  });
  afterAll(async () => t?.close());

  it('formats numbers', () => {
    expect(formatNumber('{series}-{YYYY}-{seq:5}', 'MR', 42, new Date('2026-03-01T00:00:00Z'))).toBe('MR-2026-00042');
    expect(formatNumber('{series}/{YY}{MM}/{seq:3}', 'PO', 7, new Date('2026-03-01T00:00:00Z'))).toBe('PO/2603/007');
  });

  it('creates a document with lines, numbered, in one transaction, with hooks and an audit row', async () => {
    const doc = await repo.create(ctx(), 'request', {
      remark: 'AOG brake change PK-WFA',
      lines: [
        { partnumber: '2-1577-3', quantity: 2 },
        { partnumber: 'MS28775-228', quantity: 10, unit: 'EA' },
      ],
    });
    expect(doc.requestno).toMatch(/^MR-\d{4}-00001$/);
    expect(doc.version).toBe(1);
    expect(doc.compcode).toBe('A1');
    expect((doc.lines as { unit: string }[]).map((l) => l.unit)).toEqual(['PCS', 'EA']);
    expect(hooks).toEqual(['before:AOG brake change PK-WFA', `after:${String(doc.requestno)}`]);
    const audit = await t.database.db.selectFrom('sys_audit').selectAll().where('entity', '=', 'request').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'insert', username: 'storekeeper', company: 'A1' });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await loose(t.database.db).selectFrom('request_line').select('id').execute();
    const bad = await repo.create(ctx(), 'request', { remark: 'x', lines: [{ partnumber: 'P1', quantity: -1 }], colour: 'red' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'ERR_VALIDATION', message: 'Please fill the form correctly.' });
    const paths = (bad as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(paths).toContain('/colour');
    expect(paths).toContain('/lines/0/quantity');
    // a plugin veto rolls back everything, including the number taken
    await expect(repo.create(ctx(), 'request', { remark: 'veto', lines: [{ partnumber: 'P1', quantity: 1 }] })).rejects.toThrow('vetoed');
    expect(await loose(t.database.db).selectFrom('request_line').select('id').execute()).toHaveLength(before.length);
    const next = await repo.create(ctx(), 'request', { remark: 'after veto' });
    expect(next.requestno).toMatch(/-00002$/);
  });

  it('updates with the current version, refuses a stale one, and audits what changed', async () => {
    const doc = await repo.create(ctx(), 'request', { remark: 'first', lines: [{ partnumber: 'A', quantity: 1 }] });
    const lines = doc.lines as { id: number; partnumber: string; quantity: number }[];
    const v2 = await repo.update(ctx(), 'request', doc.id, {
      remark: 'second',
      version: 1,
      lines: [{ id: lines[0].id, partnumber: 'A', quantity: 3 }, { partnumber: 'B', quantity: 1 }],
    });
    expect(v2).toMatchObject({ remark: 'second', version: 2, updated_by: 'storekeeper' });
    expect((v2.lines as { quantity: number }[]).map((l) => l.quantity)).toEqual([3, 1]);
    const stale = await repo.update(ctx(), 'request', doc.id, { remark: 'stale', version: 1 }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ code: 'ERR_STALE', status: 409 });
    expect((await repo.get(ctx(), 'request', doc.id)).remark).toBe('second');
    const audit = await t.database.db.selectFrom('sys_audit').select(['changes']).where('entity', '=', 'request').where('record_key', '=', String(doc.id)).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes as string).changes).toEqual({ remark: ['first', 'second'] });
  });

  it('patches many lines in one versioned write: each gets version + 1 and an audit row with the reason', async () => {
    const doc = await repo.create(ctx(), 'request', { remark: 'many', lines: [{ partnumber: 'A', quantity: 1 }, { partnumber: 'B', quantity: 2 }, { partnumber: 'C', quantity: 3 }] });
    const db = loose(t.database.db);
    const rows = await db.selectFrom('request_line').selectAll().where('request', '=', doc.id as number).orderBy('id').forUpdate().execute();
    await db.transaction().execute((tx) =>
      repo.patchMany(tx, user, 'request_line', rows.map((r) => ({ key: r.id as number, values: { quantity: Number(r.quantity) * 10, unit: null }, before: r as Record<string, unknown> })), { reason: 'posting' }),
    );
    const after = await db.selectFrom('request_line').select(['partnumber', 'quantity', 'unit', 'version', 'updated_by']).where('request', '=', doc.id as number).orderBy('id').execute();
    expect(after).toEqual([
      { partnumber: 'A', quantity: 10, unit: null, version: 2, updated_by: 'storekeeper' },
      { partnumber: 'B', quantity: 20, unit: null, version: 2, updated_by: 'storekeeper' },
      { partnumber: 'C', quantity: 30, unit: null, version: 2, updated_by: 'storekeeper' },
    ]);
    const audit = await db.selectFrom('sys_audit').select(['record_key', 'action', 'changes']).where('entity', '=', 'request_line').where('action', '=', 'action').where('record_key', '=', String(rows[1].id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes as string)).toEqual({ action: 'posting', changes: { quantity: [2, 20], unit: ['PCS', null] } });
  });

  it('gives consecutive unique numbers to concurrent creations', async () => {
    const docs = await Promise.all(Array.from({ length: 25 }, (_, i) => repo.create(ctx(), 'request', { remark: `concurrent ${i}` })));
    const seqs = docs.map((d) => Number(String(d.requestno).split('-')[2])).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(25);
    expect(seqs[24] - seqs[0]).toBe(24);
  });

  it('never reads or writes another company\'s rows (404, not 403)', async () => {
    const other = buildAbility(reg, { compcode: 'B2', grants: [{ module: 'stores', menu: 'requests', route: 'requests', letters: 'CRUD' }] });
    const mine = await repo.create(ctx(), 'request', { remark: 'A1 only' });
    const octx = { db: t.database.db, ability: other, user: { ...user, compcode: 'B2' } };
    await expect(repo.get(octx, 'request', mine.id)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(repo.update(octx, 'request', mine.id, { remark: 'hijack', version: 1 })).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(repo.remove(octx, 'request', mine.id)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    const theirs = await repo.create(octx, 'request', { remark: 'B2 doc' });
    expect(theirs.compcode).toBe('B2');
    expect(theirs.requestno).toMatch(/-00001$/); // numbering is per company
  });

  it('reads many rows by key in one statement, in the order asked, under the same access as one; 404 when any is not readable', async () => {
    const a = await repo.create(ctx(), 'request', { remark: 'many a' });
    const b = await repo.create(ctx(), 'request', { remark: 'many b' });
    const rows = await repo.getMany(ctx(), 'request', [b.id, a.id, b.id]);
    expect(rows.map((r) => r.remark)).toEqual(['many b', 'many a', 'many b']);
    expect(await repo.getMany(ctx(), 'request', [])).toEqual([]);
    const other = buildAbility(reg, { compcode: 'B2', grants: [{ module: 'stores', menu: 'requests', route: 'requests', letters: 'CRUD' }] });
    const octx = { db: t.database.db, ability: other, user: { ...user, compcode: 'B2' } };
    const theirs = await repo.create(octx, 'request', { remark: 'B2 many' });
    // one of A1's keys among B2's: not found, as repo.get answers it
    await expect(repo.getMany(octx, 'request', [theirs.id, a.id])).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(repo.getMany(ctx(), 'request', [a.id, 'x'])).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    const none = buildAbility(reg, { compcode: 'A1', grants: [] });
    await expect(repo.getMany({ db: t.database.db, ability: none }, 'request', [a.id])).rejects.toMatchObject({ code: 'ERR_FORBIDDEN' });
  });

  it('deletes with lines and audits; refuses without the letter', async () => {
    const doc = await repo.create(ctx(), 'request', { remark: 'to delete', lines: [{ partnumber: 'X', quantity: 1 }] });
    const readOnly = buildAbility(reg, { compcode: 'A1', grants: [{ module: 'stores', menu: 'requests', route: 'requests', letters: 'R' }] });
    await expect(repo.remove({ ...ctx(), ability: readOnly }, 'request', doc.id)).rejects.toMatchObject({ code: 'ERR_FORBIDDEN' });
    await expect(repo.update({ ...ctx(), ability: readOnly }, 'request', doc.id, { remark: 'x', version: 1 })).rejects.toMatchObject({ code: 'ERR_FORBIDDEN' });
    await expect(repo.create({ ...ctx(), ability: readOnly }, 'request', { remark: 'x' })).rejects.toMatchObject({ code: 'ERR_FORBIDDEN' });
    await repo.remove(ctx(), 'request', doc.id);
    await expect(repo.get(ctx(), 'request', doc.id)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(await loose(t.database.db).selectFrom('request_line').select('id').where('request', '=', doc.id as number).execute()).toEqual([]);
    const audit = await t.database.db.selectFrom('sys_audit').select(['action']).where('record_key', '=', String(doc.id)).where('entity', '=', 'request').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['delete', 'insert']);
  });
});
