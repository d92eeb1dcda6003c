import { describe, expect, it } from 'vitest';
import { buildRegistry, MetadataError, type MetadataProblem } from '../src/metadata/loader.ts';
import { generateTypes } from '../scripts/gen-types.ts';
import { readFile } from 'node:fs/promises';
import { loadProductMetadata, REPO_ROOT as root, SHELL_AND_STORES as MODULES } from './metadata-fixture.ts';


const GOOD = `
module: stores
entities:
  - name: warehouse
    title: Warehouse
    fields:
      - { name: code, type: string, maxLength: 10, required: true, unique: true }
      - { name: name, type: string, maxLength: 60 }
  - name: bin
    title: Bin
    fields:
      - { name: warehouse, type: reference, entity: warehouse, required: true }
      - { name: label, type: string }
lists:
  - route: warehouse-list
    entity: warehouse
    title: Warehouses
    columns: [code, name]
    form: warehouse-form
forms:
  - route: warehouse-form
    entity: warehouse
    title: Warehouse
    sections: [{ fields: [code, name] }]
menus:
  - { name: masters, title: Masters }
  - { name: warehouse-list, title: Warehouses, route: warehouse-list, parent: masters }
`;

function problems(files: Record<string, string>): MetadataProblem[] {
  try {
    buildRegistry(Object.entries(files).map(([file, text]) => ({ file, text })));
  } catch (e) {
    expect(e).toBeInstanceOf(MetadataError);
    return (e as MetadataError).problems;
  }
  return [];
}

function expectProblem(files: Record<string, string>, match: Partial<Omit<MetadataProblem, 'reason'>> & { reason: RegExp | string }) {
  const ps = problems(files);
  const found = ps.find(
    (p) =>
      (match.file === undefined || p.file === match.file) &&
      (match.path === undefined || p.path === match.path) &&
      (typeof match.reason === 'string' ? p.reason === match.reason : match.reason.test(p.reason)),
  );
  expect(found, `expected a problem like ${JSON.stringify({ ...match, reason: String(match.reason) })}, got ${JSON.stringify(ps)}`).toBeTruthy();
}

describe('metadata loader', () => {
  it('loads the product metadata tree without errors', async () => {
    const reg = await loadProductMetadata();
    expect(reg.entities.has('company')).toBe(true);
    expect(reg.entities.has('users')).toBe(true);
    expect(reg.modules.has('aircraft-logistic')).toBe(true);
    for (const m of reg.menus) if (m.route) expect(reg.screen(m.module, m.route), `${m.module}/${m.route}`).toBeTruthy();
  });

  it('accepts a valid document and normalises defaults', () => {
    const reg = buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/a.yaml', text: GOOD },
    ]);
    const w = reg.entity('warehouse');
    expect(w.table).toBe('warehouse');
    expect(w.key).toBe('id');
    expect(w.companyScoped).toBe(true);
    expect(w.fields[0].label).toBe('Code');
    const menu = reg.menus.find((m) => m.name === 'warehouse-list');
    expect(menu?.level).toBe(2);
    expect(menu?.url).toBe('/stores/warehouse-list');
  });

  it('makes a field set by actions read-only, and takes a list of values in the visibleWhen of an action', () => {
    const text = GOOD.replace('      - { name: name, type: string, maxLength: 60 }', '      - { name: name, type: string, maxLength: 60 }\n      - { name: state, type: enum, default: NEW, setBy: actions, values: [{ code: NEW, label: New }, { code: OPEN, label: Open }, { code: SHUT, label: Shut }] }').replace(
      '    sections: [{ fields: [code, name] }]',
      '    sections: [{ fields: [code, name, state] }]\n    actions: [{ name: shut_warehouse, run: stores/warehouse#act, label: Shut, letter: O, row: true, visibleWhen: { state: [NEW, OPEN] } }]',
    );
    const reg = buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/a.yaml', text },
    ]);
    expect(reg.entity('warehouse').fields.find((f) => f.name === 'state')).toMatchObject({ setBy: 'actions', readOnly: true });
    expect(problems({ 'shell/modules.yaml': MODULES, 'stores/a.yaml': text.replace('setBy: actions', 'setBy: users') }).length).toBeGreaterThan(0);
  });

  it('reports YAML syntax errors with line and column', () => {
    expectProblem({ 'shell/modules.yaml': MODULES, 'stores/bad.yaml': 'module: stores\nentities: [\n' }, { file: 'stores/bad.yaml', reason: /./ });
    const p = problems({ 'shell/modules.yaml': MODULES, 'stores/bad.yaml': 'module: stores\nentities: [\n' });
    expect(p[0].path).toMatch(/^line \d+, column \d+$/);
  });

  it('reports duplicate YAML keys', () => {
    expectProblem({ 'shell/modules.yaml': MODULES, 'stores/dup.yaml': 'module: stores\nmodule: stores\n' }, { file: 'stores/dup.yaml', reason: /unique|duplicate/i });
  });

  it('reports an empty file', () => {
    expectProblem({ 'shell/modules.yaml': MODULES, 'stores/empty.yaml': '' }, { file: 'stores/empty.yaml', reason: 'the file is empty' });
  });

  it('reports schema errors: unknown property, missing property, bad enum, bad pattern', () => {
    const files = (text: string) => ({ 'shell/modules.yaml': MODULES, 'stores/x.yaml': text });
    expectProblem(files('module: stores\ncolour: red\n'), { file: 'stores/x.yaml', path: '', reason: "unknown property 'colour'" });
    expectProblem(files('module: stores\nentities:\n  - name: a\n    fields: [{ name: x, type: string }]\n'), {
      path: '/entities/0',
      reason: "missing required property 'title'",
    });
    expectProblem(files('module: stores\nentities:\n  - name: a\n    title: A\n    fields: [{ name: x, type: money }]\n'), {
      path: '/entities/0/fields/0/type',
      reason: /must be one of/,
    });
    expectProblem(files('module: stores\nentities:\n  - name: Bad-Name\n    title: A\n    fields: [{ name: x, type: string }]\n'), {
      path: '/entities/0/name',
      reason: /must match pattern/,
    });
  });

  it("checks a field's own pattern: a string field, a regular expression, with its words, not beside a format", () => {
    const entity = (field: string) => ({ 'shell/modules.yaml': MODULES, 'stores/x.yaml': `module: stores\nentities:\n  - name: a\n    title: A\n    fields: [${field}]\n` });
    const path = '/entities/[a]/fields/[x]/pattern';
    expectProblem(entity('{ name: x, type: integer, pattern: "^[0-9]+$", patternMessage: must be digits }'), { file: 'stores/x.yaml', path, reason: 'a pattern is for string fields, not integer' });
    expectProblem(entity('{ name: x, type: string, pattern: "^[0-9]+$" }'), { path, reason: 'a pattern needs patternMessage: the words the field says when a value does not match' });
    expectProblem(entity('{ name: x, type: string, pattern: "^[0-9+$", patternMessage: must be digits }'), { path, reason: /^not a regular expression: / });
    expectProblem(entity('{ name: x, type: string, format: email, pattern: "^a", patternMessage: must start with a }'), { path, reason: 'a field has a pattern or a format (email), not both' });
    expectProblem(entity('{ name: x, type: string, patternMessage: must be digits }'), { path, reason: 'patternMessage is given without a pattern' });
    expect(problems(entity('{ name: x, type: string, pattern: "^BR-[0-9]{4}$", patternMessage: "must be BR- and four digits, such as BR-0042" }'))).toEqual([]);
  });

  it('takes the letters widget only on a string field (a role line or a form field)', () => {
    const form = (widgetField: string, lineColumn: string) => ({
      'shell/modules.yaml': MODULES,
      'stores/x.yaml': `module: stores
entities:
  - name: a
    title: A
    children: [{ name: lines, entity: a_line, foreignKey: a }]
    fields: [{ name: letters, type: string, maxLength: 6 }, { name: count, type: integer }]
  - name: a_line
    title: A line
    fields: [{ name: a, type: reference, entity: a, required: true }, { name: permission, type: string, maxLength: 6 }, { name: seq, type: integer }]
forms:
  - route: a-form
    entity: a
    title: A
    sections: [{ fields: [${widgetField}] }]
    lines: [{ child: lines, columns: [${lineColumn}] }]
`,
    });
    expectProblem(form('{ field: count, widget: letters }', 'permission'), {
      file: 'stores/x.yaml',
      path: '/forms/[a-form]/sections/0/fields/[count]/widget',
      reason: 'the letters widget edits a string field of permission letters; a.count is integer',
    });
    expectProblem(form('letters', '{ field: seq, widget: letters }'), {
      file: 'stores/x.yaml',
      path: '/forms/[a-form]/lines/0/columns/[seq]/widget',
      reason: 'the letters widget edits a string field of permission letters; a_line.seq is integer',
    });
    expect(problems(form('{ field: letters, widget: letters }', '{ field: permission, widget: letters }'))).toEqual([]);
  });

  it('reports an undeclared module', () => {
    expectProblem({ 'shell/modules.yaml': MODULES, 'x/a.yaml': 'module: nowhere\n' }, { file: 'x/a.yaml', path: '/module', reason: /not declared/ });
  });

  it('reports duplicates: module, entity, table, route, menu', () => {
    const base = { 'shell/modules.yaml': MODULES, 'stores/a.yaml': GOOD };
    expectProblem({ ...base, 'shell/more.yaml': 'module: shell\nmodules: [{ name: stores, title: Again }]\n' }, { reason: /duplicate module 'stores'/ });
    expectProblem({ ...base, 'stores/b.yaml': 'module: stores\nentities: [{ name: warehouse, title: W, fields: [{ name: x, type: string }] }]\n' }, { reason: /duplicate entity 'warehouse'/ });
    expectProblem({ ...base, 'stores/b.yaml': 'module: stores\nentities: [{ name: other, table: bin, title: W, fields: [{ name: x, type: string }] }]\n' }, { reason: /duplicate table 'bin'/ });
    expectProblem(
      { ...base, 'stores/b.yaml': 'module: stores\nhomes: [{ route: warehouse-list, title: Again }]\n' },
      { file: 'stores/b.yaml', reason: /duplicate route 'warehouse-list' in module stores/ },
    );
    expectProblem({ ...base, 'stores/b.yaml': 'module: stores\nmenus: [{ name: masters, title: Again }]\n' }, { reason: /duplicate menu 'masters'/ });
    expectProblem(
      { 'shell/modules.yaml': MODULES, 'stores/b.yaml': 'module: stores\nentities: [{ name: a, title: A, fields: [{ name: x, type: string }, { name: x, type: text }] }]\n' },
      { reason: "duplicate field 'x'" },
    );
  });

  it('reports unknown entities in lists, forms and references', () => {
    const base = { 'shell/modules.yaml': MODULES };
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('entity: warehouse\n    title: Warehouses', 'entity: nothing\n    title: Warehouses') }, { reason: "unknown entity 'nothing'" });
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('{ name: warehouse, type: reference, entity: warehouse', '{ name: warehouse, type: reference, entity: depot') }, {
      reason: "reference to unknown entity 'depot'",
    });
  });

  it('reports a menu naming a route that does not exist, and an unknown parent', () => {
    const base = { 'shell/modules.yaml': MODULES };
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('route: warehouse-list, parent', 'route: warehouse-lst, parent') }, { reason: "route 'warehouse-lst' does not exist in module stores" });
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('parent: masters', 'parent: mastrs') }, { reason: "parent menu 'mastrs' does not exist in module stores" });
  });

  it('reports unknown fields in columns, filters, sort and form sections, and bad list/form links', () => {
    const base = { 'shell/modules.yaml': MODULES };
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('columns: [code, name]', 'columns: [code, nam]') }, { reason: "entity warehouse has no field 'nam'" });
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('sections: [{ fields: [code, name] }]', 'sections: [{ fields: [code, nme] }]') }, { reason: "entity warehouse has no field 'nme'" });
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('form: warehouse-form', 'form: warehouse-frm') }, { reason: "form route 'warehouse-frm' does not exist in module stores" });
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('columns: [code, name]', 'columns: [code, name]\n    defaultSort: { field: size }') }, { reason: "entity warehouse has no field 'size'" });
    expectProblem({ ...base, 'stores/a.yaml': GOOD.replace('columns: [code, name]', 'columns: [code, name.x]') }, { reason: "'name' is not a reference field of entity warehouse" });
  });

  it('checks form actions offered only in a state (visibleWhen) and related-row sections (list, equality filter, field, columns)', () => {
    const base = { 'shell/modules.yaml': MODULES };
    const bins = `
  - route: bin-list
    entity: bin
    title: Bins
    columns: [label, warehouse.code]
    filters: [warehouse, { field: label, op: contains }]`;
    const form = (extra: string) =>
      GOOD.replace('lists:\n', `lists:${bins}\n`).replace('    sections: [{ fields: [code, name] }]', `    sections: [{ fields: [code, name] }]\n${extra}`);
    const ok = form(`    related:\n      - { list: bin-list, match: { warehouse: id }, columns: [label] }\n    actions:\n      - { name: close_it, run: stores/warehouse#act, label: Close, letter: O, row: true, visibleWhen: { name: null } }`);
    const reg = buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/a.yaml', text: ok },
    ]);
    const screen = reg.screen('stores', 'warehouse-form');
    expect(screen?.kind === 'form' && screen.related).toEqual([{ title: 'Bins', module: 'stores', route: 'bin-list', match: { warehouse: 'id' }, columns: ['label'], emptyText: undefined }]);
    expectProblem({ ...base, 'stores/a.yaml': form('    related: [{ list: bins, match: { warehouse: id } }]') }, { reason: "'stores/bins' is not a list or report" });
    expectProblem({ ...base, 'stores/a.yaml': form('    related: [{ list: bin-list, match: { label: id } }]') }, { reason: "list bin-list has no equality filter 'label'" });
    expectProblem({ ...base, 'stores/a.yaml': form('    related: [{ list: bin-list, match: { warehouse: ident } }]') }, { reason: "entity warehouse has no field 'ident'" });
    expectProblem({ ...base, 'stores/a.yaml': form('    related: [{ list: bin-list, match: { warehouse: id }, columns: [size] }]') }, { reason: "list bin-list has no column 'size'" });
    expectProblem({ ...base, 'stores/a.yaml': form('    actions: [{ name: close_it, run: stores/warehouse#act, label: Close, letter: O, visibleWhen: { state: 1 } }]') }, { reason: "entity warehouse has no field 'state'" });
  });

  it('selection actions (ticked rows) are for lists, and not also row actions', () => {
    const base = { 'shell/modules.yaml': MODULES };
    const listAction = (a: string) => GOOD.replace('columns: [code, name]', `columns: [code, name]\n    actions: [${a}]`);
    const reg = buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/a.yaml', text: listAction('{ name: merge_them, run: stores/warehouse#act, label: Merge, letter: O, selection: true }') },
    ]);
    const list = reg.screen('stores', 'warehouse-list');
    expect(list?.kind === 'list' && list.actions).toEqual([{ name: 'merge_them', run: 'stores/warehouse#act', label: 'Merge', letter: 'O', selection: true }]);
    expectProblem({ ...base, 'stores/a.yaml': listAction('{ name: merge_them, run: stores/warehouse#act, label: Merge, letter: O, row: true, selection: true }') }, { reason: 'an action acts on one row (row) or on the ticked rows (selection), not both' });
    const onForm = GOOD.replace('    sections: [{ fields: [code, name] }]', '    sections: [{ fields: [code, name] }]\n    actions: [{ name: merge_them, run: stores/warehouse#act, label: Merge, letter: O, selection: true }]');
    expectProblem({ ...base, 'stores/a.yaml': onForm }, { reason: 'a form acts on its open record: selection is for lists' });
  });

  it('gives an action without a letter the letter O, and refuses two letters for one action of an entity (decision 0120)', () => {
    const base = { 'shell/modules.yaml': MODULES };
    const offered = (formLetter: string, listLetter: string) =>
      GOOD.replace('    form: warehouse-form', `    form: warehouse-form\n    actions: [{ name: close_it, run: stores/warehouse#act, label: Close, row: true${listLetter} }]`).replace(
        '    sections: [{ fields: [code, name] }]',
        `    sections: [{ fields: [code, name] }]\n    actions: [{ name: close_it, run: stores/warehouse#act, label: Close, row: true${formLetter} }]`,
      );
    const reg = buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/a.yaml', text: offered('', ', letter: O') },
    ]);
    const form = reg.screen('stores', 'warehouse-form');
    expect(form?.kind === 'form' && form.actions.map((a) => a.letter)).toEqual(['O']);
    expectProblem({ ...base, 'stores/a.yaml': offered(', letter: P', '') }, { file: 'stores/a.yaml', reason: /^letter P differs from letter O that stores\/a\.yaml \(warehouse-list\) declares for the same action$/ });
  });

  it('reports field rule errors: reserved names, enum without values, scale over precision, misplaced options', () => {
    const one = (field: string) => ({
      'shell/modules.yaml': MODULES,
      'stores/a.yaml': `module: stores\nentities:\n  - name: a\n    title: A\n    fields:\n      - ${field}\n`,
    });
    expectProblem(one('{ name: compcode, type: string }'), { reason: "'compcode' is a reserved column name" });
    expectProblem(one('{ name: version, type: integer }'), { reason: "'version' is a reserved column name" });
    expectProblem(one('{ name: status, type: enum }'), { reason: "enum field 'status' needs values" });
    expectProblem(one('{ name: price, type: decimal, precision: 4, scale: 6 }'), { reason: 'scale 6 is larger than precision 4' });
    expectProblem(one('{ name: qty, type: integer, maxLength: 3 }'), { reason: 'maxLength is only allowed on string and text fields' });
    expectProblem(one('{ name: qty, type: integer, min: 5, max: 1 }'), { reason: 'min 5 is larger than max 1' });
    expectProblem(one('{ name: s, type: enum, default: Z, values: [{ code: A, label: A }] }'), { reason: "default 'Z' is not one of the enum codes" });
    expectProblem(one('{ name: r, type: reference }'), { reason: "reference field 'r' needs entity" });
  });

  it('reports child line and numbering errors', () => {
    const base = { 'shell/modules.yaml': MODULES };
    const withChild = GOOD.replace('    title: Warehouse\n    fields:', '    title: Warehouse\n    children: [{ entity: bin, foreignKey: label }]\n    fields:');
    expectProblem({ ...base, 'stores/a.yaml': withChild }, { reason: "'label' must be a reference field of bin pointing at warehouse" });
    const numbered = GOOD.replace('    title: Warehouse\n    fields:', '    title: Warehouse\n    numbering: { field: number, series: WH }\n    fields:');
    expectProblem({ ...base, 'stores/a.yaml': numbered }, { reason: "numbering field 'number' is not a string field of the entity" });
  });

  it('formats every problem as file: path: reason in the error message', () => {
    try {
      buildRegistry([
        { file: 'shell/modules.yaml', text: MODULES },
        { file: 'stores/a.yaml', text: 'module: stores\nbogus: 1\n' },
      ]);
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toContain("stores/a.yaml: /: unknown property 'bogus'");
    }
  });

  it('reads a view from a .sql file beside the YAML (viewFile) and names a missing one', () => {
    const view = (extra: string) => `module: stores\nentities:\n  - name: stock_sum\n    title: Stock Sum\n    key: sum_id\n    ${extra}\n    fields:\n      - { name: qty, type: decimal }\n`;
    const sql = 'select 1 as sum_id, 2.0 as qty, null::text as compcode';
    const reg = buildRegistry(
      [{ file: 'shell/modules.yaml', text: MODULES }, { file: 'stores/a.yaml', text: view('viewFile: sql/stock-sum.sql') }],
      new Map([['stores/sql/stock-sum.sql', sql]]),
    );
    expect(reg.entity('stock_sum').view).toBe(sql);
    try {
      buildRegistry([{ file: 'shell/modules.yaml', text: MODULES }, { file: 'stores/a.yaml', text: view('viewFile: ../other/missing.sql') }]);
      expect.unreachable();
    } catch (e) {
      expect((e as MetadataError).problems).toContainEqual({ file: 'stores/a.yaml', path: '/entities/0/viewFile', reason: "view file 'other/missing.sql' not found" });
    }
  });

  it('reads named prints from .hbs files beside the YAML and names a missing file, a broken template and an unknown when field', () => {
    const withPrint = (print: string) => GOOD.replace('    title: Warehouse\n    fields:', `    title: Warehouse\n    prints:\n      - ${print}\n    fields:`);
    const tpl = '<h1>{{title}}</h1>{{doc.name}}{{#each lines.bins}}{{no}}{{/each}}';
    const reg = buildRegistry(
      [{ file: 'shell/modules.yaml', text: MODULES }, { file: 'stores/a.yaml', text: withPrint('{ name: label, title: Shelf Label, templateFile: prints/label.hbs, when: { code: [A, B] } }') }],
      new Map([['stores/prints/label.hbs', tpl]]),
    );
    expect(reg.entity('warehouse').prints).toEqual([{ name: 'label', title: 'Shelf Label', template: tpl, when: { code: ['A', 'B'] } }]);
    const problems = (print: string, side: [string, string][] = []) => {
      try {
        buildRegistry([{ file: 'shell/modules.yaml', text: MODULES }, { file: 'stores/a.yaml', text: withPrint(print) }], new Map(side));
        return [];
      } catch (e) {
        return (e as MetadataError).problems;
      }
    };
    expect(problems('{ name: label, title: L, templateFile: prints/none.hbs }')).toContainEqual({ file: 'stores/a.yaml', path: '/entities/0/prints/0/templateFile', reason: "template file 'stores/prints/none.hbs' not found" });
    expect(problems('{ name: label, title: L, templateFile: prints/bad.hbs }', [['stores/prints/bad.hbs', '{{#each lines}}never closed']])).toContainEqual(
      expect.objectContaining({ path: '/entities/0/prints/0/templateFile', reason: expect.stringMatching(/^template 'stores\/prints\/bad.hbs' does not compile: /) }),
    );
    expect(problems('{ name: label, title: L, templateFile: prints/label.hbs, when: { nofield: 1 } }', [['stores/prints/label.hbs', tpl]])).toContainEqual({ file: 'stores/a.yaml', path: '/entities/0/prints/0/when/nofield', reason: "'nofield' is not a field of the entity" });
    // the document's own print (decision 0291): kept with its refs; never with a when; refs must be references
    const own = buildRegistry(
      [{ file: 'shell/modules.yaml', text: MODULES }, { file: 'stores/a.yaml', text: withPrint('{ name: label, title: Shelf Label, templateFile: prints/label.hbs, default: true }') }],
      new Map([['stores/prints/label.hbs', tpl]]),
    );
    expect(own.entity('warehouse').prints).toEqual([{ name: 'label', title: 'Shelf Label', template: tpl, default: true }]);
    expect(problems('{ name: label, title: L, templateFile: prints/label.hbs, default: true, when: { code: A } }', [['stores/prints/label.hbs', tpl]])).toContainEqual({ file: 'stores/a.yaml', path: '/entities/0/prints/0/when', reason: "the default print 'label' prints every document and cannot have 'when'" });
    expect(problems('{ name: label, title: L, templateFile: prints/label.hbs, refs: [name] }', [['stores/prints/label.hbs', tpl]])).toContainEqual({ file: 'stores/a.yaml', path: '/entities/0/prints/0/refs/0', reason: "'name' is not a reference field of the entity" });
  });

  it('marks integer durations (H:MM): their list columns show hm, the form uses the duration widget; refused on other types', async () => {
    const { formUiSchema, entityJsonSchema } = await import('../src/metadata/json-schema.ts');
    const doc = GOOD.replace("      - { name: name, type: string, maxLength: 60 }\n  - name: bin", "      - { name: name, type: string, maxLength: 60 }\n      - { name: hours, type: integer, format: duration, min: 0 }\n  - name: bin")
      .replace('columns: [code, name]', 'columns: [code, name, hours]')
      .replace('sections: [{ fields: [code, name] }]', 'sections: [{ fields: [code, name, { field: hours, widget: numeric }] }]');
    const reg = buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/a.yaml', text: doc },
    ]);
    const list = reg.screen('stores', 'warehouse-list');
    expect(list?.kind === 'list' && list.columns.find((c) => c.field === 'hours')?.format).toBe('hm');
    const form = reg.screen('stores', 'warehouse-form');
    expect(form?.kind === 'form' && (formUiSchema(reg, form).hours as Record<string, unknown>)['ui:widget']).toBe('duration');
    expect(entityJsonSchema(reg, reg.entity('warehouse')).properties?.hours).toMatchObject({ type: ['integer', 'null'], minimum: 0, 'x-duration': true });
    expectProblem({ 'shell/modules.yaml': MODULES, 'stores/a.yaml': GOOD.replace('{ name: name, type: string, maxLength: 60 }', '{ name: name, type: string, maxLength: 60, format: duration }') }, { path: '/entities/[warehouse]/fields/[name]/format', reason: 'format duration is for integer fields (minutes)' });
  });

  it('names the module whose list opens its context (opensContext): one list per module, having the fields the context reads', () => {
    // a fleet entity with the two fields its context (the open aircraft) reads, and two lists of it
    const FLEET = `
module: stores
entities:
  - name: aircraft_type
    title: Aircraft Type
    fields: [{ name: type_name, type: string }]
  - name: aircraft
    title: Aircraft
    fields:
      - { name: registration, type: string }
      - { name: aircraft_type, type: reference, entity: aircraft_type }
lists:
  - { route: fleet, entity: aircraft, title: Fleet, opensContext: { name: aircraft, reads: [registration, aircraft_type] }, columns: [registration] }
  - { route: fleet-two, entity: aircraft, title: Fleet Two, columns: [registration] }
  - { route: types, entity: aircraft_type, title: Types, columns: [type_name] }
`;
    const reg = buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/fleet.yaml', text: FLEET },
    ]);
    expect(reg.contextList('stores')?.route).toBe('fleet');
    expect(reg.contextList('shell')).toBeUndefined();
    const files = (text: string) => ({ 'shell/modules.yaml': MODULES, 'stores/fleet.yaml': text });
    expectProblem(files(FLEET.replace('title: Fleet Two,', 'title: Fleet Two, opensContext: { name: aircraft, reads: [registration, aircraft_type] },')), { path: '/lists/[fleet-two]/opensContext', reason: "module stores already opens its context (aircraft) from list 'fleet'" });
    expectProblem(files(FLEET.replace('title: Types,', 'title: Types, opensContext: { name: aircraft, reads: [registration, aircraft_type] },')), { path: '/lists/[types]/opensContext/reads', reason: "a list that opens the aircraft context reads the field 'registration', which entity aircraft_type does not have" });
  });

  it('names the filter the open context fills (contextFilter): an eq filter on a reference to the entity of the list that opens it', () => {
    const FLEET = `
module: stores
entities:
  - name: aircraft
    title: Aircraft
    fields:
      - { name: registration, type: string }
      - { name: aircraft_type, type: string }
  - name: log
    title: Log
    fields:
      - { name: aircraft, type: reference, entity: aircraft }
      - { name: other, type: reference, entity: log }
      - { name: flight_date, type: date }
lists:
  - { route: fleet, entity: aircraft, title: Fleet, opensContext: { name: aircraft, reads: [registration, aircraft_type] }, columns: [registration] }
  - { route: logs, entity: log, title: Logs, contextFilter: aircraft_id, filters: [{ field: aircraft, param: aircraft_id }, other, { field: flight_date, op: gte }], columns: [flight_date] }
reports:
  - { route: log-report, entity: log, title: Log Report, contextFilter: aircraft, filters: [aircraft], columns: [flight_date] }
`;
    const reg = buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/fleet.yaml', text: FLEET },
    ]);
    const logs = reg.screen('stores', 'logs');
    expect(logs?.kind === 'list' && logs.contextFilter).toBe('aircraft_id');
    const files = (text: string) => ({ 'shell/modules.yaml': MODULES, 'stores/fleet.yaml': text });
    expectProblem(files(FLEET.replace('contextFilter: aircraft_id', 'contextFilter: aircraft')), { file: 'stores/fleet.yaml', path: '/lists/[logs]/contextFilter', reason: "'aircraft' is not a filter parameter of the list" });
    expectProblem(files(FLEET.replace('contextFilter: aircraft,', 'contextFilter: aircraft_id,')), { file: 'stores/fleet.yaml', path: '/reports/[log-report]/contextFilter', reason: "'aircraft_id' is not a filter parameter of the report" });
    expectProblem(files(FLEET.replace('contextFilter: aircraft_id', 'contextFilter: other')), { path: '/lists/[logs]/contextFilter', reason: "filter 'other' takes the open aircraft, so its field must be a reference to entity aircraft (list 'fleet' opens it); 'other' is not" });
    expectProblem(files(FLEET.replace('contextFilter: aircraft_id', 'contextFilter: flight_date')), { path: '/lists/[logs]/contextFilter', reason: "filter 'flight_date' takes the open aircraft, so its op must be eq (not gte)" });
    expectProblem(files(FLEET.replace(' opensContext: { name: aircraft, reads: [registration, aircraft_type] },', '')), { path: '/lists/[logs]/contextFilter', reason: 'module stores has no list that opens a context (opensContext)' });
  });

  it('keeps the committed generated types up to date with the schema', async () => {
    const current = await readFile(`${root}engine/src/metadata/types.gen.ts`, 'utf8');
    expect(current).toBe(await generateTypes());
  });
});
