import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subject } from '@casl/ability';
import { buildRegistry } from '../src/metadata/loader.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildAbility, lettersOf, normaliseLetters, routeLetters, routeSubject, type MenuGrant } from '../src/access/ability.ts';
import { accessCondition } from '../src/access/compile.ts';
import { listRows } from '../src/query/page.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { loose } from '../src/db/loose.ts';

const reg = buildRegistry([
  { file: 'shell.yaml', text: 'module: shell\nmodules: [{ name: shell, title: Shell, shell: true }, { name: stores, title: Stores }]\n' },
  {
    file: 'stores.yaml',
    text: `module: stores
entities:
  - { name: company, title: Company, key: compcode, keyType: string, fields: [{ name: company, type: string, required: true }] }
  - name: part
    title: Part
    fields:
      - { name: partnumber, type: string, required: true }
      - { name: status, type: integer }
  - { name: person, title: Person, companyScoped: false, companyVia: { entity: membership, field: person }, fields: [{ name: name, type: string }] }
  - { name: membership, title: Membership, fields: [{ name: person, type: reference, entity: person }] }
lists:
  - { route: parts, entity: part, title: Parts, columns: [partnumber, status], form: part-form }
  - { route: people, entity: person, title: People, columns: [name] }
forms:
  - { route: part-form, entity: part, title: Part, sections: [{ fields: [partnumber, status] }] }
homes:
  - { route: home, title: Stores }
menus:
  - { name: parts, title: Parts, route: parts }
  - { name: people, title: People, route: people }
`,
  },
]);

const grants = (letters: string, menu = 'parts'): MenuGrant[] => [{ module: 'stores', menu, route: menu, letters }];

describe('abilities from permission letters', () => {
  it('maps C R U D P O to create read update delete print other on the route and its entity', () => {
    const a = buildAbility(reg, { compcode: 'A1', grants: grants('CRUDPO') });
    expect(lettersOf(a, 'part')).toBe('CRUDPO');
    expect(lettersOf(a, routeSubject('stores', 'parts'))).toBe('CRUDPO');
    const r = buildAbility(reg, { compcode: 'A1', grants: grants('RP') });
    expect(lettersOf(r, 'part')).toBe('RP');
    expect(r.can('update', 'part')).toBe(false);
    expect(r.can('print', 'part')).toBe(true);
  });

  it('limits rows to the active company', () => {
    const a = buildAbility(reg, { compcode: 'A1', grants: grants('R') });
    expect(a.can('read', subject('part', { compcode: 'A1' }))).toBe(true);
    expect(a.can('read', subject('part', { compcode: 'B2' }))).toBe(false);
  });

  it('normalises letter strings', () => {
    expect(normaliseLetters('orcx')).toBe('CRO');
    expect(normaliseLetters('DDRR')).toBe('RD');
    expect(normaliseLetters('')).toBe('');
  });

  it('answers route letters: menu entry, form without entry via entity, module home', () => {
    const a = buildAbility(reg, { compcode: 'A1', grants: grants('RU') });
    const g = grants('RU');
    expect(routeLetters(reg, a, g, 'stores', 'parts')).toBe('RU');
    expect(routeLetters(reg, a, g, 'stores', 'part-form')).toBe('RU');
    expect(routeLetters(reg, a, g, 'stores', 'home')).toBe('R');
    expect(routeLetters(reg, a, g, 'stores', 'people')).toBe('');
    const none = buildAbility(reg, { compcode: 'A1', grants: [] });
    expect(routeLetters(reg, none, [], 'stores', 'home')).toBe('');
  });
});

describe('access compiler (CASL rules to SQL)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    const db = loose(t.database.db);
    await migrate(db, reg);
    await db.insertInto('company').values([{ compcode: 'A1', company: 'Alpha' }, { compcode: 'B2', company: 'Bravo' }]).execute();
    const parts = [];
    for (let i = 0; i < 30; i++) parts.push({ compcode: i % 3 === 0 ? 'B2' : 'A1', partnumber: `PN-${i}`, status: i % 4 });
    await db.insertInto('part').values(parts).execute();
    const people = await db.insertInto('person').values([{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cid' }]).returning('id').execute();
    await db
      .insertInto('membership')
      .values([
        { compcode: 'A1', person: people[0].id },
        { compcode: 'B2', person: people[1].id },
        { compcode: 'A1', person: people[2].id },
        { compcode: 'B2', person: people[2].id },
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  const rowsWhere = async (ability: ReturnType<typeof buildAbility>, action: 'read' | 'update' = 'read') => {
    const e = reg.entity('part');
    return loose(t.database.db).selectFrom('part as t').selectAll().where(accessCondition(ability, action, e, reg, 't')).orderBy('id').execute();
  };

  it('returns exactly the rows ability.can() allows, row by row', async () => {
    const all = await loose(t.database.db).selectFrom('part').selectAll().orderBy('id').execute();
    for (const compcode of ['A1', 'B2']) {
      const a = buildAbility(reg, { compcode, grants: grants('RU') });
      const viaSql = (await rowsWhere(a)).map((r) => r.id);
      const viaCasl = all.filter((r) => a.can('read', subject('part', r))).map((r) => r.id);
      expect(viaSql).toEqual(viaCasl);
      expect(viaSql.length).toBeGreaterThan(0);
    }
  });

  it('honours cannot rules and extra conditions the same way', async () => {
    const a = buildAbility(reg, { compcode: 'A1', grants: grants('R') });
    a.update([...a.rules, { action: 'read', subject: 'part', conditions: { status: 3 }, inverted: true }]);
    const all = await loose(t.database.db).selectFrom('part').selectAll().orderBy('id').execute();
    const viaSql = (await rowsWhere(a)).map((r) => r.id);
    const viaCasl = all.filter((r) => a.can('read', subject('part', r))).map((r) => r.id);
    expect(viaSql).toEqual(viaCasl);
    expect(viaSql.every((id) => all.find((r) => r.id === id)?.status !== 3)).toBe(true);
  });

  it('gives no rows without a rule', async () => {
    const none = buildAbility(reg, { compcode: 'A1', grants: [] });
    expect(await rowsWhere(none)).toEqual([]);
    const readOnly = buildAbility(reg, { compcode: 'A1', grants: grants('R') });
    expect(await rowsWhere(readOnly, 'update')).toEqual([]);
  });

  it('scopes an entity through another (companyVia) with EXISTS', async () => {
    const g: MenuGrant[] = [{ module: 'stores', menu: 'people', route: 'people', letters: 'R' }];
    const names = async (compcode: string) =>
      (await listRows({ db: t.database.db, reg, ability: buildAbility(reg, { compcode, grants: g }) }, { entity: 'person', defaultSort: { field: 'name' } })).list.map((r) => r.name);
    expect(await names('A1')).toEqual(['Ann', 'Cid']);
    expect(await names('B2')).toEqual(['Bob', 'Cid']);
  });

  it('pages and counts through the list builder with the same restriction', async () => {
    const a = buildAbility(reg, { compcode: 'A1', grants: grants('R') });
    const screen = reg.screen('stores', 'parts');
    if (screen?.kind !== 'list') throw new Error('parts is a list');
    const page = await listRows({ db: t.database.db, reg, ability: a }, { entity: 'part', page: 2, limit: 5, defaultSort: { field: 'partnumber' }, columns: screen.columns });
    expect(page.meta.total).toBe(20);
    expect(page.list).toHaveLength(5);
    const forbidden = buildAbility(reg, { compcode: 'A1', grants: [] });
    await expect(listRows({ db: t.database.db, reg, ability: forbidden }, { entity: 'part' })).rejects.toMatchObject({ code: 'ERR_FORBIDDEN' });
  });
});
