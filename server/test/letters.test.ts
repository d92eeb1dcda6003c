/**
 * Per-letter access through the generic API, for a sample of screens of every module: without R a
 * list and a read are refused, without U a save, without P a print, without D a delete, without O
 * an export; with the letter each works. Letters are granted by the admin at run time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { hashPassword } from '../../engine/src/auth/passwords.ts';
import type { ListScreenDef } from '../../engine/src/metadata/registry.ts';
import { loose } from '../../engine/src/db/loose.ts';

const COMPANY = 'GAT';
const MODULES = ['admin', 'aircraft-logistic', 'aircraft-procurement', 'aircraft-maintenance', 'aircraft-mro'];

let t: TestApp;
let adminToken = '';
let userToken = '';

async function grant(modulname: string, menu: string, permission: string) {
  const menus = await t.call('GET', `/api/menus/modul/${modulname}/letters.tester`, { token: adminToken });
  expect(menus.status).toBe(200);
  const entry = (menus.body as { menu_id: number; name: string }[]).find((m) => m.name === menu);
  if (!entry) throw new Error(`no menu ${modulname}/${menu}`);
  const r = await t.call('POST', '/api/menus', { token: adminToken, body: { username: 'letters.tester', modulname, menus: [{ menu_id: entry.menu_id, permission }] } });
  expect(r.status).toBe(200);
}

/** Up to two list screens per module with a menu entry of their own and rows in the company. */
async function samples(): Promise<{ module: string; screen: ListScreenDef; key: string | number; version: number }[]> {
  const out: { module: string; screen: ListScreenDef; key: string | number; version: number }[] = [];
  for (const module of MODULES) {
    let n = 0;
    for (const s of t.services.reg.screens.values()) {
      if (n >= 2 || s.module !== module || s.kind !== 'list') continue;
      const e = t.services.reg.entity(s.entity);
      if (e.view || e.system || !e.companyScoped || e.key === 'compcode') continue;
      // a document's line is saved with its document (a posted one refuses it: decision 0260)
      if ([...t.services.reg.entities.values()].some((p) => p.children.some((c) => c.entity === e.name))) continue;
      // only entities shown by this one menu entry (letters on another entry would add up)
      const menus = t.services.reg.menus.filter((m) => m.route && t.services.reg.screen(m.module, m.route)?.kind !== 'home' && (t.services.reg.screen(m.module, m.route) as { entity?: string })?.entity === e.name);
      if (menus.length !== 1 || menus[0].module !== module || menus[0].route !== s.route) continue;
      const row = (await loose(t.services.database.db).selectFrom(e.table).select([e.key, 'version']).where('compcode', '=', COMPANY).orderBy(e.key).limit(1).executeTakeFirst()) as Record<string, unknown> | undefined;
      if (!row) continue;
      out.push({ module, screen: s, key: row[e.key] as string | number, version: row.version as number });
      n++;
    }
  }
  return out;
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.services.database.db;
  const { user_id } = await db
    .insertInto('users')
    .values({ username: 'letters.tester', full_name: 'Letters Tester', usergroup: 'user', active: true, mustchangepw: false, password_hash: await hashPassword('tester-pass-1'), last_compcode: COMPANY })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_company').values({ compcode: COMPANY, user_id }).execute();
  const admin = await t.signIn('admin', 'admin123');
  adminToken = admin.token;
  await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: adminToken, body: { compcode: COMPANY } });
  userToken = (await t.signIn('letters.tester', 'tester-pass-1')).token;
});

afterAll(async () => t?.close());

describe('permission letters on generic endpoints, every module', () => {
  it('has samples in every module', async () => {
    const found = await samples();
    expect(new Set(found.map((f) => f.module))).toEqual(new Set(MODULES));
  });

  it('refuses and allows by letter: R list/read, U save, P print, D delete, O export', async () => {
    for (const { module, screen, key, version } of await samples()) {
      const e = t.services.reg.entity(screen.entity);
      const where = `${module}/${screen.route}`;
      const list = () => t.call('GET', `/api/data/${e.name}?route=${where}`, { token: userToken });
      const read = () => t.call('GET', `/api/data/${e.name}/${key}`, { token: userToken });
      const print = () => t.call('GET', `/api/data/${e.name}/${key}/print`, { token: userToken });
      const exportXlsx = () => t.call('GET', `/api/data/${e.name}/export?route=${where}`, { token: userToken });

      await grant(module, screen.route, '');
      expect((await list()).status, `${where} list without R`).toBe(403);
      expect((await read()).status, `${where} read without R`).toBe(403);
      expect((await t.call('GET', `/api/menus/access/${screen.route}?modul=${module}`, { token: userToken })).body).toEqual({ success: 0 });

      await grant(module, screen.route, 'R');
      expect((await list()).status, `${where} list with R`).toBe(200);
      const current = await read();
      expect(current.status, `${where} read with R`).toBe(200);
      expect((await t.call('GET', `/api/menus/access/${screen.route}?modul=${module}`, { token: userToken })).body).toEqual({ success: 1 });
      const body: Record<string, unknown> = { version };
      for (const f of e.fields) if (!f.hidden && f.type !== 'binary' && current.body.data[f.name] !== undefined) body[f.name] = current.body.data[f.name];
      const put = () => t.call('PUT', `/api/data/${e.name}/${key}`, { token: userToken, body });
      expect((await put()).status, `${where} save without U`).toBe(403);
      expect((await print()).status, `${where} print without P`).toBe(403);
      expect((await exportXlsx()).status, `${where} export without O`).toBe(403);
      expect((await t.call('DELETE', `/api/data/${e.name}/${key}`, { token: userToken })).status, `${where} delete without D`).toBe(403);

      await grant(module, screen.route, 'RUPO');
      const saved = await put();
      expect(saved.status, `${where} save with U: ${JSON.stringify(saved.body)}`).toBe(200);
      expect(saved.body.data.version).toBe(version + 1);
      const printed = await print();
      expect(printed.status, `${where} print with P`).toBe(200);
      expect(String(printed.headers['content-type'])).toContain('text/html');
      expect((await exportXlsx()).status, `${where} export with O`).toBe(200);
      await grant(module, screen.route, '');
    }
  });

  it('posting needs O, not P: read-and-print prints a receipt but cannot post it; read-and-other posts it', async () => {
    const db = t.services.database.db;
    const draft = await db.selectFrom('inventory_receipt').select(['receiptkey', 'receiptno']).where('compcode', '=', COMPANY).where('posted', '=', 0).orderBy('receiptkey').executeTakeFirstOrThrow();
    const post = () => t.call('POST', '/api/data/inventory_receipt/action/post_inventory_receipt', { token: userToken, body: { key: draft.receiptkey } });
    const posted = async () => Number((await db.selectFrom('inventory_receipt').select('posted').where('receiptkey', '=', draft.receiptkey).executeTakeFirstOrThrow()).posted);

    await grant('aircraft-logistic', 'inventory-receipt', 'RP');
    expect((await t.call('GET', `/api/data/inventory_receipt/${draft.receiptkey}/print`, { token: userToken })).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(403);
    expect(await posted()).toBe(0);

    await grant('aircraft-logistic', 'inventory-receipt', 'RO');
    const done = await post();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await posted()).toBe(1);
    // the one runner wrote the action's audit row
    const audit = await db.selectFrom('sys_audit').select(['changes']).where('entity', '=', 'inventory_receipt').where('record_key', '=', String(draft.receiptkey)).where('action', '=', 'action').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });
});

