import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildRegistry } from '../src/metadata/loader.ts';
import { migrate, planMigration, MigrationRefusedError } from '../src/db/migrate.ts';
import { schemaFromRegistry } from '../src/db/schema-model.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/helpers/db.ts';
import { loose } from '../src/db/loose.ts';

const MODULES = 'module: shell\nmodules: [{ name: shell, title: Shell, shell: true }, { name: stores, title: Stores }]\n';
const COMPANY = `module: stores
entities:
  - { name: company, title: Company, key: compcode, keyType: string, fields: [{ name: company, type: string, required: true }] }
`;
const V1 = `module: stores
entities:
  - name: part
    title: Part
    fields:
      - { name: partnumber, type: string, maxLength: 30, required: true, unique: true }
      - { name: description, type: string, maxLength: 80 }
      - { name: price, type: decimal, precision: 12, scale: 2 }
`;

const reg = (...docs: string[]) =>
  buildRegistry([{ file: 'shell.yaml', text: MODULES }, { file: 'company.yaml', text: COMPANY }, ...docs.map((text, i) => ({ file: `d${i}.yaml`, text }))]);

describe('migration planning (pure)', () => {
  it('derives tables, keys, company column, indexes and foreign keys from entities', () => {
    const model = schemaFromRegistry(reg(V1));
    const part = model.tables.part;
    expect(part.columns.map((c) => c.name)).toEqual(['id', 'compcode', 'partnumber', 'description', 'price', 'created_at', 'created_by', 'updated_at', 'updated_by', 'version']);
    expect(part.columns.find((c) => c.name === 'price')?.type).toBe('numeric(12,2)');
    expect(part.columns.find((c) => c.name === 'partnumber')).toMatchObject({ type: 'varchar(30)', nullable: false });
    expect(part.indexes).toContainEqual({ name: 'ux_part_compcode_partnumber', columns: ['compcode', 'partnumber'], unique: true });
    expect(part.foreignKeys).toContainEqual(expect.objectContaining({ column: 'compcode', refTable: 'company', refColumn: 'compcode' }));
    // the tenant table is scoped by its own key: no extra compcode column
    expect(model.tables.company.columns.filter((c) => c.name === 'compcode')).toHaveLength(1);
  });

  it('plans additions as non-destructive and removals or narrowing as destructive', () => {
    const v1 = schemaFromRegistry(reg(V1));
    const added = schemaFromRegistry(reg(V1.replace('      - { name: price', '      - { name: shelf_life, type: integer, index: true }\n      - { name: price')));
    const p1 = planMigration(v1, added);
    expect(p1.destructive).toEqual([]);
    expect(p1.statements.join('\n')).toMatch(/alter table "part" add column "shelf_life" bigint/);
    expect(p1.statements.join('\n')).toMatch(/create index if not exists "ix_part_compcode_shelf_life"/);

    const widened = schemaFromRegistry(reg(V1.replace('maxLength: 80', 'maxLength: 200')));
    expect(planMigration(v1, widened)).toMatchObject({ destructive: [] });

    const narrowed = schemaFromRegistry(reg(V1.replace('maxLength: 80', 'maxLength: 20')));
    expect(planMigration(v1, narrowed).destructive).toEqual(['change the type of part.description from varchar(80) to varchar(20)']);

    // numeric: more digits after the point with as many before it keeps every value (12.3 → 12.30)
    const moreScale = schemaFromRegistry(reg(V1.replace('precision: 12, scale: 2', 'precision: 13, scale: 3')));
    const p2 = planMigration(v1, moreScale);
    expect(p2.destructive).toEqual([]);
    expect(p2.statements).toContain('alter table "part" alter column "price" type numeric(13,3)');
    // same precision, more scale: fewer digits before the point (9,999,999,999.99 would not fit)
    const fewerInteger = schemaFromRegistry(reg(V1.replace('precision: 12, scale: 2', 'precision: 12, scale: 3')));
    expect(planMigration(v1, fewerInteger).destructive).toEqual(['change the type of part.price from numeric(12,2) to numeric(12,3)']);

    const dropped = schemaFromRegistry(reg(V1.replace('      - { name: description, type: string, maxLength: 80 }\n', '')));
    expect(planMigration(v1, dropped).destructive).toEqual(['drop column part.description']);

    const noTable = schemaFromRegistry(reg());
    expect(planMigration(v1, noTable).destructive).toEqual(['drop table part (entity part was removed)']);
  });

  it('adds a new required column without default as nullable (existing rows have no value)', () => {
    const v1 = schemaFromRegistry(reg(V1));
    const v2 = schemaFromRegistry(reg(V1.replace('      - { name: price', '      - { name: uom, type: string, maxLength: 5, required: true }\n      - { name: price')));
    const plan = planMigration(v1, v2);
    expect(plan.destructive).toEqual([]);
    expect(plan.next.tables.part.columns.find((c) => c.name === 'uom')?.nullable).toBe(true);
    // and the next plan does not try again
    expect(planMigration(plan.next, v2).statements.filter((s) => s.includes('uom'))).toEqual([]);
  });
});

describe('migrations on the database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.close());

  it('applies, records, is idempotent, migrates additions and refuses destructive changes unless allowed', async () => {
    const db = loose(t.database.db);
    const r1 = await migrate(db, reg(V1));
    expect(r1.applied).toBe(true);
    expect((await migrate(db, reg(V1))).applied).toBe(false);

    await db.insertInto('company').values({ compcode: 'A1', company: 'Alpha Air' }).execute();
    await db.insertInto('part').values({ compcode: 'A1', partnumber: '065-50000-1', description: 'Brake assembly', price: 1234.5 }).execute();

    // adding an entity and a field migrates; data is kept
    const v2 = V1.replace('      - { name: price', '      - { name: uom, type: string, maxLength: 5, default: PCS }\n      - { name: price');
    const bin = `module: stores\nentities: [{ name: bin, title: Bin, fields: [{ name: part, type: reference, entity: part }] }]\n`;
    const r2 = await migrate(db, reg(v2, bin));
    expect(r2.applied).toBe(true);
    const row = await db.selectFrom('part').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ partnumber: '065-50000-1', price: 1234.5, uom: 'PCS', version: 1 });
    await expect(db.insertInto('bin').values({ compcode: 'A1', part: 999 }).execute()).rejects.toThrow();

    // removing a field is refused with a clear message and changes nothing
    const refused = await migrate(db, reg(V1.replace('      - { name: description, type: string, maxLength: 80 }\n', ''), bin)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MigrationRefusedError);
    expect((refused as Error).message).toMatch(/drop column part\.description/);
    expect((refused as Error).message).toMatch(/ALLOW_DESTRUCTIVE_MIGRATIONS=1/);
    const still = await db.selectFrom('part').select(['description']).executeTakeFirstOrThrow();
    expect(still.description).toBe('Brake assembly');

    // allowed explicitly, it applies and is recorded as destructive
    const r3 = await migrate(db, reg(v2.replace('      - { name: description, type: string, maxLength: 80 }\n', ''), bin), { allowDestructive: true });
    expect(r3.applied).toBe(true);
    const rec = await db.selectFrom('_migrations').select(['id', 'destructive']).orderBy('id').execute();
    expect(rec.map((r) => r.destructive)).toEqual([false, false, true]);
    const cols = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'part'`.execute(db);
    expect(cols.rows.map((c) => c.column_name)).not.toContain('description');
  });
});

describe('bounds of number fields are CHECK constraints in the database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.close());

  it('adds a check for min, max and allowNegative: false; a write below the bound is refused whatever path writes it; a changed bound is replaced', async () => {
    const db = loose(t.database.db);
    const bounded = V1.replace('      - { name: price, type: decimal, precision: 12, scale: 2 }', '      - { name: price, type: decimal, precision: 12, scale: 2, allowNegative: false }\n      - { name: on_hand, type: decimal, precision: 12, scale: 2, min: 0, max: 1000 }');
    const model = schemaFromRegistry(reg(bounded));
    expect(model.tables.part.checks).toEqual([
      { name: 'ck_part_price', expr: '"price" >= 0' },
      { name: 'ck_part_on_hand', expr: '"on_hand" >= 0 and "on_hand" <= 1000' },
    ]);
    expect((await migrate(db, reg(V1))).applied).toBe(true);
    await db.insertInto('company').values({ compcode: 'A1', company: 'Alpha Air' }).execute();
    await db.insertInto('part').values({ compcode: 'A1', partnumber: 'P-1', price: 10 }).execute();
    // the bounds arrive on a table with rows (they satisfy them)
    expect((await migrate(db, reg(bounded))).applied).toBe(true);
    await expect(db.updateTable('part').set({ on_hand: -1 }).where('partnumber', '=', 'P-1').execute()).rejects.toThrow(/ck_part_on_hand/);
    await expect(db.updateTable('part').set({ price: -0.01 }).where('partnumber', '=', 'P-1').execute()).rejects.toThrow(/ck_part_price/);
    await db.updateTable('part').set({ on_hand: 1000 }).where('partnumber', '=', 'P-1').execute();
    expect((await db.selectFrom('part').select('on_hand').executeTakeFirstOrThrow()).on_hand).toBe(1000);
    // a wider bound replaces the constraint; nothing to do on the next start
    const wider = bounded.replace('min: 0, max: 1000', 'min: 0, max: 5000');
    expect((await migrate(db, reg(wider))).applied).toBe(true);
    await db.updateTable('part').set({ on_hand: 4000 }).where('partnumber', '=', 'P-1').execute();
    expect((await migrate(db, reg(wider))).applied).toBe(false);
  });
});

describe('several servers starting at once on an empty database', () => {
  it('one migrates, the others wait for it and find nothing to do (no race on the _migrations table)', async () => {
    // three rounds on fresh databases, four migrators each (PostgreSQL: four pools, as four
    // processes; PGlite: four callers of the one embedded database)
    for (let round = 0; round < 3; round++) {
      const t = await createTestDatabase();
      const others: Database[] = [];
      try {
        if (TEST_DB === 'postgres') for (let i = 0; i < 3; i++) others.push(await openDatabase({ url: t.url, poolSize: 2 }));
        const dbs = [t.database, ...others].map((d) => d.db);
        while (dbs.length < 4) dbs.push(t.database.db);
        const results = await Promise.all(dbs.map((db) => migrate(db, reg(V1))));
        expect(results.filter((r) => r.applied)).toHaveLength(1);
        const recorded = await loose(t.database.db).selectFrom('_migrations').select('id').execute();
        expect(recorded).toHaveLength(1);
      } finally {
        for (const d of others) await d.close();
        await t.close();
      }
    }
  });
});

describe('view-backed entities', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.close());

  const VIEW = `module: stores
entities:
  - name: part_count
    title: Parts per company
    key: compcode
    keyType: string
    companyScoped: false
    view: select compcode, count(*)::bigint as parts from part group by compcode
    fields:
      - { name: parts, type: integer }
`;

  it('creates views after tables, recreates them when a table they read changes, drops them without data loss warnings', async () => {
    const db = loose(t.database.db);
    await migrate(db, reg(V1, VIEW));
    await db.insertInto('company').values({ compcode: 'A1', company: 'Alpha Air' }).execute();
    await db.insertInto('part').values([{ compcode: 'A1', partnumber: 'P1' }, { compcode: 'A1', partnumber: 'P2' }]).execute();
    expect(await db.selectFrom('part_count').selectAll().execute()).toEqual([{ compcode: 'A1', parts: 2 }]);
    // a table change under the view
    const r = await migrate(db, reg(V1.replace('      - { name: price', '      - { name: uom, type: string, maxLength: 5 }\n      - { name: price'), VIEW));
    expect(r.statements[0]).toBe('drop view if exists "part_count"');
    expect(r.statements.at(-1)).toMatch(/^create view "part_count"/);
    expect(await db.selectFrom('part_count').selectAll().execute()).toEqual([{ compcode: 'A1', parts: 2 }]);
    // removing the view entity is not destructive
    const gone = await migrate(db, reg(V1.replace('      - { name: price', '      - { name: uom, type: string, maxLength: 5 }\n      - { name: price')));
    expect(gone.statements).toEqual(['drop view if exists "part_count"']);
  });

  it('creates a view after the view it reads, and takes its readers along when that view changes', () => {
    // the reader is declared first: the plan still creates part_total after part_count
    const READER = `module: stores
entities:
  - name: part_total
    title: All parts
    key: compcode
    keyType: string
    companyScoped: false
    view: select compcode, sum(parts)::bigint as parts from part_count group by compcode
    fields:
      - { name: parts, type: integer }
`;
    const empty = { tables: {} };
    const first = planMigration(empty, schemaFromRegistry(reg(V1, READER, VIEW))).statements.filter((x) => x.startsWith('create view'));
    expect(first.map((x) => /"([^"]+)"/.exec(x)?.[1])).toEqual(['part_count', 'part_total']);
    const before = schemaFromRegistry(reg(V1, READER, VIEW));
    const changed = planMigration(before, schemaFromRegistry(reg(V1, READER, VIEW.replace('count(*)::bigint', 'count(distinct partnumber)::bigint')))).statements;
    // the reader is dropped first and created last
    expect(changed).toEqual([
      'drop view if exists "part_total"',
      'drop view if exists "part_count"',
      expect.stringMatching(/^create view "part_count"/),
      expect.stringMatching(/^create view "part_total"/),
    ]);
  });
});
