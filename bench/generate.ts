/**
 * Data at scale for the benchmarks: a large MRO (Garuda Aero Technics, GAT) on top of the demo
 * data, in a database migrated and demo-seeded by the app's own code (createServices + seedDemo).
 *
 *   npm run bench:data -- --scale 1 --db postgres://postgres@127.0.0.1:5432/aero_bench
 *   npm run bench:data -- --scale 0.02 --pglite .tmp/bench-pglite
 *
 * At scale 1: 200 users (GAT, letters on every aircraft-logistic menu), 50 aircraft with 3,000
 * tracked components each (fleet_component, when the maintenance metadata has it), 100,000 material
 * requests and 1,000,040 request lines (1 to 19 lines per request, 10 on average, plus one request
 * of exactly 50 lines for the print benchmark, work order WO-BENCH-PRINT). --scale multiplies the
 * documents and the components per aircraft; users and aircraft stay at 200 and 50.
 *
 * Deterministic: every value comes from a counter-based PRNG, PostgreSQL's seeded 64-bit hash
 * `hashint8extended(row number, seed + column salt)` (stable across versions and platforms, it
 * is what hash partitioning relies on), so the same --seed and --scale give the same rows on
 * PostgreSQL and PGlite. Rows are written by `insert … select … from generate_series(…)` in
 * batches (no COPY), then the tables are vacuumed and analysed (the state autovacuum reaches).
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { DB } from '../engine/src/db/database.ts';
import type { EntityDef, Registry } from '../engine/src/metadata/registry.ts';
import { hashPassword } from '../engine/src/auth/passwords.ts';
import type { Services } from '../server/src/services.ts';
import { flagNumber, flagString, log, parseFlags } from './lib/report.ts';
import { databaseVersion, defaultTarget, describeTarget, ensurePgDatabase, openServices, targetFromFlags, type Target } from './lib/target.ts';

export const COMPANY = 'GAT';
export const BENCH_USER = 'gat.user001';
export const BENCH_PASSWORD = 'bench1234';
export const PRINT_WORKORDER = 'WO-BENCH-PRINT';
export const PRINT_LINES = 50;
export const FULL = { users: 200, aircraft: 50, componentsPerAircraft: 3000, documents: 100_000, linesPerDocument: 10 };
/** Request dates run from START to END, in document order (older documents have smaller keys). */
export const START_DATE = '2020-01-02';
export const END_DATE = '2026-10-31';
const SEQ_BASE = 100_000;

export interface GenerateOptions {
  scale: number;
  seed: number;
}

export interface BenchData {
  users: number;
  aircraft: number;
  components: number;
  documents: number;
  lines: number;
  printKey: number | null;
}

export interface PartTiming {
  part: string;
  rows: number;
  ms: number;
}

const lit = (s: string | null) => (s === null ? 'null' : `'${s.replace(/'/g, "''")}'`);
const arr = (values: (string | number | null)[]) => `(ARRAY[${values.map((v) => (typeof v === 'number' ? String(v) : lit(v))).join(',')}])`;
const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** What is already generated in the database (zero documents: nothing). */
export async function benchData(db: DB, reg: Registry): Promise<BenchData> {
  const count = async (table: string, where: string) => {
    const r = await sql.raw<{ n: number }>(`select count(*)::bigint as n from ${table} where ${where}`).execute(db);
    return Number(r.rows[0]?.n ?? 0);
  };
  const hasComponents = reg.entities.has('fleet_component');
  const print = await sql
    .raw<{ k: number }>(`select requestkey as k from material_request where compcode = '${COMPANY}' and workorder_no = '${PRINT_WORKORDER}' limit 1`)
    .execute(db);
  return {
    users: await count('users', `username like 'gat.user%'`),
    aircraft: await count('aircraft', `compcode = '${COMPANY}' and created_by = 'bench'`),
    components: hasComponents ? await count('fleet_component', `compcode = '${COMPANY}' and created_by = 'bench'`) : 0,
    documents: await count('material_request', `compcode = '${COMPANY}' and created_by = 'bench'`),
    lines: await count('material_request_line', `compcode = '${COMPANY}' and created_by = 'bench'`),
    printKey: print.rows[0] ? Number(print.rows[0].k) : null,
  };
}

/**
 * `insert into <entity table> (cols) select <exprs> <from>`: fields the current metadata no longer
 * has are left out, and a required field without default that is not given stops the run with its
 * name (the metadata changes under the benchmarks).
 */
function insertSelect(e: EntityDef, values: Record<string, string>, from: string): string {
  const standard = new Set(['compcode', 'created_at', 'created_by']);
  const known = new Set([...e.fields.map((f) => f.name), ...(e.companyScoped ? ['compcode'] : []), 'created_at', 'created_by']);
  const missing = e.fields.filter((f) => f.required && f.default === undefined && !(f.name in values)).map((f) => f.name);
  if (missing.length) throw new Error(`bench/generate: ${e.name} now requires ${missing.join(', ')}; add them to bench/generate.ts`);
  const cols = Object.keys(values).filter((c) => known.has(c) || standard.has(c));
  return `insert into ${e.table} (${cols.map((c) => `"${c}"`).join(', ')}) select ${cols.map((c) => values[c]).join(', ')} ${from}`;
}

export async function generate(s: Services, opts: GenerateOptions): Promise<{ data: BenchData; timings: PartTiming[] }> {
  const db = s.database.db;
  const reg = s.reg;
  const existing = await benchData(db, reg);
  if (existing.documents > 0) {
    log(`benchmark data already present (${existing.documents} documents, ${existing.lines} lines); drop the database to generate again`);
    return { data: existing, timings: [] };
  }
  const seed = Math.trunc(opts.seed) * 1000;
  /** A uniform integer in [0, 1,000,000) for row `x` and column `salt`. */
  const R = (x: string, salt: number) => `((hashint8extended((${x})::bigint, ${seed + salt}) % 1000000 + 1000000) % 1000000)::int`;
  const pick = (values: (string | number | null)[], x: string, salt: number) => `${arr(values)}[1 + ${R(x, salt)} % ${values.length}]`;
  // Everything but the final vacuum in one transaction: a failed run leaves nothing behind.
  let conn: DB = db;
  const run = (text: string) => sql.raw(text).execute(conn);
  const timings: PartTiming[] = [];
  const part = async (name: string, fn: () => Promise<number>) => {
    const t0 = performance.now();
    const rows = await fn();
    const t = { part: name, rows, ms: performance.now() - t0 };
    timings.push(t);
    log(`${name}: ${rows.toLocaleString('en-US')} rows in ${(t.ms / 1000).toFixed(1)} s`);
  };
  const documents = Math.max(10, Math.round(FULL.documents * opts.scale));
  const componentsPerAircraft = Math.max(10, Math.round(FULL.componentsPerAircraft * opts.scale));
  const scoped = (name: string) => reg.entity(name).companyScoped;
  const inCompany = (name: string) => (scoped(name) ? `compcode = '${COMPANY}'` : 'true');

  await db.transaction().execute(async (tx) => {
    conn = tx;
    // ---- users: 200 GAT staff with letters on every aircraft-logistic menu ----
    const first = ['Agus', 'Budi', 'Citra', 'Dewi', 'Eko', 'Fajar', 'Gita', 'Hadi', 'Indra', 'Joko', 'Kartika', 'Lina', 'Made', 'Nur', 'Oki', 'Putri', 'Rizky', 'Sari', 'Teguh', 'Wahyu'];
    const last = ['Santoso', 'Wijaya', 'Rahmawati', 'Pratama', 'Lestari', 'Hidayat', 'Saputra', 'Kusuma', 'Nugroho', 'Siregar', 'Harahap', 'Simanjuntak', 'Gunawan', 'Putra'];
    const depts: [string, string, string][] = [
      ['STR', 'Stores', 'Storekeeper'],
      ['LMT', 'Line Maintenance', 'Aircraft Maintenance Engineer'],
      ['BMT', 'Base Maintenance', 'Aircraft Technician'],
      ['ENG', 'Engine Shop', 'Engine Technician'],
      ['CMP', 'Component Shop', 'Component Technician'],
      ['PLN', 'Maintenance Planning', 'Planner'],
      ['PUR', 'Procurement', 'Buyer'],
      ['TEC', 'Technical Services', 'Engineer'],
    ];
    await part('users (+ company, letters)', async () => {
      const hash = await hashPassword(BENCH_PASSWORD);
      const u = reg.entity('users');
      const x = 'g';
      const d = `(1 + ${R(x, 3)} % ${depts.length})`;
      await run(
        insertSelect(
          u,
          {
            username: `'gat.user' || lpad(g::text, 3, '0')`,
            full_name: `${pick(first, x, 1)} || ' ' || ${pick(last, x, 2)}`,
            email: `'gat.user' || lpad(g::text, 3, '0') || '@gat.example'`,
            mobile: `'+62 812 ' || lpad((${R(x, 4)} % 10000)::text, 4, '0') || ' ' || lpad(g::text, 4, '0')`,
            jabatan: `${arr(depts.map((z) => z[2]))}[${d}]`,
            departemen: `${arr(depts.map((z) => z[1]))}[${d}]`,
            departkd: `${arr(depts.map((z) => z[0]))}[${d}]`,
            crewnik: `'GAT' || lpad((10000 + g)::text, 6, '0')`,
            usergroup: `'user'`,
            active: 'true',
            password_hash: lit(hash),
            mustchangepw: 'false',
            last_compcode: lit(COMPANY),
            created_by: `'bench'`,
          },
          `from generate_series(1, ${FULL.users}) g`,
        ),
      );
      await run(`insert into user_company (compcode, user_id, created_by) select '${COMPANY}', user_id, 'bench' from users where username like 'gat.user%'`);
      // gat.user001 holds every letter; the others a storekeeper, viewer, approver or buyer mix.
      const perm = `case when u.username = '${BENCH_USER}' then 'CRUDPO' else ${pick(['CRUPO', 'CRUPO', 'CRUPO', 'CRUPO', 'R', 'R', 'R', 'RP', 'RP', 'CRUDPO'], 'u.user_id', 5)} end`;
      await run(
        `insert into user_menu (compcode, user_id, menu_id, permission, created_by)
         select '${COMPANY}', u.user_id, m.menu_id, ${perm}, 'bench' from users u cross join menu m
         where u.username like 'gat.user%' and m.modulname = 'aircraft-logistic'`,
      );
      return FULL.users;
    });
    const userIds = (await sql.raw<{ id: number }>(`select user_id as id from users where username like 'gat.user%' order by user_id`).execute(conn)).rows.map((r) => Number(r.id));

    // ---- aircraft and their tracked components ----
    const registrations: string[] = [];
    for (let i = 0; i < FULL.aircraft; i++) registrations.push(`PK-Y${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`);
    await part('aircraft', async () => {
      const types = (await sql.raw<{ id: number }>(`select aircraft_type_id as id from aircraft_type where ${inCompany('aircraft_type')} order by aircraft_type_id`).execute(conn)).rows.map((r) => Number(r.id));
      if (types.length === 0) throw new Error(`bench/generate: the demo data has no aircraft types in ${COMPANY}`);
      const x = 'g';
      await run(
        insertSelect(
          reg.entity('aircraft'),
          {
            compcode: lit(COMPANY),
            registration: `${arr(registrations)}[g]`,
            aircraft_type: `${arr(types)}[1 + (g - 1) % ${types.length}]`,
            msn: `(30000 + g * 37)::text`,
            manufacture_date: `date '2008-01-15' + (${R(x, 41)} % 5000)`,
            delivery_date: `date '2008-03-01' + (${R(x, 41)} % 5000)`,
            home_base: pick(['CGK', 'CGK', 'SUB', 'DPS', 'KNO', 'UPG'], x, 42),
            ownership: pick(['OWNED', 'FINLEASE', 'OPLEASE', 'OPLEASE'], x, 43),
            total_fh: `600000 + ${R(x, 44)}`,
            total_fc: `8000 + ${R(x, 45)} % 20000`,
            totals_as_of: `date '${END_DATE}'`,
            status: `case when ${R(x, 46)} < 60000 then 'MAINT' else 'ACTIVE' end`,
            created_by: `'bench'`,
          },
          `from generate_series(1, ${FULL.aircraft}) g`,
        ),
      );
      return FULL.aircraft;
    });
    if (reg.entities.has('fleet_component')) {
      const catalog: [string, string, string][] = [
        ['CFM56-7B26', 'Engine', 'ENGINE'], ['131-9B', 'APU', 'APU'], ['340-1001-01', 'Fan disk stage 1', 'LLP'], ['340-1002-03', 'HPT disk stage 1', 'LLP'],
        ['161A1100-25', 'Main landing gear', 'LG'], ['162A1100-11', 'Nose landing gear', 'LG'], ['2117148-3', 'Starter', 'ROTABLE'], ['766327', 'Fuel pump', 'ROTABLE'],
        ['3214552-2', 'Air cycle machine', 'ROTABLE'], ['822-1338-002', 'VHF transceiver', 'ROTABLE'], ['066-50008-0101', 'Transponder', 'ROTABLE'], ['2587335-11', 'Brake assembly', 'ROTABLE'],
        ['C20234000', 'Main wheel', 'ROTABLE'], ['10-62179-1', 'Hydraulic pump EDP', 'ROTABLE'], ['738320', 'Generator IDG', 'ROTABLE'], ['3291194-4', 'Bleed valve', 'ROTABLE'],
        ['AE2802-02', 'Weather radar R/T', 'ROTABLE'], ['HG2050AD01', 'IRU', 'ROTABLE'], ['4001-2', 'Flight data recorder', 'ROTABLE'], ['S1820-1', 'Cockpit voice recorder', 'ROTABLE'],
        ['PW127M', 'Turboprop engine', 'ENGINE'], ['568F-1', 'Propeller assembly', 'PROPELLER'], ['D23189000-7', 'Gear retraction actuator', 'ROTABLE'], ['114A3000-1', 'Flap actuator', 'ROTABLE'],
      ];
      const positions = ['LH', 'RH', 'NLG', 'MLG LH', 'MLG RH', 'ENG 1', 'ENG 2', 'APU', 'E&E BAY', 'FWD CARGO', 'AFT GALLEY', null];
      await part('fleet components', async () => {
        const x = `a.aircraft_id * 100000 + c`;
        const k = `(1 + ${R(x, 31)} % ${catalog.length})`;
        await run(
          insertSelect(
            reg.entity('fleet_component'),
            {
              compcode: lit(COMPANY),
              aircraft: 'a.aircraft_id',
              partnumber: `${arr(catalog.map((z) => z[0]))}[${k}]`,
              partname: `${arr(catalog.map((z) => z[1]))}[${k}]`,
              serial_number: `'S' || a.aircraft_id || '-' || lpad(c::text, 5, '0')`,
              component_class: `${arr(catalog.map((z) => z[2]))}[${k}]`,
              position: pick(positions, x, 32),
              component_status: `'INSTALLED'`,
              manufacture_date: `date '2005-01-01' + (${R(x, 33)} % 5000)`,
              install_date: `date '2012-01-01' + (${R(x, 34)} % 5000)`,
              tsn: `${R(x, 35)} * 2`,
              csn: `${R(x, 35)} / 45`,
              times_known: `${R(x, 36)} >= 20000`,
              times_as_of: `date '${END_DATE}'`,
              is_llp: `${arr(catalog.map((z) => z[2]))}[${k}] = 'LLP'`,
              created_by: `'bench'`,
            },
            `from aircraft a cross join generate_series(1, ${componentsPerAircraft}) c where a.compcode = '${COMPANY}' and a.created_by = 'bench'`,
          ),
        );
        return FULL.aircraft * componentsPerAircraft;
      });
    } else {
      log('fleet_component is not in the metadata: no components generated');
    }

    // ---- material requests and their lines ----
    const span = days(START_DATE, END_DATE);
    const items = (await sql.raw<{ id: number; pn: string; nm: string }>(`select item_id as id, partnumber as pn, itemname as nm from master_item where ${inCompany('master_item')} order by item_id`).execute(conn)).rows;
    if (items.length === 0) throw new Error(`bench/generate: the demo data has no master items in ${COMPANY}`);
    const last1 = documents - 1;
    await part('material requests', async () => {
      const x = 'i';
      const date = `(date '${START_DATE}' + (i::bigint * ${span} / ${documents})::int)`;
      const f = `(i::float8 / ${documents})`; // age: 0 oldest … 1 newest
      const status = `case when ${f} < 0.9 then (case when ${R(x, 9)} < 70000 then '110' else '111' end)
        else ${pick(['000', '000', '000', '100', '100', '100', '100', '111', '111', '110'], x, 9)} end`;
      const batch = 10_000;
      for (let a = 0; a < documents; a += batch) {
        const b = Math.min(documents, a + batch) - 1;
        await run(
          insertSelect(
            reg.entity('material_request'),
            {
              compcode: lit(COMPANY),
              requestno: `'MR-' || to_char(${date}, 'YYYY') || '-' || (${SEQ_BASE} + i)::text`,
              requestdate: date,
              jasa: `case when ${R(x, 1)} < 80000 then 1 else 0 end`,
              requestor: `${arr(userIds)}[1 + ${R(x, 2)} % ${userIds.length}]`,
              department: pick(['Line Maintenance', 'Base Maintenance', 'Engine Shop', 'Component Shop', 'Stores', 'Technical Services', 'Cabin Maintenance', 'Quality Assurance'], x, 3),
              priority: `case when ${R(x, 4)} < 50000 then 'AOG' when ${R(x, 4)} < 200000 then 'WSP' else 'RTN' end`,
              registration: `case when ${R(x, 5)} < 750000 then ${pick(registrations, x, 6)} end`,
              workorder_no: `case when i = ${last1} then '${PRINT_WORKORDER}' when ${R(x, 5)} < 750000 then 'WO-' || to_char(${date}, 'YY') || '-' || lpad((${R(x, 7)} % 99999)::text, 5, '0') end`,
              budgetinfo: `${pick(['5101', '5102', '5201', '5202', '5301'], x, 8)} || '-' || to_char(${date}, 'YYYY')`,
              budgetname: pick(['Spare parts and rotables', 'Consumables and chemicals', 'Component repairs and overhauls', 'Tooling and calibration', 'Heavy maintenance checks'], x, 8),
              expectreceipt: `${date} + 7 + (${R(x, 10)} % 53)`,
              jasafinish: `case when ${R(x, 1)} < 80000 then ${date} + 14 + (${R(x, 11)} % 30) end`,
              locationdeliv: pick(['Hangar 4 Stores CGK', 'Line Station DPS', 'Line Station SUB', 'Engine Shop CGK', 'Component Workshop CGK'], x, 12),
              barter: `case when ${R(x, 13)} < 20000 then 1 else 0 end`,
              matauang: `case when ${R(x, 14)} < 200000 then 'IDR' else 'USD' end`,
              remark: `case when i = ${last1} then 'Benchmark print document (${PRINT_LINES} lines)' when ${R(x, 15)} < 200000 then ${pick(['Required for C-check', 'AOG recovery at outstation', 'Replenish minimum stock', 'Deferred defect rectification', 'Scheduled component change', 'Service bulletin embodiment'], x, 16)} end`,
              statuswf: status,
              progress: `case when (${status}) = '111' then least(4, floor((1 - ${f}) * 40)::int + ${R(x, 17)} % 3) end`,
              created_at: `${date} + make_interval(mins => (${R(x, 18)} % 600)::int + 420)`,
              created_by: `'bench'`,
            },
            `from generate_series(${a}, ${b}) i`,
          ),
        );
      }
      return documents;
    });

    await part('material request lines', async () => {
      const keys = (await sql.raw<{ lo: number; hi: number }>(`select min(requestkey) as lo, max(requestkey) as hi from material_request where compcode = '${COMPANY}' and created_by = 'bench'`).execute(conn)).rows[0];
      const i = `(split_part(r.requestno, '-', 3)::int - ${SEQ_BASE})`;
      // Pairs of documents share 20 lines (10 ± r each), so the total is exact: 10 per document
      // plus the 50-line print document.
      const pairR = `(${R(`${i} / 2`, 20)} % 19 - 9)`;
      const n = `case when ${i} = ${last1} then ${PRINT_LINES} when ${i} % 2 = 0 and ${i} + 1 = ${last1} then 10 when ${i} % 2 = 0 then 10 + ${pairR} else 10 - ${pairR} end`;
      const x = `${i}::bigint * 64 + l`;
      const k = `(1 + ${R(x, 22)} % ${items.length})`;
      const gl = `${R(x, 21)} >= 900000`;
      const open = `case when r.statuswf = '110' then 0 when r.statuswf in ('000', '100') then 1 when coalesce(r.progress, 0) < 4 then (case when ${R(x, 25)} < 850000 then 1 else 0 end) else (case when ${R(x, 25)} < 30000 then 1 else 0 end) end`;
      const batch = 5_000;
      let total = 0;
      for (let a = Number(keys.lo); a <= Number(keys.hi); a += batch) {
        const res = await run(
          insertSelect(
            reg.entity('material_request_line'),
            {
              compcode: lit(COMPANY),
              request: 'r.requestkey',
              lineref: `r.requestno || '/' || l`,
              linetype: `case when ${gl} then 3 else 1 end`,
              item: `case when ${gl} then null else ${arr(items.map((it) => Number(it.id)))}[${k}] end`,
              partnumber: `case when ${gl} then null else ${arr(items.map((it) => it.pn))}[${k}] end`,
              itemname: `case when ${gl} then null else ${arr(items.map((it) => it.nm))}[${k}] end`,
              iteminfo: `case when not ${gl} and ${R(x, 23)} < 300000 then 'IPC ' || (21 + ${R(x, 23)} % 60) || '-' || lpad((${R(x, 24)} % 60)::text, 2, '0') || ' fig. ' || (1 + ${R(x, 24)} % 20) || ' item ' || (10 + ${R(x, 23)} % 90) end`,
              glaccount: `case when ${gl} then ${pick(['6101-001', '6102-004', '6205-010', '6301-002'], x, 26)} end`,
              description: `case when ${gl} then ${pick(['Freight and handling', 'Calibration service', 'Chemical disposal', 'Tool rental', 'Customs clearance'], x, 27)} when ${R(x, 28)} < 150000 then ${pick(['Replacement for unserviceable unit', 'Robbery recovery', 'Kit for task card', 'Shelf-life expired, replace'], x, 29)} end`,
              quantity: `case when ${gl} then 1 else 1 + ${R(x, 30)} % 12 end`,
              invunitom: `case when ${gl} then 'LOT' else ${pick(['PCS', 'PCS', 'PCS', 'PCS', 'PCS', 'PCS', 'EA', 'EA', 'SET', 'LTR', 'KG'], x, 31)} end`,
              outstand: open,
              close_reason: `case when (${open}) = 0 then (case when r.statuswf = '110' then 'Request rejected' else ${pick(['Received in full', 'Issued from stock', 'Cancelled by requester', 'Superseded part number'], x, 32)} end) end`,
              created_at: 'r.created_at',
              created_by: `'bench'`,
            },
            `from material_request r cross join lateral generate_series(1, ${n}) l
             where r.requestkey between ${a} and ${a + batch - 1} and r.compcode = '${COMPANY}' and r.created_by = 'bench'`,
          ),
        );
        total += Number(res.numAffectedRows ?? 0);
      }
      return total;
    });

    await part('numbering series (MR)', async () => {
      // The next MR numbered by the app follows the generated ones.
      const r = await run(
        `insert into sys_number_series (compcode, series, period, last_seq)
         select '${COMPANY}', 'MR', split_part(requestno, '-', 2), max(split_part(requestno, '-', 3)::bigint)
         from material_request where compcode = '${COMPANY}' and created_by = 'bench' group by split_part(requestno, '-', 2)
         on conflict (compcode, series, period) do update set last_seq = greatest(sys_number_series.last_seq, excluded.last_seq)`,
      );
      return Number(r.numAffectedRows ?? 0);
    });
  });
  conn = db;

  await part('vacuum + analyze', async () => {
    const tables = ['users', 'user_company', 'user_menu', 'aircraft', 'material_request', 'material_request_line', 'sys_number_series'];
    if (reg.entities.has('fleet_component')) tables.push('fleet_component');
    for (const t of tables) await run(`vacuum (analyze) ${t}`);
    return tables.length;
  });

  return { data: await benchData(db, reg), timings };
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help) {
    console.log(`npm run bench:data -- [--scale 1] [--seed 1] [--db postgres://…/aero_bench | --pglite <dir>]
  Without --db (or BENCH_DATABASE_URL / DATABASE_URL) and --pglite: PostgreSQL aero_bench next to
  BENCH_ADMIN_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), else PGlite in .tmp/bench-pglite,
  the same default as npm run bench. A PostgreSQL database named in --db is created when missing.`);
    return;
  }
  const target: Target = targetFromFlags(flags, { useDatabaseUrl: true }) ?? (await defaultTarget());
  const scale = flagNumber(flags, 'scale', 1);
  const seed = flagNumber(flags, 'seed', 1);
  if (target.kind === 'postgres' && (await ensurePgDatabase(target.url))) log(`created database ${describeTarget(target)}`);
  const t0 = performance.now();
  const s = await openServices(target);
  try {
    log(`${describeTarget(target)} (${await databaseVersion(s)}), migrated and demo-seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; scale ${scale}, seed ${seed}`);
    const { data, timings } = await generate(s, { scale, seed });
    if (timings.length) {
      console.log('\n| part | rows | seconds | rows/s |\n|---|---:|---:|---:|');
      for (const t of timings) console.log(`| ${t.part} | ${t.rows.toLocaleString('en-US')} | ${(t.ms / 1000).toFixed(1)} | ${Math.round(t.rows / (t.ms / 1000)).toLocaleString('en-US')} |`);
      console.log(`| total | | ${(timings.reduce((a, t) => a + t.ms, 0) / 1000).toFixed(1)} | |`);
    }
    console.log(`\n${describeTarget(target)}: ${JSON.stringify(data)}`);
    if (flagString(flags, 'json')) console.log(JSON.stringify({ data, timings }));
  } finally {
    await s.database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
