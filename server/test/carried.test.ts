/**
 * What the part is travels with it (issue 37 points 5 and 12, decision 0290): a line written with
 * only its master item gets the item's part number, description and unit from the server, by every
 * path (a form's save, an action carrying lines down the chain, the API); a value typed is kept;
 * an item of another company fills nothing and is refused at its field.
 *
 * Worked by hand: GAT's first item not counted in PCS is X (its partnumber P, itemname N, unit U);
 * the MR line of 3 X gets P / N / N / U, the PR made from it P / N, the canvass line P / N,
 * the quotation line P, the PO line P / N.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { expectError } from './support.ts';

let t: TestApp;
const tok: Record<string, string> = {};
type Row = Record<string, any>;
let X: Row;
let otherItem: Row;

const db = () => t.services.database.db;
async function ok(r: { status: number; body: any }, status = 200) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}
const get = async (entity: string, key: number, who = 'purchaser'): Promise<Row> => (await ok(await t.call('GET', `/api/data/${entity}/${key}`, { token: tok[who] }))).data;
const action = (who: string, entity: string, name: string, body: Record<string, unknown>) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body });

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['storekeeper', 'purchaser']) {
    const s = await t.signIn(u, 'demo1234');
    tok[u] = s.token;
    await ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'GAT' } }));
  }
  X = await db().selectFrom('master_item').selectAll().where('compcode', '=', 'GAT').where('unit', '<>', 'PCS').orderBy('item_id').executeTakeFirstOrThrow() as Row;
  otherItem = await db().selectFrom('master_item').selectAll().where('compcode', '=', 'CTA').orderBy('item_id').executeTakeFirstOrThrow() as Row;
});
afterAll(async () => {
  await t?.close();
});

describe('a master item fills its line', () => {
  it('a material request line with only its item gets part number, name, description and unit; a typed value is kept', async () => {
    const mr = (
      await ok(
        await t.call('POST', '/api/aircraft-mrequest', {
          token: tok.storekeeper,
          body: { jasa: 0, remark: 'carried', lines: [{ linetype: 1, item: X.item_id, quantity: 3 }, { linetype: 1, item: X.item_id, quantity: 1, description: 'As typed' }] },
        }),
      )
    ).data;
    // the item's unit is not PCS; the line's default PCS applies only when the item brings none
    expect(mr.lines.map((l: Row) => [l.partnumber, l.itemname, l.description, l.invunitom])).toEqual([
      [X.partnumber, X.itemname, X.itemname, X.unit],
      [X.partnumber, X.itemname, 'As typed', X.unit],
    ]);
  });

  it('an item of another company fills nothing: the line is refused at its item', async () => {
    const r = await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: { jasa: 0, lines: [{ linetype: 1, item: otherItem.item_id, quantity: 1 }] } });
    expectError(r, 400, 'ERR_VALIDATION');
    expect(JSON.stringify(r.body)).not.toContain(String(otherItem.partnumber));
  });

  it('a line whose item changes takes the new item; one whose item stays keeps what it holds', async () => {
    const other = (await db().selectFrom('master_item').selectAll().where('compcode', '=', 'GAT').where('item_id', '<>', X.item_id).orderBy('item_id').executeTakeFirstOrThrow()) as Row;
    const pr = (await ok(await t.call('POST', '/api/data/purchase_request', { token: tok.purchaser, body: { prdate: '2026-11-20', requestor: (await t.signIn('purchaser', 'demo1234')).user.user_id, pr_type: 'STK', lines: [{ item: X.item_id, description: 'Kept', quantity: 2 }] } }))).data;
    expect(pr.lines.map((l: Row) => [l.partnumber, l.description, l.unit])).toEqual([[X.partnumber, 'Kept', X.unit]]);
    const line = pr.lines[0];
    // the item changes and the part number is cleared: the new item's part number; the description typed stays
    const body = { version: pr.version, prdate: pr.prdate, requestor: pr.requestor, pr_type: pr.pr_type, lines: [{ prdtlkey: line.prdtlkey, item: other.item_id, partnumber: null, description: 'Kept', quantity: 2, unit: line.unit }] };
    const after = (await ok(await t.call('PUT', `/api/data/purchase_request/${pr.prkey}`, { token: tok.purchaser, body }))).data;
    expect(after.lines.map((l: Row) => [l.item, l.partnumber, l.description])).toEqual([[other.item_id, other.partnumber, 'Kept']]);
  });

  it("the chain carries the part: an approved MR's line becomes a PR line with the part's number and name", async () => {
    const sk = await t.signIn('storekeeper', 'demo1234');
    const mr = (await ok(await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: { jasa: 0, remark: 'chain carried', lines: [{ linetype: 1, item: X.item_id, quantity: 3 }] } }))).data;
    // approved as the fixture loader does: through the workflow (the approver of GAT)
    await ok(await action('storekeeper', 'material_request', 'send_material_request', { key: mr.requestkey }));
    const approver = await t.signIn('approver', 'demo1234');
    await ok(await t.call('PUT', `/api/users/ulc/${approver.user.user_id}`, { token: approver.token, body: { compcode: 'GAT' } }));
    const task = await db().selectFrom('wf_task').select('taskkey').where('entity_name', '=', 'material_request').where('record_key', '=', String(mr.requestkey)).executeTakeFirstOrThrow();
    const open = await db().selectFrom('wf_assignment').select('taskassignkey').where('taskkey', '=', task.taskkey as number).where('completeddate', 'is', null).executeTakeFirstOrThrow();
    await ok(await t.call('POST', '/api/tasktodo/doaction', { token: approver.token, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'ok' } }));
    expect(sk.user.user_id).toBeGreaterThan(0);
    const made = await ok(await action('storekeeper', 'material_request', 'pr_from_mr', { key: mr.requestkey }));
    const pr = await get('purchase_request', made.prkey);
    // not "Requested item": the part's own name
    expect(pr.lines.map((l: Row) => [l.partnumber, l.description, l.unit, l.quantity])).toEqual([[X.partnumber, X.itemname, X.unit, 3]]);
  });
});
