/**
 * Shared machinery of the reliability suite (docs/reliability.md): the quick/full switch, the route
 * table read from the built Fastify app, a snapshot of every table (to prove that nothing was
 * written), users holding chosen letters, a detector of another company's data in responses,
 * valid bodies generated from entity metadata, and the error-shape check.
 *
 *   const routes = routeTable(t.app);                 // [{ method: 'GET', url: '/api/data/:entity' }, …]
 *   const before = await snapshot(t.services.database.db);
 *   …; expect(diffSnapshots(before, await snapshot(db))).toEqual([]);
 *   const leaks = detector.scan(responseText);          // distinctive strings of CTA found in it
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../engine/src/db/database.ts';
import type { EntityDef, Registry } from '../../engine/src/metadata/registry.ts';
import { receivedOn } from '../../plugins/procurement/quantities.ts';
import { addMonths } from '../../plugins/reliability/rules/reliability.ts';
import { entityJsonSchema, type JsonSchema } from '../../engine/src/metadata/json-schema.ts';
import { hashPassword } from '../../engine/src/auth/passwords.ts';
import { ROOT } from '../../server/src/config.ts';
import type { TestApp } from '../helpers/app.ts';
import { loose } from '../../engine/src/db/loose.ts';

/** RELIABILITY_QUICK=1: the short form for CI (samples instead of every entity, fewer repetitions). */
export const QUICK = process.env.RELIABILITY_QUICK === '1';
export const DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const RESULTS_DIR = join(ROOT, '.tmp', 'reliability');

/** Keeps the figures of a part (cases, timings) for docs/reliability.md; printed as well. */
export function report(part: string, figures: Record<string, unknown>, kind: string = DB_KIND): void {
  const out = { part, db: kind, quick: QUICK, at: new Date().toISOString(), ...figures };
  console.log(`[reliability] ${part} (${kind}${QUICK ? ', quick' : ''}): ${JSON.stringify(figures)}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${part}-${kind}${QUICK ? '-quick' : ''}.json`), JSON.stringify(out, null, 2));
}

// ---------------------------------------------------------------------------------------------
// Route table

export interface RouteDef {
  method: string;
  url: string;
}

/**
 * Every route of the built app, read from Fastify's own route tree (`printRoutes`), so a route added
 * later is tested without editing this suite. Tree lines look like `│   ├── /detail/:key (GET, HEAD)`;
 * a child's segment is appended to its parent's path.
 */
export function routeTable(app: FastifyInstance): RouteDef[] {
  const text = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: RouteDef[] = [];
  for (const line of text.split('\n')) {
    const m = /^([│├└─\s]*?)(?:[├└]── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.round(m[1].replace(/[├└]── $/, '').length / 4);
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + m[2];
    stack[depth] = path;
    stack.length = depth + 1;
    if (m[3]) for (const method of m[3].split(',').map((x) => x.trim())) out.push({ method, url: path });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Snapshot of every table

export type Snapshot = Map<string, string>;

let snapshotSql: string | null = null;

/**
 * Per base table: row count, max(created_at), max(updated_at), sum(version) and max of the first
 * key column: one query (UNION ALL), so it is cheap enough to take around every group of cases.
 */
export async function snapshot(db: DB): Promise<Snapshot> {
  if (!snapshotSql) {
    const cols = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name <> 'rel_write_log' order by c.table_name, c.ordinal_position`.execute(db);
    const byTable = new Map<string, string[]>();
    for (const r of cols.rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
    const parts: string[] = [];
    for (const [table, c] of byTable) {
      const q = (x: string) => `"${x.replace(/"/g, '""')}"`;
      const f = (col: string, expr: string) => (c.includes(col) ? expr : `''`);
      parts.push(
        `select '${table}' as t, count(*)::text || '|' || ${f('created_at', 'coalesce(max(created_at)::text, \'\')')} || '|' || ${f('updated_at', 'coalesce(max(updated_at)::text, \'\')')} || '|' || ${f('version', 'coalesce(sum(version)::text, \'\')')} || '|' || coalesce(max(${q(c[0])}::text), '') as s from ${q(table)}`,
      );
    }
    snapshotSql = parts.join(' union all ');
  }
  const r = await sql.raw<{ t: string; s: string }>(snapshotSql).execute(db);
  return new Map(r.rows.map((x) => [x.t, x.s]));
}

/**
 * A write log for attributing writes to the exact call: an AFTER INSERT/UPDATE/DELETE row trigger
 * on every base table appends (table, operation) to rel_write_log. Installed after seeding on the
 * test database only; the metadata migrations never look at it (they diff recorded schemas).
 * `writeMark()` before a call and `writesSince(mark)` after it name every row written in between,
 * including updates that touch no timestamp or version.
 */
export async function installWriteLog(db: DB): Promise<void> {
  // one statement per query: PGlite refuses several commands in one prepared statement
  await sql.raw('create table if not exists rel_write_log (id bigserial primary key, tbl text not null, op text not null)').execute(db);
  await sql
    .raw(
      `create or replace function rel_log_write() returns trigger language plpgsql as $$
       begin
         insert into rel_write_log (tbl, op) values (TG_TABLE_NAME, TG_OP);
         return null;
       end $$`,
    )
    .execute(db);
  const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rel_write_log'`.execute(db);
  for (const { table_name } of tables.rows) {
    const q = `"${table_name.replace(/"/g, '""')}"`;
    await sql.raw(`drop trigger if exists rel_log_write on ${q}`).execute(db);
    await sql.raw(`create trigger rel_log_write after insert or update or delete on ${q} for each row execute function rel_log_write()`).execute(db);
  }
  snapshotSql = null;
}

export async function writeMark(db: DB): Promise<number> {
  const r = await sql<{ id: string | number | null }>`select max(id) as id from rel_write_log`.execute(db);
  return Number(r.rows[0]?.id ?? 0);
}

/** `table op ×n` for every row written since the mark. */
export async function writesSince(db: DB, mark: number): Promise<string[]> {
  const r = await sql<{ tbl: string; op: string; n: string | number }>`select tbl, op, count(*) as n from rel_write_log where id > ${mark} group by tbl, op order by tbl, op`.execute(db);
  return r.rows.map((x) => `${x.tbl} ${x.op} ×${Number(x.n)}`);
}

/** Tables whose figures differ: `table: before → after`. */
export function diffSnapshots(a: Snapshot, b: Snapshot, ignore: string[] = []): string[] {
  const out: string[] = [];
  for (const [t, v] of a) if (!ignore.includes(t) && b.get(t) !== v) out.push(`${t}: ${v} → ${b.get(t)}`);
  for (const [t, v] of b) if (!a.has(t)) out.push(`${t}: (new) → ${v}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Users

const hashes = new Map<string, Promise<string>>();

/**
 * A user working only in `compcode` with `letters` on every menu entry of every module (a letter
 * set such as 'CRUDPO' or 'RUDPO'). Returns its user_id.
 */
export async function letterUser(t: TestApp, username: string, compcode: string, letters: string, opts: { jabatan?: string; mustchangepw?: boolean; password?: string } = {}): Promise<number> {
  const db = t.services.database.db;
  const pw = opts.password ?? 'reliability-1';
  if (!hashes.has(pw)) hashes.set(pw, hashPassword(pw));
  const { user_id } = await db
    .insertInto('users')
    .values({
      username,
      full_name: `Reliability ${username}`,
      jabatan: opts.jabatan ?? 'Tester',
      usergroup: 'user',
      active: true,
      password_hash: await hashes.get(pw)!,
      mustchangepw: opts.mustchangepw ?? false,
      last_compcode: compcode,
      created_by: 'reliability',
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_company').values({ compcode, user_id, created_by: 'reliability' }).execute();
  if (letters) {
    const menus = await db.selectFrom('menu').select(['menu_id']).execute();
    await db
      .insertInto('user_menu')
      .values(menus.map((m) => ({ compcode, user_id, menu_id: m.menu_id, permission: letters, created_by: 'reliability' })))
      .execute();
  }
  return user_id as number;
}

export const PASSWORD = 'reliability-1';

// ---------------------------------------------------------------------------------------------
// Another company's data in a response

/** Aho–Corasick automaton: finds which of many literal strings occur in a text, in one pass. */
class Needles {
  private readonly next: Map<string, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  private readonly out: string[][] = [[]];
  constructor(words: string[]) {
    for (const w of words) {
      let s = 0;
      for (const ch of w) {
        let n = this.next[s].get(ch);
        if (n === undefined) {
          n = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.out.push([]);
          this.next[s].set(ch, n);
        }
        s = n;
      }
      this.out[s].push(w);
    }
    const queue: number[] = [...this.next[0].values()];
    while (queue.length) {
      const s = queue.shift()!;
      for (const [ch, n] of this.next[s]) {
        queue.push(n);
        let f = this.fail[s];
        while (f && !this.next[f].has(ch)) f = this.fail[f];
        const g = this.next[f].get(ch);
        this.fail[n] = g !== undefined && g !== n ? g : 0;
        this.out[n] = [...this.out[n], ...this.out[this.fail[n]]];
      }
    }
  }
  find(text: string, max = 5): string[] {
    const found = new Set<string>();
    let s = 0;
    for (const ch of text) {
      while (s && !this.next[s].has(ch)) s = this.fail[s];
      s = this.next[s].get(ch) ?? 0;
      for (const w of this.out[s]) {
        found.add(w);
        if (found.size >= max) return [...found];
      }
    }
    return [...found];
  }
}

/**
 * Recognises data of the `foreign` company in a response: every string value (6+ characters) of
 * its rows, and the names of users who work only there, that occurs nowhere in the data of the
 * other companies nor in the metadata (so it can only have come from the foreign company's rows);
 * plus any JSON object carrying `compcode: <foreign>`.
 */
export class LeakDetector {
  private constructor(
    readonly foreign: string,
    private readonly needles: Needles,
    readonly size: number,
  ) {}

  static async build(t: TestApp, foreign: string): Promise<LeakDetector> {
    const db = t.services.database.db;
    const tables = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(db);
    const byTable = new Map<string, { cols: string[]; scoped: boolean }>();
    for (const r of tables.rows) {
      const e = byTable.get(r.table_name) ?? { cols: [], scoped: false };
      if (r.column_name === 'compcode') e.scoped = true;
      if (['character varying', 'text', 'character'].includes(r.data_type) && !['created_by', 'updated_by', 'compcode'].includes(r.column_name)) e.cols.push(r.column_name);
      byTable.set(r.table_name, e);
    }
    const foreignValues = new Set<string>();
    const otherText: string[] = [JSON.stringify([...t.services.reg.entities.values()]), JSON.stringify([...t.services.reg.screens.values()]), JSON.stringify(t.services.reg.menus)];
    for (const [table, { cols, scoped }] of byTable) {
      if (cols.length === 0 || table.startsWith('_') || table.startsWith('sys_')) continue;
      const rows = (await loose(db).selectFrom(table).select([...cols, ...(scoped ? ['compcode'] : [])]).execute()) as Record<string, unknown>[];
      for (const row of rows) {
        const isForeign = scoped && row.compcode === foreign;
        for (const c of cols) {
          const v = row[c];
          if (typeof v !== 'string') continue;
          if (isForeign) {
            if (v.length >= 6) foreignValues.add(v);
          } else otherText.push(v);
        }
      }
    }
    // users working only in the foreign company
    const only = await db
      .selectFrom('users as u')
      .select(['u.username', 'u.full_name', 'u.email'])
      .where((eb) => eb.exists(eb.selectFrom('user_company as uc').select('uc.user_id').whereRef('uc.user_id', '=', 'u.user_id').where('uc.compcode', '=', foreign)))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('user_company as uc').select('uc.user_id').whereRef('uc.user_id', '=', 'u.user_id').where('uc.compcode', '<>', foreign))))
      .execute();
    for (const u of only) for (const v of [u.username, u.full_name, u.email]) if (typeof v === 'string' && v.length >= 6) foreignValues.add(v);
    const others = (await db
      .selectFrom('users as u')
      .select(['u.username', 'u.full_name', 'u.email'])
      .where((eb) => eb.exists(eb.selectFrom('user_company as uc').select('uc.user_id').whereRef('uc.user_id', '=', 'u.user_id').where('uc.compcode', '<>', foreign)))
      .execute()) as Record<string, unknown>[];
    for (const u of others) for (const v of Object.values(u)) if (typeof v === 'string') otherText.push(v);
    const corpus = otherText.join('\u0001');
    const distinctive = [...foreignValues].filter((v) => !corpus.includes(v));
    return new LeakDetector(foreign, new Needles(distinctive), distinctive.length);
  }

  /** Distinctive strings of the foreign company in a text (JSON, HTML, spreadsheet text). */
  scan(text: string): string[] {
    const found = this.needles.find(text);
    const tag = new RegExp(`"compcode"\\s*:\\s*"${this.foreign}"`);
    if (tag.test(text)) found.unshift(`"compcode":"${this.foreign}"`);
    return found;
  }
}

// ---------------------------------------------------------------------------------------------
// Valid bodies from metadata

const today = () => new Date().toISOString().slice(0, 10);
let counter = Date.now() % 1_000_000;

/** A short unique text fitting a maximum length. */
export function uniqueText(max = 255, prefix = 'R'): string {
  counter++;
  const s = `${prefix}${counter.toString(36)}`;
  return s.length <= max ? s : s.slice(s.length - max);
}

/**
 * Builds bodies that pass an entity's JSON Schema (the server's own validator): required fields
 * filled by type, references pointing at rows of the given company (created through the API when
 * none exists), and one line per child collection.
 */
/**
 * Fields a plugin checks against each other, made consistent (required fields alone would repeat
 * one value: a flight's block off, take-off, landing and block on at the same instant are refused).
 */
const CONSISTENT: Record<string, (body: Record<string, unknown>) => void> = {
  flight_log: (b) => {
    const day = today();
    // landings are never fewer than cycles (touch-and-go landings make more)
    Object.assign(b, { block_off: `${day}T00:10:00.000Z`, takeoff: `${day}T00:20:00.000Z`, landing: `${day}T01:20:00.000Z`, block_on: `${day}T01:30:00.000Z`, cycles: 1, landings: 3 });
  },
  // letters of a menu entry are some of C R U D P O, nothing else (plugins/admin-access)
  role_menu: (b) => Object.assign(b, { permission: 'R' }),
  user_menu: (b) => Object.assign(b, { permission: 'R' }),
};

export class BodyFactory {
  private readonly keyCache = new Map<string, string | number | null>();
  constructor(
    private readonly t: TestApp,
    /** company → token of a user holding every letter there */
    private readonly tokens: Record<string, string>,
  ) {}

  get reg(): Registry {
    return this.t.services.reg;
  }

  /** A key of a row of `entity` visible in `compcode`, creating one when there is none. */
  async keyOf(entity: string, compcode: string, depth = 0): Promise<string | number | null> {
    const id = `${entity}@${compcode}`;
    if (this.keyCache.has(id)) return this.keyCache.get(id)!;
    const e = this.reg.entity(entity);
    const db = this.t.services.database.db;
    let key: string | number | null = null;
    if (e.key === 'compcode') key = compcode;
    else if (e.companyVia) {
      const via = this.reg.entity(e.companyVia.entity);
      const r = await loose(db).selectFrom(via.table).select(e.companyVia.field).where('compcode', '=', compcode).orderBy(e.companyVia.field).executeTakeFirst();
      key = (r?.[e.companyVia.field] as number | undefined) ?? null;
    } else {
      let q = loose(db).selectFrom(e.table).select(e.key).orderBy(e.key);
      if (e.companyScoped) q = q.where('compcode', '=', compcode);
      const r = await q.executeTakeFirst();
      key = (r?.[e.key] as string | number | undefined) ?? null;
    }
    if (key === null && depth < 3 && !e.system && !e.view && !e.parent) {
      const made = await this.create(entity, compcode, depth + 1);
      key = made ? (made[e.key] as string | number) : null;
    }
    this.keyCache.set(id, key);
    return key;
  }

  /** A valid body of `entity` for `compcode` (required fields only, plus lines). */
  async valid(entity: string, compcode: string, depth = 0, opts: { lines?: boolean } = {}): Promise<Record<string, unknown>> {
    const e = this.reg.entity(entity);
    const schema = entityJsonSchema(this.reg, e);
    const body: Record<string, unknown> = {};
    for (const name of schema.required ?? []) {
      const v = await this.value(schema.properties?.[name] ?? {}, compcode, depth, name, e);
      if (v !== undefined) body[name] = v;
    }
    if (e.keyType === 'string' && e.key !== 'compcode') body[e.key] = uniqueText(30, 'K');
    if (e.key === 'compcode') body.compcode = compcode;
    CONSISTENT[entity]?.(body);
    if (opts.lines !== false) {
      const siblings = new Set(e.children.map((c) => c.entity));
      for (const c of e.children) {
        // a line pointing at another line of the same document (a quotation for a canvass line)
        // cannot point at a line of this document before it exists: such lines are left out
        if (this.reg.entity(c.entity).fields.some((f) => f.type === 'reference' && f.entity !== c.entity && siblings.has(f.entity ?? ''))) continue;
        const line = await this.valid(c.entity, compcode, depth, { lines: false });
        delete line[c.foreignKey];
        body[c.name] = [line];
      }
    }
    await this.chainRules(entity, compcode, body);
    await this.airworthinessRules(entity, compcode, body);
    return body;
  }

  /**
   * The airworthiness plugin's rules on top of the schema (plugins/airworthiness review.ts,
   * variation.ts): a review lists an aircraft of its directive's type; a variation names a
   * programme task's due item and extends it by one minute.
   */
  private async airworthinessRules(entity: string, compcode: string, body: Record<string, unknown>): Promise<void> {
    const db = this.t.services.database.db;
    if (entity === 'ad_review' || entity === 'sb_review') {
      const ad = entity === 'ad_review';
      const doc = await db
        .selectFrom(ad ? 'aircraft_type_ad' : 'aircraft_type_sb')
        .select('aircraft_type')
        .where(ad ? 'type_ad_id' : 'type_sb_id', '=', Number(body[ad ? 'type_ad' : 'type_sb']))
        .executeTakeFirst();
      const ac = doc
        ? await db.selectFrom('aircraft').select('aircraft_id').where('compcode', '=', compcode).where('aircraft_type', '=', Number(doc.aircraft_type)).orderBy('aircraft_id').executeTakeFirst()
        : undefined;
      const lines = (body.lines as Record<string, unknown>[] | undefined) ?? [];
      body.lines = ac ? lines.slice(0, 1).map((l) => ({ ...l, aircraft: ac.aircraft_id, applicability: 'APPLICABLE' })) : [];
    }
    if (entity === 'staff_authorisation') {
      // an authorisation never names the person who issues it (plugins/maintenance/authorisations.ts)
      const token = this.tokens[compcode];
      const issuer = token ? Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).sub) : 0;
      const other = await db.selectFrom('user_company').select('user_id').where('compcode', '=', compcode).where('user_id', '<>', issuer).orderBy('user_id').executeTakeFirst();
      if (other) body.person = other.user_id;
    }
    if (entity === 'due_variation') {
      const item = await db
        .selectFrom('due_schedule as s')
        .innerJoin('aircraft_type_inspection as i', 'i.type_inspection_id', 's.type_inspection')
        .select('s.due_key')
        .where('s.compcode', '=', compcode)
        .where('s.item_kind', '=', 'INSPECTION')
        .where('i.is_ali', '=', false)
        .where('s.interval_h', '>=', 600)
        .orderBy('s.due_key')
        .executeTakeFirst();
      if (item) Object.assign(body, { due_key: item.due_key, extend_fh: 1 });
    }
    // a reliability report is of a month, written YYYY-MM (plugins/reliability/report.ts)
    if (entity === 'reliability_report') {
      body.period = addMonths('2030-01', this.#months++);
    }
  }
  #months = 0;

  /**
   * The procurement chain's rules (plugins/procurement) on top of the schema: a receiving receives
   * one unit of an open line of an approved order, from that order's vendor, in its item and unit.
   */
  private async chainRules(entity: string, compcode: string, body: Record<string, unknown>): Promise<void> {
    if (entity === 'quotation_defect' || entity === 'quotation_defect_line') return this.defectRules(entity, compcode, body);
    if (entity === 'amo_work_order_labour' || entity === 'amo_work_order' || entity === 'inventory_issue' || entity === 'inventory_issue_line') return this.mroWorkRules(entity, compcode, body);
    if (entity === 'work_order_tool' || entity === 'amo_work_order_tool') return this.toolRules(entity, compcode, body);
    if (entity !== 'receiving' && entity !== 'receiving_line') return;
    const db = this.t.services.database.db;
    const lines = await db
      .selectFrom('purchase_order_line as pl')
      .innerJoin('purchase_order as p', 'p.pokey', 'pl.purchase_order')
      .select(['pl.podtlkey', 'pl.purchase_order', 'pl.item', 'pl.unit', 'pl.quantity', 'pl.qty_cancelled', 'p.vendor'])
      .where('p.compcode', '=', compcode)
      .where('p.statuswf', '=', '111')
      .where('pl.outstand', '=', 1)
      .orderBy('pl.podtlkey')
      .execute();
    const received = await receivedOn(db, lines.map((l) => Number(l.podtlkey)));
    const open = lines.find((l) => Number(l.quantity) - Number(l.qty_cancelled ?? 0) - (received.get(Number(l.podtlkey)) ?? 0) / 100 >= 1);
    if (!open) return;
    const line = { po_line: open.podtlkey, item: open.item, unit: open.unit, quantity: 1 };
    if (entity === 'receiving_line') Object.assign(body, line);
    else Object.assign(body, { purchase_order: open.purchase_order, vendor: open.vendor, lines: (body.lines as Record<string, unknown>[] | undefined)?.map((l) => ({ ...l, ...line })) });
  }

  /**
   * The MRO plugin's rules on hours and parts (plugins/mro/materials.ts, decision 0179): a booking
   * is on a card of its order, an order in work and not held for its credit approval; a new order
   * has no cards yet to book on; an issue is for one work order (its MRO requirement is left out).
   */
  private async mroWorkRules(entity: string, compcode: string, body: Record<string, unknown>): Promise<void> {
    if (entity === 'amo_work_order') {
      body.labour = [];
      return;
    }
    if (entity === 'inventory_issue') {
      delete body.amo_work_order;
      body.lines = (body.lines as Record<string, unknown>[] | undefined)?.map(({ amo_material: _m, ...l }) => l);
      return;
    }
    if (entity === 'inventory_issue_line') {
      delete body.amo_material;
      return;
    }
    const card = await this.t.services.database.db
      .selectFrom('amo_work_order_task as t')
      .innerJoin('amo_work_order as w', 'w.amo_wo_id', 't.amo_work_order')
      .select(['t.amo_task_id', 'w.amo_wo_id'])
      .where('w.compcode', '=', compcode)
      .where('w.status', 'in', ['OPEN', 'INWORK', 'HOLD', 'COMPLETED'])
      .where((eb) => eb.or([eb('w.credit_hold', 'is', null), eb('w.statuswf', '=', '111')]))
      .orderBy('t.amo_task_id')
      .executeTakeFirst();
    if (card) Object.assign(body, { amo_work_order: card.amo_wo_id, task: card.amo_task_id });
  }

  /**
   * The tool rules of a card (plugins/maintenance/tools.ts, decision 0395): a tool line names an
   * open card of its own work order and a serviceable tool whose calibration is not past.
   */
  private async toolRules(entity: string, compcode: string, body: Record<string, unknown>): Promise<void> {
    const db = this.t.services.database.db;
    const card =
      entity === 'work_order_tool'
        ? await db.selectFrom('work_order_task').select(['wo_task_id as task', 'work_order as order']).where('compcode', '=', compcode).where('task_status', 'not in', ['PERFORMED', 'DONE', 'DEFERRED', 'CARRIED', 'NOTDONE']).orderBy('wo_task_id').executeTakeFirst()
        : await db.selectFrom('amo_work_order_task').select(['amo_task_id as task', 'amo_work_order as order']).where('compcode', '=', compcode).where('status', 'not in', ['PERFORMED', 'DONE', 'DEFER', 'CARRIED', 'CANCEL']).orderBy('amo_task_id').executeTakeFirst();
    const tool = await db
      .selectFrom('tool')
      .select('tool_id')
      .where('compcode', '=', compcode)
      .where('tool_status', '=', 'SV')
      .where('calibration_due', '>=', today())
      .orderBy('tool_id')
      .executeTakeFirst();
    if (card) Object.assign(body, { [entity === 'work_order_tool' ? 'work_order' : 'amo_work_order']: card.order, task: card.task });
    if (tool) body.tool = tool.tool_id;
  }

  /**
   * The MRO plugin's rule on a defect quotation (plugins/mro/defects.ts, decision 0175): its
   * findings are of its work order, for the work order's customer and aircraft.
   */
  private async defectRules(entity: string, compcode: string, body: Record<string, unknown>): Promise<void> {
    const db = this.t.services.database.db;
    let q = db
      .selectFrom('amo_defect as d')
      .innerJoin('amo_work_order as w', 'w.amo_wo_id', 'd.amo_work_order')
      .select(['d.amo_defect_id', 'w.amo_wo_id', 'w.amo_customer', 'w.customer_aircraft'])
      .where('d.compcode', '=', compcode)
      .orderBy('d.amo_defect_id');
    if (entity === 'quotation_defect_line' && body.quotation_defect !== undefined) {
      const qd = await db.selectFrom('quotation_defect').select('amo_work_order').where('quotation_defect_id', '=', Number(body.quotation_defect)).executeTakeFirst();
      if (qd) q = q.where('d.amo_work_order', '=', Number(qd.amo_work_order));
    }
    const d = await q.executeTakeFirst();
    if (!d) return;
    if (entity === 'quotation_defect_line') Object.assign(body, { amo_defect: d.amo_defect_id });
    else Object.assign(body, { amo_work_order: d.amo_wo_id, amo_customer: d.amo_customer, customer_aircraft: d.customer_aircraft, lines: (body.lines as Record<string, unknown>[] | undefined)?.map((l) => ({ ...l, amo_defect: d.amo_defect_id })) });
  }

  async value(p: JsonSchema, compcode: string, depth: number, name: string, e: EntityDef): Promise<unknown> {
    const ref = p['x-reference'] as string | undefined;
    if (ref) return (await this.keyOf(ref, compcode, depth)) ?? undefined;
    if (p['x-attachment']) return undefined;
    if (Array.isArray(p.oneOf)) return (p.oneOf as JsonSchema[]).map((o) => o.const).find((c) => c !== null);
    const type = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
    switch (type) {
      case 'string':
        if (p.format === 'date') return today();
        if (p.format === 'date-time') return new Date().toISOString();
        if (name === 'email' || name.endsWith('email')) return `${uniqueText(40, 'r')}@example.com`;
        return uniqueText(p.maxLength ?? 255, e.name === 'users' && name === 'username' ? 'rel.' : 'R');
      case 'integer': {
        const min = typeof p.minimum === 'number' ? p.minimum : 1;
        const max = typeof p.maximum === 'number' ? p.maximum : 1_000_000;
        return Math.min(Math.max(1, min), max);
      }
      case 'number': {
        const min = typeof p.minimum === 'number' ? p.minimum : 1;
        const max = typeof p.maximum === 'number' ? p.maximum : 1_000_000;
        return Math.min(Math.max(1, min), max);
      }
      case 'boolean':
        return true;
      default:
        return undefined;
    }
  }

  /** Creates a row through POST /api/data/:entity as the company's all-letters user. */
  async create(entity: string, compcode: string, depth = 0): Promise<Record<string, unknown> | null> {
    const token = this.tokens[compcode];
    if (!token) return null;
    const body = await this.valid(entity, compcode, depth);
    const r = await this.t.call('POST', `/api/data/${entity}`, { token, body });
    return r.status === 200 ? (r.body.data as Record<string, unknown>) : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Error shape

/** A problem with an error response (status and the `{message, code, statusCode}` shape), or null. */
export function errorShapeProblem(status: number, body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return `status ${status} without a JSON error body`;
  const b = body as Record<string, unknown>;
  if (typeof b.message !== 'string' || !b.message) return `status ${status} without a message`;
  if (b.statusCode !== status) return `statusCode ${String(b.statusCode)} differs from status ${status}`;
  if (typeof b.code !== 'string') return `status ${status} without a code`;
  if (/\b(select|insert into|update \w+ set|delete from)\b|syntax error|violates|relation "/i.test(JSON.stringify(b))) return `SQL text in the error: ${b.message}`;
  return null;
}

/** multipart/form-data payload for inject. */
export function multipart(fields: Record<string, string>, files: { name: string; filename: string; content: Buffer | string; type?: string }[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----reliability${Date.now()}${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'text/plain'}\r\n\r\n`));
    chunks.push(typeof f.content === 'string' ? Buffer.from(f.content) : f.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Entities shown by a list (or report) screen, in registry order. */
export function listedEntities(reg: Registry): EntityDef[] {
  const names = new Set<string>();
  for (const s of reg.screens.values()) if (s.kind === 'list' || s.kind === 'report') names.add(s.entity);
  return [...names].map((n) => reg.entity(n));
}

/** Entities written through a form screen (non-system, not views). */
export function formEntities(reg: Registry): EntityDef[] {
  const names = new Set<string>();
  for (const s of reg.screens.values()) if (s.kind === 'form') names.add(s.entity);
  return [...names].map((n) => reg.entity(n)).filter((e) => !e.system && !e.view);
}

/** A deterministic sample for the quick form: the named entities first, then every n-th other. */
export function sample<T extends { name: string }>(all: T[], must: string[], size: number): T[] {
  if (!QUICK) return all;
  const first = all.filter((e) => must.includes(e.name));
  const rest = all.filter((e) => !must.includes(e.name));
  const step = Math.max(1, Math.floor(rest.length / Math.max(1, size - first.length)));
  return [...first, ...rest.filter((_, i) => i % step === 0).slice(0, Math.max(0, size - first.length))];
}

export function elapsed(start: number): string {
  return `${((Date.now() - start) / 1000).toFixed(1)} s`;
}
