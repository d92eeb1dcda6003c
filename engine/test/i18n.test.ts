/**
 * English and Indonesian (decision 0144): translation files validated at load, the check that
 * refuses a user-visible label without its translation (npm run check:metadata), and the
 * localised registry the server serves an Indonesian reader.
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry, MetadataError, type MetadataProblem } from '../src/metadata/loader.ts';
import { localised, translationProblems } from '../src/metadata/i18n.ts';
import { formSchema, formUiSchema } from '../src/metadata/json-schema.ts';
import { loadProductMetadata } from './metadata-fixture.ts';

const MODULES = `
module: shell
modules:
  - { name: shell, title: Shell, shell: true }
  - { name: stores, title: Stores, info: Stores and their bins. }
`;

const STORES = `
module: stores
entities:
  - name: warehouse
    title: Warehouse
    fields:
      - { name: code, type: string, maxLength: 10, required: true, help: As painted on the door. }
      - { name: part_number, type: string, maxLength: 40 }
      - { name: kind, type: enum, values: [{ code: M, label: Main store }, { code: L, label: Line store }, { code: C, label: CRS }] }
      - { name: secret, type: string, hidden: true, help: Never shown. }
lists:
  - route: warehouse-list
    entity: warehouse
    title: Warehouses
    columns: [code, part_number, { field: kind, label: Store Kind }]
    form: warehouse-form
    actions: [{ name: close_warehouse, run: stores/warehouse#closeWarehouse, label: Close Store, row: true, confirm: Close this store? }]
forms:
  - route: warehouse-form
    entity: warehouse
    title: Warehouse
    sections: [{ title: Identification, fields: [code, part_number, kind] }]
menus:
  - { name: warehouse-list, title: Warehouses, route: warehouse-list }
`;

// every text a user sees of the stores module; "Code" comes from the shared (shell) dictionary and
// "CRS" (no lower-case letter) is a code that needs none; the hidden field's label is never shown
const STORES_ID = `
module: stores
labels:
  Stores: Gudang-gudang
  Stores and their bins.: Gudang dan raknya.
  Warehouse: Gudang
  Part Number: Nomor Part
  Kind: Jenis
  Main store: Gudang utama
  Line store: Gudang lini
  Warehouses: Daftar Gudang
  Store Kind: Jenis Gudang
  Identification: Identifikasi
  As painted on the door.: Seperti tertulis di pintu.
  Close Store: Tutup Gudang
  Close this store?: Tutup gudang ini?
`;
const SHELL_ID = `
module: shell
labels:
  Shell: Kerangka
  Code: Kode
`;

const tree = (extra: Record<string, string> = {}) => ({
  'shell/modules.yaml': MODULES,
  'stores/stores.yaml': STORES,
  'stores/i18n/id.yaml': STORES_ID,
  'shell/i18n/id.yaml': SHELL_ID,
  ...extra,
});

function build(files: Record<string, string>) {
  return buildRegistry(Object.entries(files).map(([file, text]) => ({ file, text })));
}

function loadProblems(files: Record<string, string>): MetadataProblem[] {
  try {
    build(files);
  } catch (e) {
    expect(e).toBeInstanceOf(MetadataError);
    return (e as MetadataError).problems;
  }
  return [];
}

describe('translations (decision 0144)', () => {
  it('the product metadata has an Indonesian translation of every label a user sees, and no stale one', async () => {
    const reg = await loadProductMetadata();
    const problems = translationProblems(reg);
    expect(problems.map((p) => `${p.file}: ${p.path}: ${p.reason}`).slice(0, 20)).toEqual([]);
    // one translation file per module
    expect([...(reg.dictionaries.get('id')?.keys() ?? [])].sort()).toEqual(['admin', 'aircraft-logistic', 'aircraft-maintenance', 'aircraft-mro', 'aircraft-procurement', 'aircraft-quality', 'shell', 'system']);
  });

  it('a complete tree passes the check', () => {
    expect(translationProblems(build(tree()))).toEqual([]);
  });

  it('the check names the module, the file and the label that lacks a translation', () => {
    // "Part Number" is the default label of part_number (its name in Title Case): a defaulted label needs one too
    const reg = build(tree({ 'stores/i18n/id.yaml': STORES_ID.replace('  Part Number: Nomor Part\n', '') }));
    expect(translationProblems(reg)).toEqual([
      { file: 'stores/stores.yaml', path: '/entities/[warehouse]/fields/[part_number]/label', reason: "module stores: no id translation of 'Part Number' (add it to the module's i18n/id.yaml)" },
      { file: 'stores/stores.yaml', path: '/lists/[warehouse-list]/columns/[part_number]/label', reason: "module stores: no id translation of 'Part Number' (add it to the module's i18n/id.yaml)" },
    ]);
    // an enum label, a help text, a column label of its own and an action's confirmation
    const menu = build(
      tree({
        'stores/i18n/id.yaml': STORES_ID.replace('  Main store: Gudang utama\n', '').replace('  Store Kind: Jenis Gudang\n', '').replace('  As painted on the door.: Seperti tertulis di pintu.\n', '').replace('  Close this store?: Tutup gudang ini?\n', ''),
      }),
    );
    expect(translationProblems(menu).map((p) => p.path)).toEqual([
      '/entities/[warehouse]/fields/[code]/help',
      '/entities/[warehouse]/fields/[kind]/values/[M]/label',
      '/lists/[warehouse-list]/columns/[kind]/label',
      '/lists/[warehouse-list]/actions/[close_warehouse]/confirm',
    ]);
  });

  it('the check names a translation no label of its module reads (a label renamed)', () => {
    const reg = build(tree({ 'stores/i18n/id.yaml': `${STORES_ID}  Bin Label: Label Rak\n` }));
    expect(translationProblems(reg)).toEqual([{ file: 'stores/i18n/id.yaml', path: '/labels/Bin Label', reason: 'module stores: no label of the module reads \'Bin Label\' (a label renamed or removed?)' }]);
  });

  it('validates translation files at load, naming the file, the path and the reason', () => {
    expect(loadProblems(tree({ 'stores/i18n/fr.yaml': STORES_ID }))).toEqual([
      { file: 'stores/i18n/fr.yaml', path: '', reason: "'fr' is not a language to translate into (the file name is the language: id; English is the metadata's own text)" },
    ]);
    expect(loadProblems(tree({ 'stores/i18n/en.yaml': STORES_ID }))[0].reason).toMatch(/'en' is not a language to translate into/);
    expect(loadProblems(tree({ 'stores/i18n/id.yaml': `${STORES_ID}extra: 1\n` }))).toEqual([{ file: 'stores/i18n/id.yaml', path: '', reason: "unknown property 'extra'" }]);
    expect(loadProblems(tree({ 'stores/i18n/id.yaml': STORES_ID.replace('Jenis Gudang', "''") }))).toEqual([
      { file: 'stores/i18n/id.yaml', path: '/labels/Store Kind', reason: 'must NOT have fewer than 1 characters' },
    ]);
    expect(loadProblems(tree({ 'stores/i18n/id.yaml': STORES_ID.replace('module: stores', 'module: storez') }))).toEqual([
      { file: 'stores/i18n/id.yaml', path: '/module', reason: "module 'storez' is not declared in any modules list" },
    ]);
    expect(loadProblems(tree({ 'stores/i18n/id.yaml': `${STORES_ID}  Warehouse: Gudang lagi\n` }))[0]).toMatchObject({ file: 'stores/i18n/id.yaml', reason: expect.stringMatching(/unique/i) });
    expect(loadProblems(tree({ 'other/i18n/id.yaml': STORES_ID }))).toEqual([{ file: 'other/i18n/id.yaml', path: '/module', reason: 'module stores already has its id translations in stores/i18n/id.yaml' }]);
  });

  it('the localised registry carries the Indonesian labels; the English one is unchanged', () => {
    const reg = build(tree());
    const id = localised(reg, 'id');
    expect(localised(reg, 'en')).toBe(reg);
    expect(localised(reg, 'id')).toBe(id); // built once
    expect(id.modules.get('stores')).toMatchObject({ title: 'Gudang-gudang', info: 'Gudang dan raknya.' });
    expect(id.menus.find((m) => m.name === 'warehouse-list')?.title).toBe('Daftar Gudang');
    const list = id.screen('stores', 'warehouse-list');
    expect(list?.title).toBe('Daftar Gudang');
    expect(list?.kind === 'list' && list.columns.map((c) => c.label)).toEqual(['Kode', 'Nomor Part', 'Jenis Gudang']);
    const e = id.entity('warehouse');
    expect(e.title).toBe('Gudang');
    expect(e.fields.find((f) => f.name === 'kind')?.values).toEqual([
      { code: 'M', label: 'Gudang utama' },
      { code: 'L', label: 'Gudang lini' },
      { code: 'C', label: 'CRS' },
    ]);
    // the form's schema titles and enum option titles (what the form shows) are Indonesian
    const form = id.screen('stores', 'warehouse-form');
    if (form?.kind !== 'form') throw new Error('form expected');
    expect(form.sections[0].title).toBe('Identifikasi');
    const schema = formSchema(id, form);
    expect(schema.properties?.part_number.title).toBe('Nomor Part');
    // help texts (the form's field descriptions) and an action's label and confirmation question
    expect(schema.properties?.code.description).toBe('Seperti tertulis di pintu.');
    expect(list?.kind === 'list' && list.actions[0]).toMatchObject({ label: 'Tutup Gudang', confirm: 'Tutup gudang ini?' });
    expect(schema.properties?.kind.oneOf?.map((o) => o.title)).toEqual(['Gudang utama', 'Gudang lini', 'CRS', '']);
    expect(formUiSchema(id, form)['ui:options']).toEqual({ sections: [{ title: 'Identifikasi', fields: ['code', 'part_number', 'kind'] }] });
    // English untouched
    expect(reg.entity('warehouse').fields.find((f) => f.name === 'part_number')?.label).toBe('Part Number');
    expect(reg.menus.find((m) => m.name === 'warehouse-list')?.title).toBe('Warehouses');
    const en = reg.screen('stores', 'warehouse-list');
    expect(en?.kind === 'list' && en.columns.map((c) => c.label)).toEqual(['Code', 'Part Number', 'Store Kind']);
  });

  it('serves English where a translation is missing (the check refuses it; the server still starts)', () => {
    const reg = build(tree({ 'stores/i18n/id.yaml': STORES_ID.replace('  Part Number: Nomor Part\n', '') }));
    expect(localised(reg, 'id').entity('warehouse').fields.find((f) => f.name === 'part_number')?.label).toBe('Part Number');
  });
});
