/**
 * Document lifecycle enforced by the repository on every write kind: header update, delete, line
 * changes through the document and directly on the line entity, server-set fields through
 * patch(), the versioned write and its audit trail, joining a caller's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../src/metadata/loader.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildAbility } from '../src/access/ability.ts';
import { Repository } from '../src/crud/repository.ts';
import { PluginHost } from '../src/plugins/host.ts';
import { MetadataError } from '../src/metadata/loader.ts';
import { isAppError } from '../src/errors.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { loose } from '../src/db/loose.ts';

const SYSTEM = `module: shell
entities:
  - { name: sys_audit, title: Audit, companyScoped: false, system: true, audit: false, fields: [{ name: entity, type: string }, { name: record_key, type: string }, { name: action, type: string }, { name: company, type: string }, { name: user_id, type: integer }, { name: username, type: string }, { name: changes, type: text }, { name: content_hash, type: string }] }
  - { name: sys_number_series, title: Series, system: true, audit: false, fields: [{ name: series, type: string, required: true }, { name: period, type: string, required: true }, { name: last_seq, type: integer, required: true, default: 0 }], indexes: [{ fields: [series, period], unique: true }] }
`;
const STORES = `module: stores
entities:
  - { name: company, title: Company, key: compcode, keyType: string, fields: [{ name: company, type: string, required: true }] }
  - name: transfer
    title: Transfer
    numbering: { field: transferno, series: TRF }
    lifecycle:
      - { when: { in_posted: 1 }, refuse: [update, delete, lines] }
      - { when: { out_posted: 1 }, refuse: [update, delete, lines], except: [received_by, remark], exceptLines: [qty_received] }
    children: [{ name: lines, entity: transfer_line, foreignKey: transfer }]
    fields:
      - { name: transferno, type: string, maxLength: 20 }
      - { name: destination, type: string, maxLength: 20, required: true }
      - { name: received_by, type: string, maxLength: 50 }
      - { name: remark, type: string, maxLength: 50 }
      - { name: out_posted, type: enum, default: 0, readOnly: true, values: [{ code: 1, label: Posted }, { code: 0, label: UnPosted }] }
      - { name: in_posted, type: enum, default: 0, readOnly: true, values: [{ code: 1, label: Posted }, { code: 0, label: UnPosted }] }
  - name: transfer_line
    title: Line
    fields:
      - { name: transfer, type: reference, entity: transfer, required: true }
      - { name: partnumber, type: string, maxLength: 30, required: true }
      - { name: quantity, type: decimal, precision: 12, scale: 2, required: true, min: 0.01 }
      - { name: qty_received, type: decimal, precision: 12, scale: 2, min: 0 }
lists:
  - { route: transfers, entity: transfer, title: Transfers, columns: [transferno, destination] }
menus:
  - { name: transfers, title: Transfers, route: transfers }
`;

const reg = buildRegistry([
  { file: 'shell.yaml', text: 'module: shell\nmodules: [{ name: shell, title: Shell, shell: true }, { name: stores, title: Stores }]\n' },
  { file: 'system.yaml', text: SYSTEM },
  { file: 'stores.yaml', text: STORES },
]);

async function refusal(p: Promise<unknown>): Promise<{ code: string; status: number; message: string }> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, status: e.status, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('document lifecycle (metadata lifecycle, enforced by the repository)', () => {
  let t: TestDatabase;
  const repo = new Repository(reg, new PluginHost([]));
  const user = { user_id: 7, username: 'storekeeper', compcode: 'A1' };
  const ability = buildAbility(reg, { compcode: 'A1', grants: [{ module: 'stores', menu: 'transfers', route: 'transfers', letters: 'CRUD' }] });
  const ctx = () => ({ db: t.database.db, ability, user });
  const fresh = () => repo.create(ctx(), 'transfer', { destination: 'SUB', lines: [{ partnumber: 'P-1', quantity: 4 }, { partnumber: 'P-2', quantity: 1 }] });
  type Row = Record<string, unknown>;
  const strip = (row: Row, drop: string[]): Row => Object.fromEntries(Object.entries(row).filter(([k]) => !['created_at', 'created_by', 'updated_at', 'updated_by', 'compcode', ...drop].includes(k)));
  /** A stored document as its form sends it back (no server columns; lines keep their key). */
  const form = (row: Row): Row => ({ ...strip(row, ['id', 'lines']), lines: ((row.lines ?? []) as Row[]).map((l) => strip(l, ['transfer'])) });
  /** A stored line as the line entity's own form sends it. */
  const lineForm = (row: Row): Row => strip(row, ['id']);
  const lines = (doc: Row) => form(doc).lines as Row[];

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.database.db, reg);
    await t.database.db.insertInto('company').values([{ compcode: 'A1', company: 'Alpha' }]).execute();
  });
  afterAll(async () => t?.close());

  it('refuses at load a document state field without a lifecycle rule, and rules naming unknown fields or codes', () => {
    const bad = STORES.replace(/ {4}lifecycle:\n(?: {6}- .*\n)+/, '');
    expect(() => buildRegistry([{ file: 'shell.yaml', text: 'module: shell\nmodules: [{ name: shell, title: Shell, shell: true }, { name: stores, title: Stores }]\n' }, { file: 'system.yaml', text: SYSTEM }, { file: 's.yaml', text: bad.replace('name: out_posted', 'name: posted') }])).toThrow(
      /a document with a 'posted' field must declare a lifecycle rule/,
    );
    const unknown = STORES.replace('except: [received_by, remark]', 'except: [received_on]').replace('when: { in_posted: 1 }', 'when: { in_posted: 7 }');
    let err: unknown;
    try {
      buildRegistry([{ file: 'shell.yaml', text: 'module: shell\nmodules: [{ name: shell, title: Shell, shell: true }, { name: stores, title: Stores }]\n' }, { file: 'system.yaml', text: SYSTEM }, { file: 's.yaml', text: unknown }]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MetadataError);
    expect(String((err as Error).message)).toContain("entity transfer has no field 'received_on'");
    expect(String((err as Error).message)).toContain("'7' is not one of the codes of in_posted");
  });

  it('lets a draft be edited, its lines changed and deleted', async () => {
    const doc = await fresh();
    const edited = await repo.update(ctx(), 'transfer', doc.id, { ...form(doc), destination: 'DPS', lines: [{ ...lines(doc)[0], quantity: 5 }] });
    expect(edited.destination).toBe('DPS');
    expect(lines(edited)).toHaveLength(1);
    await repo.remove(ctx(), 'transfer', doc.id);
  });

  it('after the transfer out is posted: only the receiving fields and received quantities change; nothing else, on any path', async () => {
    const doc = await fresh();
    const db = t.database.db;
    await db.transaction().execute((tx) => repo.patch(tx, user, 'transfer', doc.id as number, { out_posted: 1 }, { reason: 'post transfer out' }));
    const posted = await repo.get(ctx(), 'transfer', doc.id);
    expect(posted.version).toBe(Number(doc.version) + 1);

    // header fields frozen, except the receipt fields
    const r1 = await refusal(repo.update(ctx(), 'transfer', doc.id, { ...form(posted), destination: 'DPS' }));
    expect(r1).toMatchObject({ code: 'ERR_LOCKED', status: 409 });
    expect(r1.message).toBe(`Transfer ${String(doc.transferno)} is Posted: it can no longer be changed.`);
    // lines: no new line, no removed line, no changed quantity
    expect((await refusal(repo.update(ctx(), 'transfer', doc.id, { ...form(posted), lines: [...lines(posted), { partnumber: 'P-9', quantity: 1 }] }))).code).toBe('ERR_LOCKED');
    expect((await refusal(repo.update(ctx(), 'transfer', doc.id, { ...form(posted), lines: [lines(posted)[0]] }))).code).toBe('ERR_LOCKED');
    expect((await refusal(repo.update(ctx(), 'transfer', doc.id, { ...form(posted), lines: [{ ...lines(posted)[0], quantity: 999 }, lines(posted)[1]] }))).code).toBe('ERR_LOCKED');
    // the same through the line entity itself
    expect((await refusal(repo.create(ctx(), 'transfer_line', { transfer: doc.id, partnumber: 'P-9', quantity: 1 }))).code).toBe('ERR_LOCKED');
    const line0 = lines(posted)[0];
    expect((await refusal(repo.update(ctx(), 'transfer_line', line0.id, { ...lineForm(line0), transfer: doc.id, quantity: 999 }))).code).toBe('ERR_LOCKED');
    expect((await refusal(repo.remove(ctx(), 'transfer_line', line0.id))).code).toBe('ERR_LOCKED');
    // and no delete
    expect((await refusal(repo.remove(ctx(), 'transfer', doc.id))).code).toBe('ERR_LOCKED');
    // a plugin's patch of a frozen typed field is refused too
    expect((await refusal(db.transaction().execute((tx) => repo.patch(tx, user, 'transfer', doc.id as number, { destination: 'X' }, { reason: 'test' })))).code).toBe('ERR_LOCKED');

    // what stays allowed: the receipt fields, the received quantities, an unchanged resubmission
    const received = await repo.update(ctx(), 'transfer', doc.id, { ...form(posted), received_by: 'Budi', lines: [{ ...lines(posted)[0], qty_received: 4 }, lines(posted)[1]] });
    expect(received.received_by).toBe('Budi');
    expect(lines(received)[0].qty_received).toBe(4);
    const l1 = lines(received)[1];
    await repo.update(ctx(), 'transfer_line', l1.id, { ...lineForm(l1), transfer: doc.id, qty_received: 1 });

    // stored values unchanged by every refused write
    const after = await repo.get(ctx(), 'transfer', doc.id);
    expect(after.destination).toBe('SUB');
    expect(lines(after).map((l) => [l.partnumber, l.quantity, l.qty_received])).toEqual([
      ['P-1', 4, 4],
      ['P-2', 1, 1],
    ]);

    // transfer in posted: everything frozen, including what the first rule allowed
    await db.transaction().execute((tx) => repo.patch(tx, user, 'transfer', doc.id as number, { in_posted: 1 }, { reason: 'post transfer in' }));
    const closed = await repo.get(ctx(), 'transfer', doc.id);
    const r2 = await refusal(repo.update(ctx(), 'transfer', doc.id, { ...form(closed), received_by: 'Ani' }));
    expect(r2.message).toBe(`Transfer ${String(doc.transferno)} is Posted: it can no longer be changed.`);
    const r3 = await refusal(repo.update(ctx(), 'transfer_line', l1.id, { ...lineForm(lines(closed)[1]), transfer: doc.id, qty_received: 0 }));
    expect(r3.message).toBe(`Transfer ${String(doc.transferno)} is Posted: its lines can no longer be changed.`);
  });

  it('audits every versioned write with who, what changed and why', async () => {
    const doc = await fresh();
    await t.database.db.transaction().execute((tx) => repo.patch(tx, user, 'transfer', doc.id as number, { out_posted: 1 }, { reason: 'post transfer out' }));
    const rows = await t.database.db.selectFrom('sys_audit').selectAll().where('entity', '=', 'transfer').where('record_key', '=', String(doc.id)).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['insert', 'action']);
    expect(JSON.parse(String(rows[1].changes))).toEqual({ action: 'post transfer out', changes: { out_posted: [0, 1] } });
    expect(rows[1]).toMatchObject({ username: 'storekeeper', user_id: 7, company: 'A1' });
  });

  it('a stale patch is refused, and writes inside a caller transaction roll back together', async () => {
    const doc = await fresh();
    expect((await refusal(t.database.db.transaction().execute((tx) => repo.patch(tx, user, 'transfer', doc.id as number, { out_posted: 1 }, { reason: 'x', expectVersion: Number(doc.version) + 5 })))).code).toBe('ERR_STALE');
    // a create and a patch in one transaction that fails afterwards leave nothing behind
    const before = await loose(t.database.db).selectFrom('transfer').select(t.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        const c = await repo.create({ db: tx, ability, user }, 'transfer', { destination: 'KOE', lines: [{ partnumber: 'P-3', quantity: 1 }] });
        await repo.patch(tx, user, 'transfer', c.id as number, { out_posted: 1 }, { reason: 'post' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    const after = await loose(t.database.db).selectFrom('transfer').select(t.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
