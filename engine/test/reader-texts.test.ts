/**
 * No internal words in what a person reads (issue 37 point 6, decision 0285): a help, label or
 * title naming a source path, a file or a field is refused by `npm run check:metadata`, naming the
 * file and the path of the text; the product's own metadata has none.
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../src/metadata/loader.ts';
import { internalWord, readerTextProblems } from '../src/metadata/reader-texts.ts';
import { loadProductMetadata, SHELL_AND_STORES as MODULES } from './metadata-fixture.ts';


const stores = (help: string, title = 'Warehouses') => `
module: stores
entities:
  - name: warehouse
    title: Warehouse
    fields:
      - { name: code, type: string, maxLength: 10, required: true, help: ${JSON.stringify(help)} }
      - { name: secret, type: string, hidden: true, help: "Set by plugins/stores (never shown)." }
lists:
  - route: warehouse-list
    entity: warehouse
    title: ${JSON.stringify(title)}
    columns: [code]
`;

const build = (help: string, title?: string) =>
  buildRegistry([
    { file: 'shell/modules.yaml', text: MODULES },
    { file: 'stores/stores.yaml', text: stores(help, title) },
  ]);

describe('texts a person reads name no file, path or field', () => {
  it('refuses a help text with a source path, naming the file and the path of the text', () => {
    expect(readerTextProblems(build('Follows the request (plugins/mro, docs/workflow.md).'))).toEqual([
      {
        file: 'stores/stores.yaml',
        path: '/entities/[warehouse]/fields/[code]/help',
        reason: "'Follows the request (plugins/mro, docs/workflow.md).' shows a source path (plugins/) to its reader: say it in the reader's words",
      },
    ]);
  });

  it('refuses a file name and a field-like identifier; a hidden field is not read by anyone', () => {
    expect(readerTextProblems(build('See records.md for the rule.')).map((p) => p.reason)).toEqual([
      "'See records.md for the rule.' shows a file name (.md) to its reader: say it in the reader's words",
    ]);
    expect(readerTextProblems(build('As painted on the door.', 'Warehouses by wo_no')).map((p) => [p.path, p.reason])).toEqual([
      ['/lists/[warehouse-list]/title', "'Warehouses by wo_no' shows a field name (wo_no) to its reader: say it in the reader's words"],
    ]);
    expect(readerTextProblems(build('As painted on the door, e.g. A-01 (2.5 m wide).'))).toEqual([]);
  });

  it('tells words from internal ones', () => {
    expect(internalWord('Set in metadata/maintenance.yaml')).toBe('a source path (metadata/)');
    expect(internalWord('the company setting insp_group_overhaul')).toBe('a field name (insp_group_overhaul)');
    expect(internalWord('work-order.ts decides')).toBe('a file name (.ts)');
    expect(internalWord('P/N, S/N and the CRS; Line checks (daily / weekly / transit)')).toBeNull();
    expect(internalWord('TSN/CSN at removal, e.g. 1.5 h')).toBeNull();
  });

  it("the product's metadata shows none", async () => {
    const reg = await loadProductMetadata();
    expect(readerTextProblems(reg)).toEqual([]);
  });
});
