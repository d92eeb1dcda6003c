/**
 * Totals of large lists are counted up to a cap past the page (LIST_TOTAL_CAP; 2 here, so the demo's
 * requisitions are "large"): the generic list, a lookup and the §7 material-request lists answer
 * `totalCapped` with the cap, and the exact total once the page is near the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { STARTUP_TIMEOUT } from './support.ts';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await startTestApp({ config: { listTotalCap: 2 } });
  token = (await t.signIn('storekeeper', 'demo1234')).token; // active in GAT
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('capped totals', () => {
  it('count up to the cap past the page, then exactly near the end', async () => {
    const db = t.services.database.db;
    const lines = Number((await db.selectFrom('material_request_line').select((eb) => eb.fn.countAll().as('n')).where('compcode', '=', 'GAT').executeTakeFirstOrThrow()).n);
    const requests = Number((await db.selectFrom('material_request').select((eb) => eb.fn.countAll().as('n')).where('compcode', '=', 'GAT').executeTakeFirstOrThrow()).n);
    expect(lines).toBeGreaterThan(4);
    expect(requests).toBeGreaterThan(3);

    for (const [path, n] of [
      ['/api/data/material_request_line?route=aircraft-logistic/mr-open-lines', lines],
      ['/api/aircraft-mrequest?', lines],
      ['/api/aircraft-mrequest/list?', requests],
    ] as const) {
      const first = await t.call('GET', `${path}&limit=1&page=1`, { token });
      expect(first.status, path).toBe(200);
      expect(first.body.meta, path).toEqual({ total: 2, totalCapped: true, page: 1, limit: 1 });
      expect(first.body.list, path).toHaveLength(1);
      // the last page: everything before it plus the cap reaches past the end, so exact
      const last = await t.call('GET', `${path}&limit=1&page=${n}`, { token });
      expect(last.body.meta, path).toEqual({ total: n, page: n, limit: 1 });
      expect(last.body.list, path).toHaveLength(1);
    }
  });
});
