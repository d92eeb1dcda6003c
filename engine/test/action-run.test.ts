/**
 * `run:` of a screen action (decision 0400): its form and the engine's send/cancel checked by the
 * loader (buildRegistry), its file, export and binding to the registered action by
 * checkActionHandlers with the plugins (the server's start and check:metadata). Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry, MetadataError, type MetadataProblem } from '../src/metadata/loader.ts';
import { checkActionHandlers } from '../src/metadata/action-handlers.ts';
import { PluginHost, type Plugin } from '../src/plugins/host.ts';
import { workflowActions } from '../src/workflow/actions.ts';
import type { Registry } from '../src/metadata/registry.ts';
import { closeOrder, issueCrs } from '../../plugins/maintenance/work-order.ts';
import { plugins as productPlugins } from '../../plugins/index.ts';
import { loadProductMetadata, SHELL_AND_STORES as MODULES } from './metadata-fixture.ts';

/** A warehouse with an approval workflow, its list and form, `actions` on the form and `listActions` on the list; `binList`: a list of bins (no workflow) offering send_bin. */
const tree = (actions: string, listActions = '', binList = false) => `
module: stores
entities:
  - name: warehouse
    title: Warehouse
    workflow: {}
    fields:
      - { name: code, type: string, maxLength: 10, required: true, unique: true }
      - { name: statuswf, type: enum, default: '000', values: [{ code: '000', label: DRAFT }, { code: '100', label: ON PROCESS }, { code: '111', label: APPROVED }, { code: '110', label: REJECTED }] }
  - name: bin
    title: Bin
    fields:
      - { name: label, type: string }
lists:
  - route: warehouse-list
    entity: warehouse
    title: Warehouses
    columns: [code]
    form: warehouse-form
${listActions ? `    actions:\n${listActions}` : ''}
${binList ? BIN_LIST : ''}
forms:
  - route: warehouse-form
    entity: warehouse
    title: Warehouse
    sections: [{ fields: [code] }]
    actions:
${actions}
`;

const BIN_LIST = `  - route: bin-list
    entity: bin
    title: Bins
    columns: [label]
    actions:
      - { name: send_bin, run: engine#send, label: Send, row: true }`;

function load(actions: string, listActions = ''): Registry {
  return buildRegistry([
    { file: 'shell/modules.yaml', text: MODULES },
    { file: 'stores/warehouse.yaml', text: tree(actions, listActions) },
  ]);
}

function loadProblems(text: string): MetadataProblem[] {
  try {
    buildRegistry([
      { file: 'shell/modules.yaml', text: MODULES },
      { file: 'stores/warehouse.yaml', text },
    ]);
  } catch (e) {
    expect(e).toBeInstanceOf(MetadataError);
    return (e as MetadataError).problems;
  }
  return [];
}

/** A plugin that registers `issue_it` on the warehouse, bound to the given function (or none). */
const host = (handler?: (...a: never[]) => unknown): PluginHost => {
  const p: Plugin = { name: 'probe', actions: { issue_it: { entity: 'warehouse', ...(handler ? { handler } : {}), run: async () => ({ success: 1 }) } } };
  return new PluginHost([p]);
};

const ISSUE = (run: string) => `      - { name: issue_it, run: ${run}, label: Issue, row: true }`;

describe('action run: checked at load', () => {
  it('refuses an action without run, naming its file and path', () => {
    const ps = loadProblems(tree('      - { name: issue_it, label: Issue, row: true }'));
    expect(ps).toContainEqual({ file: 'stores/warehouse.yaml', path: '/forms/0/actions/0', reason: "missing required property 'run'" });
  });

  it('refuses a run that is not module/file#export or engine#send/cancel', () => {
    for (const bad of ['issueCrs', 'maintenance/work-order.issueCrs', 'maintenance#issueCrs', 'Maintenance/work-order#issueCrs', 'maintenance/work-order#', 'engine#post']) {
      const ps = loadProblems(tree(ISSUE(bad)));
      expect(ps, bad).toEqual([
        { file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: `'${bad}' is not a function's name: give module/file#export (plugins/<module>/<file>.ts and its exported function, e.g. maintenance/work-order#issueCrs) or engine#send / engine#cancel` },
      ]);
    }
  });

  it("takes engine#send and engine#cancel only for the send_/cancel_ of the screen's entity, which has a workflow", () => {
    const reg = load('      - { name: send_warehouse, run: engine#send, label: Send, row: true }\n      - { name: cancel_warehouse, run: engine#cancel, label: Cancel, row: true }');
    const form = reg.screen('stores', 'warehouse-form');
    expect(form?.kind === 'form' && form.actions.map((a) => a.run)).toEqual(['engine#send', 'engine#cancel']);
    expect(loadProblems(tree('      - { name: cancel_warehouse, run: engine#send, label: Send, row: true }'))).toContainEqual({
      file: 'stores/warehouse.yaml',
      path: '/forms/0/actions/0/run',
      reason: "engine#send is the engine's action send_warehouse of this screen's entity, not 'cancel_warehouse'",
    });
    // bin has no workflow:
    expect(loadProblems(tree('      - { name: send_warehouse, run: engine#send, label: Send, row: true }', '', true))).toEqual([{ file: 'stores/warehouse.yaml', path: '/lists/1/actions/0/run', reason: 'engine#send needs workflow: on entity bin' }]);
  });

  it('refuses two screens naming different functions for one action', () => {
    const ps = loadProblems(tree(ISSUE('maintenance/work-order#issueCrs'), ISSUE('maintenance/work-order#closeOrder')));
    expect(ps).toEqual([{ file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: "'maintenance/work-order#issueCrs' differs from 'maintenance/work-order#closeOrder' that stores/warehouse.yaml (warehouse-list) names for the same action" }]);
  });
});

describe('action run: bound to the registered action (checkActionHandlers)', () => {
  it('passes when the registered action is bound to the very export the run names', async () => {
    expect(await checkActionHandlers(load(ISSUE('maintenance/work-order#issueCrs')), host(issueCrs))).toEqual([]);
  });

  it('refuses a file that does not exist under plugins/', async () => {
    expect(await checkActionHandlers(load(ISSUE('maintenance/no-such-file#issueCrs')), host(issueCrs))).toEqual([
      { file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: 'plugins/maintenance/no-such-file.ts does not exist' },
    ]);
  });

  it('refuses a file that exports no function of that name', async () => {
    expect(await checkActionHandlers(load(ISSUE('maintenance/work-order#issueCrz')), host(issueCrs))).toEqual([
      { file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: "plugins/maintenance/work-order.ts exports no function 'issueCrz'" },
    ]);
    // an export that is not a function (a constant of the file) is no handler either
    expect(await checkActionHandlers(load(ISSUE('stores/documents#STOCK_DOCUMENTS')), host(issueCrs))).toEqual([
      { file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: "plugins/stores/documents.ts exports no function 'STOCK_DOCUMENTS'" },
    ]);
  });

  it('refuses a function that is not the one the registered action is bound to', async () => {
    expect(await checkActionHandlers(load(ISSUE('maintenance/work-order#closeOrder')), host(issueCrs))).toEqual([
      { file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: "the action 'issue_it' is registered bound to issueCrs, not to closeOrder of plugins/maintenance/work-order.ts" },
    ]);
    expect(closeOrder).not.toBe(issueCrs);
  });

  it('refuses a registered action that declares no handler, and an action nobody registers', async () => {
    expect(await checkActionHandlers(load(ISSUE('maintenance/work-order#issueCrs')), host())).toEqual([
      { file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: "the registered action 'issue_it' declares no handler: give it handler: issueCrs (the function its run calls)" },
    ]);
    expect(await checkActionHandlers(load(ISSUE('maintenance/work-order#issueCrs')), new PluginHost([]))).toEqual([
      { file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: "no plugin registers the action 'issue_it'" },
    ]);
  });

  it("checks engine#send against the engine's own send, not a plugin's action of that name", async () => {
    const reg = load('      - { name: send_warehouse, run: engine#send, label: Send, row: true }');
    expect(await checkActionHandlers(reg, new PluginHost([], workflowActions(reg)))).toEqual([]);
    const impostor: Plugin = { name: 'impostor', actions: { send_warehouse: { entity: 'warehouse', handler: issueCrs, run: async () => ({}) } } };
    expect(await checkActionHandlers(reg, new PluginHost([impostor]))).toEqual([
      { file: 'stores/warehouse.yaml', path: '/forms/0/actions/0/run', reason: "the action 'send_warehouse' is registered bound to issueCrs, not to send of engine/src/workflow/actions.ts (ENGINE_HANDLERS.send)" },
    ]);
  });

  it("binds every action of the product's metadata to its function", async () => {
    const reg = await loadProductMetadata();
    expect(await checkActionHandlers(reg, new PluginHost(productPlugins, workflowActions(reg)))).toEqual([]);
  });
});
