/**
 * The logic split out of the renderer's components (issue 35 point 5): an import's streamed
 * answer, Menu Access's letters and tree, the API reference's grouping, a lookup's cells and
 * matched values, line defaults and errors, an attachment's name, a form's unsaved edits, the
 * history's words, a requisition line's master item, the actions a screen offers and a timeline
 * chart's bars.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import type { MenuEntry, ScreenMeta } from '../src/api/types';
import type { RequisitionLine } from '../src/api/mrequest';
import { setLanguage } from '../src/i18n';
import { readImportStream, type ImportMessage } from '../src/generic/list/importStream';
import { normaliseLetters, treeRows, withLetters } from '../src/pages/admin/permissionLetters';
import { lettersById } from '../src/pages/admin/useUserMenus';
import { entityOf, groupOperations, schemaName, type OpenApi } from '../src/pages/api/apiReference';
import { lookupCell } from '../src/ui/lookupCell';
import { lookupMetaOf, matchQuery } from '../src/generic/form/lookupMeta';
import { errorsAt, newLine, rowErrors } from '../src/generic/form/linesModel';
import { nameFromRecord } from '../src/generic/form/attachmentInfo';
import { changed, comparable } from '../src/generic/form/formChanges';
import { unsavedEdits } from '../src/generic/form/unsavedEdits';
import { counts, shown, verb } from '../src/generic/historyText';
import { masterItem, serialise } from '../src/pages/requisition/requisitionDetail';
import { visibleActions } from '../src/generic/actions/visibleActions';
import { chartConfig, DAY } from '../src/generic/charts/chartConfig';
import { ApiError } from '../src/api/errors';

afterEach(() => setLanguage('en'));

describe("an import's streamed answer", () => {
  it('reads one message per complete line, a line split across chunks once its end arrives', async () => {
    const chunks = ['{"progress":1,"total":3}\n{"pro', 'gress":2,"total":3}\n', '{"result":{"total":3,"imported":3,"failed":0,"committed":true,"rows":[]}}\n'];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
        c.close();
      },
    });
    const seen: ImportMessage[] = [];
    await readImportStream(body, (m) => seen.push(m));
    expect(seen).toEqual([{ progress: 1, total: 3 }, { progress: 2, total: 3 }, { result: { total: 3, imported: 3, failed: 0, committed: true, rows: [] } }]);
  });
});

describe('Menu Access letters', () => {
  it('normalises letters: upper case, known ones, in CRUDPO order, each once', () => {
    expect(normaliseLetters('rcxo')).toBe('CRO');
    expect(normaliseLetters('ddu')).toBe('UD');
    expect(normaliseLetters(null)).toBe('');
    expect(lettersById([{ menu_id: 4, name: 'a', title: 'A', permission: 'ur' }])).toEqual({ 4: 'RU' });
  });

  it('switches letters on and off per entry without changing the value given', () => {
    const value = { 7: 'CR' };
    expect(withLetters(value, [['7', 'D', true], ['7', 'C', false], ['8', 'P', true]])).toEqual({ 7: 'RD', 8: 'P' });
    expect(value).toEqual({ 7: 'CR' });
  });

  it('orders entries as a tree: a parent before its children; an unknown or own parent makes a root', () => {
    const e = (menu_id: number, parent_id: number | null): MenuEntry => ({ menu_id, parent_id, name: `m${menu_id}`, title: `M${menu_id}` });
    const rows = treeRows([e(1, null), e(2, 1), e(3, 99), e(4, 2), e(5, 5)]);
    expect(rows.map((r) => [r.entry.menu_id, r.depth])).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
      [3, 0],
      [5, 0],
    ]);
  });
});

describe('the API reference', () => {
  const doc: OpenApi = {
    info: { title: 'ERP', version: '1' },
    paths: {
      '/api/data/store_warehouse': { get: { summary: 'List warehouses', tags: ['stores'] }, post: { summary: 'Create a warehouse', tags: ['stores'] } },
      '/api/data/store_warehouse/{key}': { get: { summary: 'Read one', tags: ['stores'] } },
      '/api/data/{entity}/export': { get: { summary: 'Export any list' } },
      '/api/auth/login': { post: { summary: 'Sign in', security: [] } },
    },
    components: { schemas: {} },
  };

  it('groups the calls by entity under their first tag, the others apart', () => {
    const g = groupOperations(doc, '');
    expect([...g.entities.keys()]).toEqual(['store_warehouse']);
    expect(g.entities.get('store_warehouse')?.tag).toBe('stores');
    expect(g.entities.get('store_warehouse')?.ops.map(([m, p]) => `${m} ${p}`)).toEqual(['get /api/data/store_warehouse', 'post /api/data/store_warehouse', 'get /api/data/store_warehouse/{key}']);
    expect(g.other.map(([m, p]) => `${m} ${p}`)).toEqual(['get /api/data/{entity}/export', 'post /api/auth/login']);
    expect(groupOperations(undefined, '').other).toEqual([]);
  });

  it('narrows by path or summary, case-insensitive', () => {
    const g = groupOperations(doc, 'READ ONE');
    expect(g.entities.get('store_warehouse')?.ops).toHaveLength(1);
    expect(g.other).toEqual([]);
    expect(groupOperations(doc, 'login').entities.size).toBe(0);
  });

  it("names an entity's input schema and reads a data path's entity", () => {
    expect(schemaName('store_warehouse')).toBe('StoreWarehouseInput');
    expect(schemaName('mro_work_order2')).toBe('MroWorkOrder2Input');
    expect(entityOf('/api/data/aircraft/{key}/history')).toBe('aircraft');
    expect(entityOf('/api/data/{entity}')).toBeUndefined();
    expect(entityOf('/api/tasktodo')).toBeUndefined();
  });
});

describe('lookups', () => {
  it('shows a cell as text: empty, Yes/No, a date as DD MMM YYYY, an object as JSON', () => {
    expect(lookupCell({ a: null }, 'a')).toBe('');
    expect(lookupCell({}, 'a')).toBe('');
    expect(lookupCell({ a: false }, 'a')).toBe('No');
    expect(lookupCell({ a: '2026-03-05' }, 'a')).toBe('05 Mar 2026');
    expect(lookupCell({ a: '2026-03-05T10:00:00Z' }, 'a')).toBe('2026-03-05T10:00:00Z');
    expect(lookupCell({ a: { x: 1 } }, 'a')).toBe('{"x":1}');
    expect(lookupCell({ a: 12 }, 'a')).toBe('12');
  });

  it("sends the document's matched values (those it has) and the document for `among`", () => {
    const meta = lookupMetaOf({ type: 'integer', 'x-lookup': { match: { vendor_id: 'vendor', currency: 'curr' }, copy: true, among: 'po_id' } } as RJSFSchema);
    expect(meta?.copy).toBe(true);
    expect(matchQuery(meta, { vendor: 12, curr: '', po_id: 5 })).toEqual({ 'm.vendor_id': '12', among: '5' });
    expect(matchQuery(meta, {})).toEqual({});
    expect(lookupMetaOf({ type: 'integer' })).toBeNull();
    expect(matchQuery(null, { vendor: 12 })).toEqual({});
  });
});

describe('lines and attachments', () => {
  it("starts a new line with the child schema's defaults only", () => {
    expect(newLine({ type: 'object', properties: { qty: { type: 'number', default: 1 }, uom: { type: 'string', default: 'EA' }, note: { type: 'string' } } })).toEqual({ qty: 1, uom: 'EA' });
    expect(newLine({ type: 'object' })).toEqual({});
  });

  it("reads a cell's errors, and a line's own errors with those of fields not shown named by field", () => {
    const errors = { 0: { __errors: ['duplicate line'], qty: { __errors: ['must be more than 0'] }, batch_no: { __errors: ['is required'] } } };
    expect(errorsAt(errors as never, 0, 'qty')).toEqual(['must be more than 0']);
    expect(errorsAt(errors as never, 1, 'qty')).toEqual([]);
    expect(errorsAt(undefined, 0, 'qty')).toEqual([]);
    expect(rowErrors(errors as never, 0, new Set(['qty']))).toEqual(['duplicate line', 'Batch no: is required']);
    expect(rowErrors(errors as never, 2, new Set(['qty']))).toEqual([]);
  });

  it("names an attachment from the record's name fields or its nested file, else nothing", () => {
    expect(nameFromRecord({ cert_filename: 'a.pdf', cert_name: 'b.pdf' }, 'cert')).toBe('a.pdf');
    expect(nameFromRecord({ cert_name: 'b.pdf' }, 'cert')).toBe('b.pdf');
    expect(nameFromRecord({ cert: { filename: 'c.pdf' } }, 'cert')).toBe('c.pdf');
    expect(nameFromRecord({ cert_filename: '' }, 'cert')).toBeUndefined();
  });
});

describe("a form's unsaved edits", () => {
  const schema: RJSFSchema = { type: 'object', properties: { remark: { type: 'string' }, qty: { type: 'number' }, lines: { type: 'array', items: { type: 'object', properties: { part: { type: 'string' } } } } } };

  it('compares what the schema edits, empty text, null and absent alike', () => {
    const loaded = { remark: null, qty: 2, version: 4, lines: [{ part: 'A', line_id: 1 }] };
    expect(changed(schema, loaded, { remark: '', qty: 2, lines: [{ part: 'A' }] })).toBe(false);
    expect(changed(schema, loaded, { qty: 3, lines: [{ part: 'A' }] })).toBe(true);
    expect(changed(schema, loaded, { qty: 2, lines: [{ part: 'B' }] })).toBe(true);
    expect(comparable({ b: '', a: [null, 1] })).toEqual({ a: [undefined, 1] });
  });

  it('checks changed edits against the schema, marks what is wrong and sends them only when changed', async () => {
    const marked: unknown[] = [];
    let cleared = 0;
    let isChanged = true;
    let validation: { errors: RJSFValidationError[]; errorSchema: ErrorSchema } = { errors: [{ name: 'required', property: '.qty', message: 'is required', stack: '' }], errorSchema: { qty: { __errors: ['is required'] } } as unknown as ErrorSchema };
    const edits = unsavedEdits({
      changed: () => isChanged,
      validate: () => validation,
      errors: { clearErrors: () => cleared++, mark: (s) => marked.push(s) },
      onInvalid: () => undefined,
      body: () => ({ qty: 5 }),
      save: async () => true,
    });
    expect(edits.check()).toBe(false);
    expect(marked).toEqual([{ qty: { __errors: ['is required'] } }]);
    validation = { errors: [], errorSchema: {} };
    expect(edits.check()).toBe(true);
    expect(edits.body()).toEqual({ qty: 5 });
    isChanged = false;
    expect(edits.body()).toBeUndefined();
    expect(cleared).toBe(2);
    expect(await edits.saveFirst()).toBe(true);
  });
});

describe("a record's history in words", () => {
  it('shows values as the lists do', () => {
    expect(shown(null)).toBe('—');
    expect(shown(true)).toBe('Yes');
    expect(shown('2026-03-05')).toBe('05 Mar 2026');
    expect(shown('2026-03-05T08:30:00Z')).toBe('05 Mar 2026 08:30');
    expect(shown({ a: 1 })).toBe('{"a":1}');
  });

  it("says the server's fixed verbs and line counts in the reader's language, other titles as they are", () => {
    setLanguage('id');
    expect(verb({ kind: 'created', title: 'Created' })).toBe('Dibuat');
    expect(verb({ kind: 'action', title: 'Sent to workflow' })).toBe('Dikirim ke alur kerja');
    expect(verb({ kind: 'action', title: 'Posted to GL-2026-00012' })).toBe('Diposting ke GL-2026-00012');
    expect(verb({ kind: 'action', title: 'Released' })).toBe('Released');
    expect(counts('2 added, 1 changed, 3 removed')).toBe('2 ditambah, 1 diubah, 3 dihapus');
  });
});

describe('a requisition line and the error message', () => {
  const line = (l: Partial<RequisitionLine>) => l as RequisitionLine;
  it('shows a GL line by its account, an item by part number and name, else its item number', () => {
    expect(masterItem(line({ linetype: 3, glaccount: '6101' }))).toBe('GL 6101');
    expect(masterItem(line({ linetype: 3 }))).toBe('GL Account');
    expect(masterItem(line({ linetype: 1, partnumber: 'P-1', itemname: 'Seal' }))).toBe('P-1 / Seal');
    expect(masterItem(line({ linetype: 1, itemname: 'Seal' }))).toBe('Seal');
    expect(masterItem(line({ linetype: 1, itemno: 'IT-9' }))).toBe('IT-9');
  });

  it("serialises an error as the spec's error message shows it", () => {
    expect(serialise(new Error('boom'))).toBe('{"name":"Error","message":"boom"}');
    expect(serialise({ code: 1 })).toBe('{"code":1}');
    expect(serialise(new ApiError({ statusCode: 404, code: 'ERR_NOT_FOUND', message: 'Not found' }))).toContain('"ERR_NOT_FOUND"');
  });
});

describe('the actions a screen offers', () => {
  const screen: ScreenMeta = {
    kind: 'form',
    module: 'stores',
    route: 'receipt',
    title: 'Receipt',
    permission: 'RU',
    actions: [
      { name: 'post', label: 'Post', letter: 'U', row: true, visibleWhen: { posted: false } },
      { name: 'reverse', label: 'Reverse', letter: 'U', row: true, visibleWhen: { posted: true } },
      { name: 'export', label: 'Export', letter: 'O' },
      { name: 'print', label: 'Print', letter: 'R' },
    ],
  };
  it('offers those the letters allow; on a form only those whose visibleWhen holds for the loaded record', () => {
    expect(visibleActions(screen).map((a) => a.name)).toEqual(['post', 'reverse', 'print']);
    expect(visibleActions(screen, { posted: false }).map((a) => a.name)).toEqual(['post', 'print']);
    expect(visibleActions(screen, { posted: true }).map((a) => a.name)).toEqual(['reverse', 'print']);
    // while the record loads, no conditional action is offered
    expect(visibleActions(screen, null).map((a) => a.name)).toEqual(['print']);
  });
});

describe("a timeline chart's bars", () => {
  const today = Date.parse('2026-03-10T00:00:00Z');
  it('runs each bar from today to its forecast (or from a past one to today), marks the limit, and leaves out rows with neither date', () => {
    const config = chartConfig(
      {
        chart: { kind: 'timeline', label: 'task', date: 'forecast', limit: 'due', status: 'state' },
        rows: [
          { task: 'A', forecast: '2026-03-15', due: '2026-03-20', state: 'OK' },
          { task: 'B', forecast: '2026-03-01', due: null, state: 'OVERDUE' },
          { task: 'C', forecast: null, due: null, state: 'OK' },
        ],
        fields: [{ name: 'state', type: 'enum', values: [{ code: 'OK', label: 'Within limits' }, { code: 'OVERDUE', label: 'Overdue' }] }],
      },
      today,
    );
    expect(config?.type).toBe('bar');
    expect(config?.data.labels).toEqual(['A', 'B']);
    const [bars, marks] = config!.data.datasets;
    expect(bars.data).toEqual([
      [today, today + 5 * DAY],
      [today - 9 * DAY, today],
    ]);
    expect(marks.data).toEqual([{ x: today + 10 * DAY, y: 'A' }]);
    // the axis runs a week past the earliest and the latest date
    const x = (config!.options!.scales as Record<string, { min: number; max: number }>).x;
    expect([x.min, x.max]).toEqual([today - 16 * DAY, today + 17 * DAY]);
    expect(chartConfig({ chart: { kind: 'timeline', date: 'forecast' }, rows: [{ forecast: null }], fields: [] }, today)).toBeNull();
  });
});
