/**
 * Demo data: a holding with two subsidiaries, users with different letters in different
 * companies (one per default role), and aviation master data for every module.
 *
 *   npm run seed            (into DATA_DIR or DATABASE_URL; refuses when users already exist)
 */
import { sql } from 'kysely';
import type { DB } from '../../../engine/src/db/database.ts';
import { hashPassword } from '../../../engine/src/auth/passwords.ts';
import { aviationDemo } from './demo-aviation.ts';

export const DEMO_PASSWORD = 'demo1234';

export const COMPANIES = [
  {
    compcode: 'GAH',
    company: 'Garuda Aero Holding',
    compaddr1: 'Jl. Kebon Sirih No. 46',
    compaddr2: 'Menteng',
    compaddr3: 'Jakarta Pusat 10110, Indonesia',
    PhoneNo: '+62 21 2351 9999',
    compfax: '+62 21 2351 9998',
    compemail: 'info@garuda-aero.example',
    compwebsite: 'https://garuda-aero.example',
    compcolor: '#1f4e79',
    holding: 'GAH',
    isholding: true,
    matauang: 'USD',
    cashinflowNo: '110-01',
    cashinflowNm: 'Bank Mandiri USD',
    ad_primary: 'DGCA',
    tglaktif: '2026-11-01',
    tglkoran: '2026-11-01',
  },
  {
    compcode: 'GAT',
    company: 'Garuda Aero Technics',
    compaddr1: 'Soekarno-Hatta International Airport',
    compaddr2: 'Hangar 4, Tangerang',
    compaddr3: 'Banten 15125, Indonesia',
    PhoneNo: '+62 21 550 8609',
    compfax: '+62 21 550 8610',
    compemail: 'mro@gat.example',
    compwebsite: 'https://gat.example',
    compcolor: '#0f6e5a',
    holding: 'GAH',
    isholding: false,
    matauang: 'USD',
    ad_primary: 'EASA',
    consumable_inveCatg: 'CONS',
    insp_group_overhaul: 'OH',
    insp_group_timelimit: 'HT',
    tglaktif: '2026-11-01',
    tglkoran: '2026-11-01',
  },
  {
    compcode: 'CTA',
    company: 'Citra Aviation',
    compaddr1: 'Juanda International Airport',
    compaddr2: 'Jl. Raya Juanda, Sidoarjo',
    compaddr3: 'Jawa Timur 61253, Indonesia',
    PhoneNo: '+62 31 298 6000',
    compemail: 'ops@citra-aviation.example',
    compwebsite: 'https://citra-aviation.example',
    compcolor: '#8a1c2b',
    holding: 'GAH',
    isholding: false,
    matauang: 'IDR',
    ad_primary: 'DGCA',
    consumable_inveCatg: 'CONS',
    insp_group_overhaul: 'OH',
    insp_group_timelimit: 'HT',
    remain_pc_due: 10,
    remain_day_due: 30,
    tglaktif: '2026-11-01',
    tglkoran: '2026-11-01',
  },
];

/** Default roles: letters per module (applied to every menu entry of the module). */
export const ROLES: Record<string, Record<string, string>> = {
  administrator: { admin: 'CRUDPO', 'aircraft-logistic': 'CRUDPO', 'aircraft-procurement': 'CRUDPO', 'aircraft-maintenance': 'CRUDPO', 'aircraft-mro': 'CRUDPO' },
  storekeeper: { 'aircraft-logistic': 'CRUP', 'aircraft-procurement': 'R' },
  purchaser: { 'aircraft-procurement': 'CRUDPO', 'aircraft-logistic': 'R' },
  planner: { 'aircraft-maintenance': 'CRUPO', 'aircraft-logistic': 'R' },
  engineer: { 'aircraft-maintenance': 'RU', 'aircraft-mro': 'CRUP' },
  approver: { 'aircraft-logistic': 'RP', 'aircraft-procurement': 'RP', 'aircraft-maintenance': 'RP', 'aircraft-mro': 'RP' },
  viewer: { 'aircraft-logistic': 'R', 'aircraft-procurement': 'R', 'aircraft-maintenance': 'R', 'aircraft-mro': 'R' },
};

interface DemoUser {
  username: string;
  full_name: string;
  jabatan: string;
  departemen: string;
  usergroup: 'admin' | 'user';
  password: string;
  /** compcode → role */
  companies: Record<string, keyof typeof ROLES>;
  last: string;
}

export const USERS: DemoUser[] = [
  { username: 'admin', full_name: 'System Administrator', jabatan: 'IT Administrator', departemen: 'Information Technology', usergroup: 'admin', password: 'admin123', companies: { GAH: 'administrator', GAT: 'administrator', CTA: 'administrator' }, last: 'GAH' },
  { username: 'storekeeper', full_name: 'Budi Santoso', jabatan: 'Storekeeper', departemen: 'Stores', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAT: 'storekeeper', CTA: 'viewer' }, last: 'GAT' },
  { username: 'purchaser', full_name: 'Siti Rahmawati', jabatan: 'Purchasing Officer', departemen: 'Procurement', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAT: 'purchaser', CTA: 'viewer' }, last: 'GAT' },
  { username: 'planner', full_name: 'Andi Wijaya', jabatan: 'Maintenance Planner', departemen: 'Maintenance Planning', usergroup: 'user', password: DEMO_PASSWORD, companies: { CTA: 'planner', GAT: 'viewer' }, last: 'CTA' },
  { username: 'engineer', full_name: 'Dewi Lestari', jabatan: 'Licensed Aircraft Engineer (B1)', departemen: 'Line Maintenance', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAT: 'engineer', CTA: 'engineer' }, last: 'GAT' },
  { username: 'approver', full_name: 'Hendra Gunawan', jabatan: 'Technical Director', departemen: 'Technical', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAT: 'approver', CTA: 'approver' }, last: 'GAT' },
  { username: 'cta.admin', full_name: 'Rina Kusuma', jabatan: 'Company Administrator', departemen: 'Information Technology', usergroup: 'admin', password: DEMO_PASSWORD, companies: { CTA: 'administrator' }, last: 'CTA' },
];

export async function hasUsers(db: DB): Promise<boolean> {
  const r = await db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(r?.n ?? 0) > 0;
}

/** Resolves '@entity:field=value' references to the key of the matching row. */
async function resolveRefs(tx: DB, reg: Map<string, { table: string; key: string; scoped: boolean }>, compcode: string, row: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const m = typeof v === 'string' ? /^@([a-z0-9_]+):([A-Za-z0-9_]+)=(.*)$/.exec(v) : null;
    if (!m) {
      out[k] = v;
      continue;
    }
    const target = reg.get(m[1]);
    if (!target) throw new Error(`seed: unknown entity in reference ${v}`);
    let q = tx.selectFrom(target.table).select(target.key).where(m[2], '=', m[3]);
    if (target.scoped) q = q.where('compcode', '=', compcode);
    const found = await q.executeTakeFirst();
    if (!found) throw new Error(`seed: ${v} not found (company ${compcode})`);
    out[k] = found[target.key];
  }
  return out;
}

export interface SeedEntityInfo {
  table: string;
  key: string;
  scoped: boolean;
}

export async function seedDemo(db: DB, entities?: Map<string, SeedEntityInfo>): Promise<void> {
  const info = entities ?? (await entityInfo(db));
  const hashes = new Map<string, string>();
  for (const u of USERS) if (!hashes.has(u.password)) hashes.set(u.password, await hashPassword(u.password));
  await db.transaction().execute(async (tx) => {
    for (const c of COMPANIES) await tx.insertInto('company').values({ ...c, created_by: 'seed' }).execute();
    const menus = await tx.selectFrom('menu').select(['menu_id', 'modulname']).execute();
    for (const u of USERS) {
      const { user_id } = await tx
        .insertInto('users')
        .values({
          username: u.username,
          full_name: u.full_name,
          email: `${u.username.replace('.', '_')}@aero-demo.example`,
          mobile: '+62 811 0000 000',
          jabatan: u.jabatan,
          departemen: u.departemen,
          usergroup: u.usergroup,
          active: true,
          password_hash: hashes.get(u.password),
          mustchangepw: false,
          last_compcode: u.last,
          crewnik: `EMP${String(1000 + USERS.indexOf(u))}`,
          created_by: 'seed',
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      for (const [compcode, role] of Object.entries(u.companies)) {
        await tx.insertInto('user_company').values({ compcode, user_id, created_by: 'seed' }).execute();
        const letters = ROLES[role];
        const rows = menus
          .filter((m) => letters[m.modulname as string])
          .map((m) => ({ compcode, user_id, menu_id: m.menu_id, permission: letters[m.modulname as string], created_by: 'seed' }));
        if (rows.length) await tx.insertInto('user_menu').values(rows).execute();
      }
    }
    for (const [compcode, byEntity] of Object.entries(aviationDemo)) {
      for (const [entity, rows] of Object.entries(byEntity)) {
        const e = info.get(entity);
        if (!e) throw new Error(`seed: unknown entity ${entity}`);
        for (const row of rows) {
          const values = await resolveRefs(tx, info, compcode, row);
          await tx.insertInto(e.table).values({ ...values, ...(e.scoped ? { compcode } : {}), created_by: 'seed' }).execute();
        }
      }
    }
  });
}

/** Table, key and scoping of each entity, from the recorded schema (no metadata load needed). */
async function entityInfo(db: DB): Promise<Map<string, SeedEntityInfo>> {
  const row = await db.selectFrom('_migrations').select('schema_json').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const schema = JSON.parse(row.schema_json as string) as { tables: Record<string, { entity: string; columns: { name: string; primaryKey?: boolean }[] }> };
  const out = new Map<string, SeedEntityInfo>();
  for (const [table, t] of Object.entries(schema.tables)) {
    out.set(t.entity, {
      table,
      key: t.columns.find((c) => c.primaryKey)?.name ?? 'id',
      scoped: t.columns.some((c) => c.name === 'compcode' && !c.primaryKey),
    });
  }
  return out;
}
