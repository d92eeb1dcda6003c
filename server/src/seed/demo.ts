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
import { demoModules, type DemoRows } from './modules/index.ts';
import { postMaintenanceDemo } from './modules/maintenance-post.ts';
import { periodOf } from '../../../engine/src/crud/numbering.ts';
import { postDemoDocuments, unposted, type PostingIntent } from './posting.ts';
import type { Registry } from '../../../engine/src/metadata/registry.ts';
import { stepApplies, type StepSnapshot } from '../../../engine/src/workflow/engine.ts';
import { rederiveChain } from '../../../plugins/procurement/rederive.ts';

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
  storekeeper: { 'aircraft-logistic': 'CRUPO', 'aircraft-procurement': 'R' },
  purchaser: { 'aircraft-procurement': 'CRUDPO', 'aircraft-logistic': 'R' },
  planner: { 'aircraft-maintenance': 'CRUPO', 'aircraft-logistic': 'R' },
  engineer: { 'aircraft-maintenance': 'RU', 'aircraft-mro': 'CRUP' },
  approver: { 'aircraft-logistic': 'RP', 'aircraft-procurement': 'RP', 'aircraft-maintenance': 'RP', 'aircraft-mro': 'RP' },
  viewer: { 'aircraft-logistic': 'R', 'aircraft-procurement': 'R', 'aircraft-maintenance': 'R', 'aircraft-mro': 'R' },
};

export const ROLE_DESCRIPTIONS: Record<string, string> = {
  administrator: 'Every letter on every menu of the company',
  storekeeper: 'Stores: receipts, issues, transfers and stock reports; reads procurement',
  purchaser: 'Procurement: requests, canvassing, orders, receiving; reads stores',
  planner: 'Maintenance planning: fleet, limits, due lists and work orders; reads stores',
  engineer: 'Maintenance records and MRO work',
  approver: 'Reads and prints every aviation module (approvals arrive as tasks)',
  viewer: 'Reads every aviation module',
};

export interface DemoWorkflowStep {
  step_name: string;
  /** a position (job title) every demo company has a user for (POSITIONS) */
  position: string;
  item_kind?: 'approval' | 'task';
  deadline_hours?: number;
  /** the step applies only when the document's field compares so (docs/workflow.md) */
  when?: { field: string; op: 'gte' | 'gt' | 'lte' | 'lt' | 'eq' | 'ne'; value: string };
}

export interface DemoWorkflow {
  entity: string;
  name: string;
  title: string;
  route: string;
  steps: DemoWorkflowStep[];
}

/**
 * Demo approval workflows, the same in every company. Amount thresholds are in the document's
 * currency (the orders of the demo are in USD).
 */
export const WORKFLOWS: DemoWorkflow[] = [
  { entity: 'material_request', name: 'MR-APPROVAL', title: 'Material request approval', route: 'app.approvalfrm', steps: [{ step_name: 'Technical Director approval', position: 'Technical Director' }] },
  { entity: 'purchase_request', name: 'PR-APPROVAL', title: 'Purchase request approval', route: 'app.approvalfrm', steps: [{ step_name: 'Technical Director approval', position: 'Technical Director' }] },
  { entity: 'canvass_sheet', name: 'CS-APPROVAL', title: 'Canvass sheet (vendor choice) approval', route: 'app.approvalfrm', steps: [{ step_name: 'Procurement Manager approval', position: 'Procurement Manager' }] },
  {
    entity: 'purchase_order',
    name: 'PO-APPROVAL',
    title: 'Purchase order approval',
    route: 'app.approvalfrm',
    steps: [
      { step_name: 'Procurement Manager approval', position: 'Procurement Manager' },
      { step_name: 'Technical Director approval (25,000 and more)', position: 'Technical Director', when: { field: 'total_amount', op: 'gte', value: '25000' } },
      { step_name: 'Finance Director approval (100,000 and more)', position: 'Finance Director', when: { field: 'total_amount', op: 'gte', value: '100000' } },
    ],
  },
  {
    entity: 'receiving',
    name: 'RCV-APPROVAL',
    title: 'Receiving (incoming inspection) approval',
    route: 'app.approvalfrm',
    steps: [
      { step_name: 'Incoming inspection', position: 'Quality Inspector', item_kind: 'task', deadline_hours: 48 },
      { step_name: 'Procurement Manager approval (50,000 and more)', position: 'Procurement Manager', when: { field: 'total_amount', op: 'gte', value: '50000' } },
    ],
  },
];

/** Demo department budgets: [departkd, department, account, name, budget, committed]. */
export const BUDGETS: [string, string, string, string, number, number][] = [
  ['STR', 'Stores', '5101', 'Spare parts and rotables', 1_250_000, 412_350.5],
  ['STR', 'Stores', '5102', 'Consumables and chemicals', 180_000, 66_120],
  ['TEC', 'Technical', '5201', 'Component repairs and overhauls', 2_400_000, 1_184_900],
  ['TEC', 'Technical', '5202', 'Tooling and calibration', 95_000, 31_400],
  ['PLN', 'Maintenance Planning', '5301', 'Heavy maintenance checks', 3_800_000, 1_950_000],
  ['PUR', 'Procurement', '5401', 'Freight and customs', 220_000, 87_640],
];

/** The notification kinds of spec §3 and the routes their bell entries open. */
export const NOTIFICATIONS = [
  { kind: 'TaskCount', notifname: 'Pending Task', router_name: '/approval-list' },
  { kind: 'MrCount', notifname: 'Material Request', router_name: '/aircraft-logistic/mr-list' },
  { kind: 'MrClosedCount', notifname: 'MR Items Closed', router_name: '/aircraft-logistic/mr-list' },
  { kind: 'PrCount', notifname: 'Purchase Request', router_name: '/aircraft-logistic/pr-list' },
  { kind: 'PrRejectedCount', notifname: 'PR Items Rejected', router_name: '/aircraft-logistic/pr-list' },
  { kind: 'RcvCount', notifname: 'UnPosted Receiving', router_name: '/aircraft-procurement/receiving' },
];

interface DemoUser {
  username: string;
  departkd: string;
  depthead?: boolean;
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
  { username: 'admin', departkd: 'IT', full_name: 'System Administrator', jabatan: 'IT Administrator', departemen: 'Information Technology', usergroup: 'admin', password: 'admin123', companies: { GAH: 'administrator', GAT: 'administrator', CTA: 'administrator' }, last: 'GAH' },
  { username: 'storekeeper', departkd: 'STR', full_name: 'Budi Santoso', jabatan: 'Storekeeper', departemen: 'Stores', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAT: 'storekeeper', CTA: 'viewer' }, last: 'GAT' },
  { username: 'purchaser', departkd: 'PUR', full_name: 'Siti Rahmawati', jabatan: 'Purchasing Officer', departemen: 'Procurement', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAT: 'purchaser', CTA: 'viewer' }, last: 'GAT' },
  { username: 'planner', departkd: 'PLN', full_name: 'Andi Wijaya', jabatan: 'Maintenance Planner', departemen: 'Maintenance Planning', usergroup: 'user', password: DEMO_PASSWORD, companies: { CTA: 'planner', GAT: 'viewer' }, last: 'CTA' },
  { username: 'engineer', departkd: 'TEC', full_name: 'Dewi Lestari', jabatan: 'Licensed Aircraft Engineer (B1)', departemen: 'Line Maintenance', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAT: 'engineer', CTA: 'engineer' }, last: 'GAT' },
  { username: 'approver', departkd: 'TEC', depthead: true, full_name: 'Hendra Gunawan', jabatan: 'Technical Director', departemen: 'Technical', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAT: 'approver', CTA: 'approver', GAH: 'approver' }, last: 'GAT' },
  { username: 'cta.admin', departkd: 'IT', full_name: 'Rina Kusuma', jabatan: 'Company Administrator', departemen: 'Information Technology', usergroup: 'admin', password: DEMO_PASSWORD, companies: { CTA: 'administrator' }, last: 'CTA' },
  // the positions the demo workflows assign (WORKFLOWS), in every company
  { username: 'procmanager', departkd: 'PUR', depthead: true, full_name: 'Agus Prasetyo', jabatan: 'Procurement Manager', departemen: 'Procurement', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAH: 'approver', GAT: 'approver', CTA: 'approver' }, last: 'GAT' },
  { username: 'finance', departkd: 'FIN', depthead: true, full_name: 'Maya Sari', jabatan: 'Finance Director', departemen: 'Finance', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAH: 'approver', GAT: 'approver', CTA: 'approver' }, last: 'GAH' },
  { username: 'inspector', departkd: 'QA', full_name: 'Yusuf Hakim', jabatan: 'Quality Inspector', departemen: 'Quality Assurance', usergroup: 'user', password: DEMO_PASSWORD, companies: { GAH: 'approver', GAT: 'approver', CTA: 'approver' }, last: 'GAT' },
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

export async function seedDemo(db: DB, reg: Registry): Promise<void> {
  const info = entityInfo(reg);
  const hashes = new Map<string, string>();
  for (const u of USERS) if (!hashes.has(u.password)) hashes.set(u.password, await hashPassword(u.password));
  await db.transaction().execute(async (tx) => {
    for (const c of COMPANIES) await tx.insertInto('company').values({ ...c, created_by: 'seed' }).execute();
    const menus = await tx.selectFrom('menu').select(['menu_id', 'modulname', 'route']).execute();
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
          departkd: u.departkd,
          depthead: u.depthead ?? false,
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
        const holding = COMPANIES.find((c) => c.compcode === compcode)?.isholding;
        const rows = menus
          .filter((m) => letters[m.modulname as string])
          // prospects' registrations are the holding's business only
          .filter((m) => holding || m.route !== 'company-add')
          .map((m) => ({ compcode, user_id, menu_id: m.menu_id, permission: letters[m.modulname as string], created_by: 'seed' }));
        if (rows.length) await tx.insertInto('user_menu').values(rows).execute();
      }
    }
    // Default roles per company, their letters per menu, and the demo users who hold them.
    const userIds = new Map((await tx.selectFrom('users').select(['user_id', 'username']).execute()).map((u) => [u.username as string, u.user_id as number]));
    for (const { compcode, isholding } of COMPANIES) {
      for (const [roleName, letters] of Object.entries(ROLES)) {
        const { id: roleId } = await tx
          .insertInto('role')
          .values({ compcode, role_name: roleName, description: ROLE_DESCRIPTIONS[roleName] ?? null, created_by: 'seed' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const lines = menus.filter((m) => letters[m.modulname as string] && (isholding || m.route !== 'company-add')).map((m) => ({ compcode, role: roleId, menu_id: m.menu_id, permission: letters[m.modulname as string], created_by: 'seed' }));
        if (lines.length) await tx.insertInto('role_menu').values(lines).execute();
        for (const u of USERS) {
          const userId = userIds.get(u.username);
          if (u.companies[compcode] === roleName && userId !== undefined) await tx.insertInto('role_user').values({ compcode, role: roleId, user_id: userId, created_by: 'seed' }).execute();
        }
      }
      // Approval workflows of the demo, by position: every company has a user in each position.
      for (const { entity, name, title, route, steps } of WORKFLOWS) {
        if (!reg.entities.has(entity)) continue;
        const def = await tx
          .insertInto('wf_definition')
          .values({ compcode, name, title, entity_name: entity, route_name: route, wf_version: 1, active: true, created_by: 'seed' })
          .returning('wftypekey')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('wf_step')
          .values(
            steps.map((st, i) => ({
              compcode,
              wftypekey: def.wftypekey,
              seq: i + 1,
              step_name: st.step_name,
              assign_kind: 'position',
              assign_value: st.position,
              item_kind: st.item_kind ?? 'approval',
              deadline_hours: st.deadline_hours ?? 72,
              condition_field: st.when?.field ?? null,
              condition_op: st.when?.op ?? null,
              condition_value: st.when?.value ?? null,
              created_by: 'seed',
            })),
          )
          .execute();
      }
      await tx
        .insertInto('department_budget')
        .values(
          BUDGETS.map(([departkd, departemen, account_code, account_name, budget_amount, committed_amount]) => ({
            compcode,
            budget_year: new Date().getUTCFullYear(),
            departkd,
            departemen,
            account_code,
            account_name,
            budget_amount,
            committed_amount,
            created_by: 'seed',
          })),
        )
        .execute();
      await tx
        .insertInto('notification_config')
        .values(NOTIFICATIONS.map((n) => ({ compcode, ...n, enabled: true, email_enabled: false, created_by: 'seed' })))
        .execute();
    }
    const postings: PostingIntent[] = [];
    for (const { compcode, entity, rows } of orderChunks([aviationDemo, ...demoModules])) {
      const e = info.get(entity);
      if (!e) throw new Error(`seed: unknown entity ${entity}`);
      for (const demo of rows) {
        // stock documents go in unposted; postDemoDocuments posts them below
        const { row, intents } = unposted(compcode, entity, demo);
        const values = await resolveRefs(tx, info, compcode, row);
        const inserted = await tx.insertInto(e.table).values({ ...values, ...(e.scoped ? { compcode } : {}), created_by: 'seed' }).returning(e.key).executeTakeFirstOrThrow();
        for (const p of intents) postings.push({ ...p, key: Number(inserted[e.key]) });
      }
    }
    await alignNumbering(tx, reg);
    await postDemoDocuments(tx, reg, postings);
    // the chain's derived values (totals, quantities, progress) as its approvals and postings leave them
    if (reg.entities.has('purchase_order')) await rederiveChain(tx, reg);
    await seedWorkflowHistory(tx, reg);
    // maintenance documents are posted through the airworthiness plugin's actions
    await postMaintenanceDemo(tx, reg);
    await tx.insertInto('registration').values(REGISTRATIONS.map((r) => ({ ...r, compemail_name: r.company, compemail_address: [r.compaddr1, r.compaddr2].filter(Boolean).join(' '), status: 'new', created_by: 'registration' }))).execute();
    for (const { compcode } of COMPANIES) {
      const def = await tx.selectFrom('wf_definition').select('wftypekey').where('compcode', '=', compcode).where('name', '=', 'MR-APPROVAL').executeTakeFirst();
      if (!def) continue;
      for (const [departkd, level, username, amount_limit] of FUNCTIONAL_APPROVALS) {
        const uid = userIds.get(username);
        if (uid) await tx.insertInto('wf_functional_approval').values({ compcode, wftypekey: def.wftypekey, departkd, level, approver: uid, amount_limit, active: true, created_by: 'seed' }).execute();
      }
    }
  });
}

interface Chunk {
  compcode: string;
  entity: string;
  rows: Record<string, unknown>[];
}

/**
 * Orders demo rows so that every '@entity:field=value' reference points at rows inserted before:
 * entities are sorted by the references their rows make (a stable topological sort).
 */
export function orderChunks(sets: DemoRows[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const set of sets) for (const [compcode, byEntity] of Object.entries(set)) for (const [entity, rows] of Object.entries(byEntity)) chunks.push({ compcode, entity, rows });
  const deps = new Map<string, Set<string>>();
  const order: string[] = [];
  for (const c of chunks) {
    if (!deps.has(c.entity)) {
      deps.set(c.entity, new Set());
      order.push(c.entity);
    }
    for (const row of c.rows) {
      for (const v of Object.values(row)) {
        const m = typeof v === 'string' ? /^@([a-z0-9_]+):/.exec(v) : null;
        if (m && m[1] !== c.entity) deps.get(c.entity)?.add(m[1]);
      }
    }
  }
  const done = new Set<string>();
  const sorted: string[] = [];
  const visit = (e: string, path: string[]) => {
    if (done.has(e)) return;
    if (path.includes(e)) throw new Error(`seed: circular references ${[...path, e].join(' → ')}`);
    for (const d of deps.get(e) ?? []) if (deps.has(d)) visit(d, [...path, e]);
    done.add(e);
    sorted.push(e);
  };
  for (const e of order) visit(e, []);
  return sorted.flatMap((e) => chunks.filter((c) => c.entity === e));
}

/** A regular expression matching numbers of a numbering format, with groups y, yy, m and seq. */
export function numberPattern(format: string, series: string): RegExp {
  const escape = (t: string) => t.replace(/[.*+?^$()|[\]\\/-]/g, (c) => `\\${c}`);
  const parts = format.split(/(\{[^}]+\})/).filter(Boolean);
  const src = parts
    .map((p) => {
      if (p === '{series}') return escape(series);
      if (p === '{YYYY}') return '(?<y>\\d{4})';
      if (p === '{YY}') return '(?<yy>\\d{2})';
      if (p === '{MM}') return '(?<m>\\d{2})';
      if (/^\{seq(:\d+)?\}$/.test(p)) return '(?<seq>\\d+)';
      return escape(p);
    })
    .join('');
  return new RegExp(`^${src}$`);
}

/** After seeding numbered documents directly, moves each numbering series past the numbers used. */
async function alignNumbering(tx: DB, reg: Registry): Promise<void> {
  for (const e of reg.entities.values()) {
    if (!e.numbering) continue;
    const { field, series, format = '{series}-{YYYY}-{seq:5}' } = e.numbering;
    const rows = await tx.selectFrom(e.table).select(['compcode', field]).execute();
    const pattern = numberPattern(format, series);
    const max = new Map<string, number>();
    for (const r of rows) {
      const m = pattern.exec(String(r[field] ?? ''));
      if (!m?.groups) continue;
      const year = m.groups.y ?? (m.groups.yy ? `20${m.groups.yy}` : '2000');
      const date = new Date(Date.UTC(Number(year), Number(m.groups.m ?? 1) - 1, 1));
      const key = `${String(r.compcode)}|${periodOf(format, date)}`;
      max.set(key, Math.max(max.get(key) ?? 0, Number(m.groups.seq)));
    }
    for (const [key, seq] of max) {
      const [compcode, period] = key.split('|');
      await tx
        .insertInto('sys_number_series')
        .values({ compcode, series, period, last_seq: seq })
        .onConflict((oc) => oc.columns(['compcode', 'series', 'period']).doUpdateSet({ last_seq: seq }))
        .execute();
    }
  }
}

export const REGISTRATIONS = [
  { company: 'PT Kalimantan Air Services', compaddr1: 'Bandara Sepinggan, Jl. Marsma R. Iswahyudi', compaddr2: 'Balikpapan 76115', compphone: '+62 542 766 100', contact_name: 'Rahmat Hidayat', contact_number: '+62 813 5000 7788', compemail: 'ops@kalimantan-air.example', username: 'rahmat.h' },
  { company: 'Sumatra Heli Charter', compaddr1: 'Kualanamu International Airport, GA Hangar 3', compaddr2: 'Deli Serdang 20553', compphone: '+62 61 8888 1200', contact_name: 'Lina Marpaung', contact_number: '+62 812 6000 1122', compemail: 'lina@sumatraheli.example', username: 'lina.m' },
];

/** [departkd, level, approver username, amount limit] for the MR approval of each company. */
export const FUNCTIONAL_APPROVALS: [string, number, string, number][] = [
  ['STR', 1, 'approver', 50_000],
  ['TEC', 1, 'approver', 250_000],
  ['PLN', 1, 'approver', 250_000],
];

/**
 * Demo documents arrive with approval statuses; give each document that is on process, approved or
 * rejected the workflow task and history it would have had, so the approval screens agree with it:
 * every step that applies to it approved in turn (approved), its first step open (on process) or
 * rejected (rejected), each by the company's user in the step's position.
 */
async function seedWorkflowHistory(tx: DB, reg: Registry): Promise<void> {
  const docs: [string, string, string, string, string, string][] = [
    ['material_request', 'requestkey', 'requestno', 'requestdate', 'Material Request', 'requestor'],
    ['purchase_request', 'prkey', 'prno', 'prdate', 'Purchase Request', 'requestor'],
    ['canvass_sheet', 'csheetkey', 'csno', 'csdate', 'Canvass Sheet', 'buyer'],
    ['purchase_order', 'pokey', 'pono', 'podate', 'Purchase Order', 'buyer'],
    ['receiving', 'rcvkey', 'rcvno', 'rcvdate', 'Receiving', 'received_by'],
  ];
  for (const [entity, key, no, date, label, by] of docs) {
    if (!reg.entities.has(entity)) continue;
    const e = reg.entity(entity);
    const rows = await tx.selectFrom(e.table).selectAll().where('statuswf', 'in', ['100', '111', '110']).orderBy(key).execute();
    for (const d of rows) {
      const def = await tx.selectFrom('wf_definition').select(['wftypekey', 'name']).where('compcode', '=', d.compcode as string).where('entity_name', '=', entity).executeTakeFirst();
      if (!def) continue;
      const defined = (await tx
        .selectFrom('wf_step')
        .select(['seq', 'step_name', 'assign_kind', 'assign_value', 'item_kind', 'deadline_hours', 'condition_field', 'condition_op', 'condition_value'])
        .where('wftypekey', '=', def.wftypekey as number)
        .orderBy('seq')
        .execute()) as StepSnapshot[];
      const steps = defined.filter((st) => stepApplies(reg, entity, d, st, String(def.name)));
      const requestor = Number(d[by] ?? 1);
      const sent = new Date(`${String(d[date])}T08:00:00Z`);
      const acted = d.statuswf === '111' ? steps : d.statuswf === '110' ? steps.slice(0, 1) : [];
      const task = await tx
        .insertInto('wf_task')
        .values({
          compcode: d.compcode,
          wftypekey: def.wftypekey,
          wf_version: 1,
          taskname: `${label} ${String(d[no])}`,
          taskdetail: d.remark ? String(d.remark).slice(0, 300) : null,
          entity_name: entity,
          record_key: String(d[key]),
          statuswf: d.statuswf,
          current_step: (acted.at(-1) ?? steps[0]).seq,
          createdby: requestor,
          createdon: sent.toISOString(),
          route_name: 'app.approvalfrm',
          steps_snapshot: JSON.stringify(steps),
          created_by: 'seed',
        })
        .returning('taskkey')
        .executeTakeFirstOrThrow();
      for (const [i, st] of (acted.length ? acted : steps.slice(0, 1)).entries()) {
        const holder = await tx
          .selectFrom('users as u')
          .innerJoin('user_company as uc', 'uc.user_id', 'u.user_id')
          .select('u.user_id')
          .where('uc.compcode', '=', d.compcode as string)
          .where('u.jabatan', '=', String(st.assign_value))
          .executeTakeFirst();
        const assignee = Number(holder?.user_id ?? requestor);
        const done = acted.length > 0;
        const action = d.statuswf === '111' ? (st.item_kind === 'task' ? 'COMPLETED' : 'APPROVED') : 'REJECTED';
        await tx
          .insertInto('wf_assignment')
          .values({
            compcode: d.compcode,
            taskkey: task.taskkey,
            step_seq: st.seq,
            assignee,
            assigndate: new Date(sent.getTime() + i * 5 * 3_600_000).toISOString(),
            deadline: null,
            postponed: false,
            actiontake: done ? action : null,
            action_by: done ? assignee : null,
            message: done ? (action === 'REJECTED' ? 'Rejected: use an exchange unit from the pool' : 'Approved') : null,
            completeddate: done ? new Date(sent.getTime() + (i + 1) * 5 * 3_600_000).toISOString() : null,
            created_by: 'seed',
          })
          .execute();
      }
    }
  }
}

/** Table, key and scoping of each entity. */
function entityInfo(reg: Registry): Map<string, SeedEntityInfo> {
  const out = new Map<string, SeedEntityInfo>();
  for (const e of reg.entities.values()) out.set(e.name, { table: e.table, key: e.key, scoped: e.companyScoped && e.key !== 'compcode' });
  return out;
}
