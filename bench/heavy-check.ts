/**
 * A heavy check (issue 42 point 1): a work package of 200 and of 2,000 task cards (20 and 200 in
 * --quick; `--cards 200,2000` on any database) worked through the server as the people of the demo's CTA do it — planned from the due
 * list (plan_work_package), sent and approved by the Technical Director, its work pack printed,
 * every card signed as performed and as certified by the engineer (the signature gate: password),
 * the CRS issued with its compliance posted to the due list — each step timed, with how it grows
 * from the small package to the large one, and the server's memory while the work pack prints.
 *
 * Set-up (not timed): the package's programme tasks are copies of the demo's ATR-ENG-01 (skill B1,
 * 4 MH) in an inspection group of their own, and its aircraft a copy of PK-WFD, written with SQL
 * like the rest of the bench data (bench/generate.ts); everything timed goes through HTTP.
 *
 * Signatures sign with the password only (the company's setting, restored after): a second-factor
 * code is spent once per 30-second step (decision 0300), so one person signs at most one card per
 * step with it — a limit of the person, not of the server, and the server's cost is the same.
 */
import pg from 'pg';
import type { BenchContext } from './lib/context.ts';
import { request, rssOf, signIn } from './lib/http.ts';
import { flagString, log, mb, median, ms, num, percentile, printTable, verdict } from './lib/report.ts';
import { DEMO_PASSWORD } from '../server/src/seed/demo.ts';
import { refreshDue } from '../plugins/airworthiness/schedule.ts';
import { openServices } from './lib/target.ts';

const COMPANY = 'CTA';
export const GOAL_PLAN_MS = 3_000;
export const GOAL_PACK_MS = 15_000;
export const GOAL_SIGN_MS = 50;
export const GOAL_CRS_MS = 5_000;

interface Round {
  cards: number;
  plan: number;
  approve: number;
  pack: number;
  packBytes: number;
  packRss: number;
  rssBefore: number;
  sign: number[];
  crs: number;
  posted: number;
}

export async function heavyCheckBenchmark(ctx: BenchContext): Promise<void> {
  if (ctx.target.kind !== 'postgres') {
    log('heavy check: PostgreSQL only (the set-up copies programme tasks with SQL)');
    return;
  }
  const base = ctx.server.base;
  const db = new pg.Client({ connectionString: ctx.target.url });
  await db.connect();
  const q = async <T = Record<string, any>>(text: string, values: unknown[] = []): Promise<T[]> => (await db.query(text, values)).rows as T[];
  const tok: Record<string, string> = {};
  for (const u of ['planner', 'approver', 'engineer']) {
    const s = await signIn(base, u, DEMO_PASSWORD);
    tok[u] = s.token;
    if (s.user.compcode !== COMPANY) {
      const r = await request(`${base}/api/users/ulc/${String(s.user.user_id)}`, { method: 'PUT', token: s.token, body: { compcode: COMPANY } });
      if (r.status !== 200) throw new Error(`switching ${u} to ${COMPANY}: ${r.status}`);
    }
  }
  const call = async (who: string, method: string, path: string, body?: unknown) => {
    const r = await request(`${base}${path}`, { method, token: tok[who], body });
    if (r.status !== 200) throw new Error(`${method} ${path} as ${who} → ${r.status}: ${r.body.toString('utf8').slice(0, 300)}`);
    return r;
  };
  const json = (r: { body: Buffer }) => JSON.parse(r.body.toString('utf8')) as Record<string, any>;
  const [setting] = await q<{ f: boolean }>(`select sign_second_factor as f from company where compcode = $1`, [COMPANY]);
  await q(`update company set sign_second_factor = false where compcode = $1`, [COMPANY]);
  const rounds: Round[] = [];
  try {
    const given = flagString(ctx.flags, 'cards')?.split(',').map(Number).filter((x) => x > 0);
    const sizes = given?.length === 2 ? given : ctx.quick ? [20, 200] : [200, 2_000];
    for (const n of sizes) rounds.push(await round(n));
  } finally {
    await q(`update company set sign_second_factor = $2 where compcode = $1`, [COMPANY, setting?.f ?? true]);
    await db.end();
  }

  /** The columns a copy writes: all but the key (identity) and the standard columns with defaults. */
  async function columns(table: string): Promise<string[]> {
    return (await q<{ c: string }>(`select column_name as c from information_schema.columns where table_name = $1 and table_schema = current_schema() and is_generated = 'NEVER' and is_identity = 'NO' order by ordinal_position`, [table]))
      .map((r) => r.c)
      .filter((c) => !['created_at', 'updated_at', 'version'].includes(c));
  }
  /** Copies the rows of `table` matching `where` (times `times` with `g` from 1), some columns replaced by SQL expressions; the new keys. */
  async function copy(table: string, key: string, where: string, set: Record<string, string>, times = 1): Promise<number[]> {
    const cols = await columns(table);
    const list = cols.map((c) => `"${c}"`).join(', ');
    const values = cols.map((c) => set[c] ?? `"${c}"`).join(', ');
    const rows = await q<{ id: number }>(`insert into "${table}" (${list}) select ${values} from "${table}", generate_series(1, ${times}) g where ${where} returning "${key}" as id`);
    return rows.map((r) => Number(r.id));
  }

  async function round(n: number): Promise<Round> {
    const stamp = Date.now().toString(36).toUpperCase(); // 8 characters: codes and registrations stay within their lengths
    log(`heavy check: setting up ${num(n)} programme tasks and an aircraft (${stamp})`);
    const [group] = await copy('inspection_group', 'id', `compcode = '${COMPANY}' and code = 'A-CHK'`, { code: `'HC${stamp}'`, name: `'Heavy check of ${num(n)} cards ${stamp}'`, created_by: "'bench-heavy'" });
    await copy('aircraft_type_inspection', 'type_inspection_id', `compcode = '${COMPANY}' and task_code = 'ATR-ENG-01'`, { task_code: `'HC${stamp}-' || lpad(g::text, 4, '0')`, title: `'Heavy check task ' || g`, inspection_group: String(group), created_by: "'bench-heavy'" }, n);
    const reg = `PK-${stamp.slice(-7).toUpperCase()}`;
    const [ac] = await copy('aircraft', 'aircraft_id', `compcode = '${COMPANY}' and registration = 'PK-WFD'`, { registration: `'${reg}'`, msn: `'HC${stamp}'`, created_by: "'bench-heavy'" });
    // its due computed by the airworthiness plugin's one function, as bench/due.ts does (the copies
    // were written with SQL, past the hooks that would have done it)
    const s = await openServices(ctx.target);
    try {
      await s.database.db.transaction().execute((tx) => refreshDue(tx, ac, 'bench-heavy'));
    } finally {
      await s.database.close();
    }
    // the due list of the new aircraft, read through the server (it stores what the copies changed)
    await call('planner', 'GET', `/api/data/due_item?route=aircraft-maintenance/due-list&aircraft_id=${ac}&page=1&limit=1`);
    const keys = (await q<{ due_key: string }>(`select due_key from due_item where aircraft = $1 and item_code like $2 order by item_code`, [ac, `HC${stamp}-%`])).map((r) => r.due_key);
    if (keys.length !== n) throw new Error(`expected ${n} due items of the copied tasks on ${reg}, found ${keys.length}`);

    let t0 = performance.now();
    const planned = json(await call('planner', 'POST', '/api/data/due_item/action/plan_work_package', { keys }));
    const plan = performance.now() - t0;
    const wo = Number(planned.wo_id);
    const cards = (await q<{ id: number }>(`select wo_task_id as id from work_order_task where work_order = $1 order by seq`, [wo])).map((r) => Number(r.id));
    if (cards.length < n) throw new Error(`the work order has ${cards.length} cards, expected ${n}`);

    t0 = performance.now();
    await call('planner', 'POST', '/api/data/work_order/action/send_work_order', { key: wo });
    const [task] = await q<{ k: number }>(`select a.taskassignkey as k from wf_assignment a join wf_task t on t.taskkey = a.taskkey where t.entity_name = 'work_order' and t.record_key = $1 and a.completeddate is null`, [String(wo)]);
    await call('approver', 'POST', '/api/tasktodo/doaction', { taskassignkey: task.k, actionTake: 'APPROVED', comment: 'Heavy check approved' });
    const approve = performance.now() - t0;

    // the work pack: the server's resident memory sampled while it prints
    const rssBefore = rssOf(ctx.server.pid);
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(ctx.server.pid))), 50);
    t0 = performance.now();
    const pdf = await call('planner', 'GET', `/api/data/work_order/${wo}/pdf?print=work_pack`);
    const pack = performance.now() - t0;
    clearInterval(sampler);

    const sign: number[] = [];
    for (const step of ['performed', 'certified'] as const) {
      for (const card of cards) {
        const s0 = performance.now();
        await call('engineer', 'POST', `/api/data/work_order_task/action/sign_card_${step}`, { key: card, password: DEMO_PASSWORD });
        sign.push(performance.now() - s0);
      }
    }
    t0 = performance.now();
    await call('approver', 'POST', '/api/data/work_order/action/issue_crs', { key: wo, password: DEMO_PASSWORD });
    const crs = performance.now() - t0;
    const [posted] = await q<{ n: number }>(`select count(*)::int as n from due_item where aircraft = $1 and item_code like $2 and last_done_date is not null`, [ac, `HC${stamp}-%`]).catch(() => [{ n: NaN }]);
    log(`heavy check ${num(n)}: plan ${ms(plan)}, pack ${ms(pack)}, signatures median ${ms(median(sign))}, CRS ${ms(crs)}`);
    return { cards: cards.length, plan, approve, pack, packBytes: pdf.body.length, packRss: peak - rssBefore, rssBefore, sign, crs, posted: posted?.n ?? NaN };
  }

  const [a, b] = rounds;
  const ratio = (x: number, y: number) => `${(y / x).toFixed(1)}×`;
  printTable({
    title: `Heavy check: a work package of ${num(a.cards)} and of ${num(b.cards)} task cards (CTA, through HTTP)`,
    machine: ctx.machine,
    scale: ctx.scale,
    columns: ['step', `${num(a.cards)} cards`, `${num(b.cards)} cards`, `growth (cards ×${(b.cards / a.cards).toFixed(0)})`, 'goal (large package)', 'met'],
    rows: [
      ['plan the work package from the due list', ms(a.plan), ms(b.plan), ratio(a.plan, b.plan), `< ${num(GOAL_PLAN_MS)} ms`, verdict(b.plan < GOAL_PLAN_MS)],
      ['send it and approve it (Technical Director)', ms(a.approve), ms(b.approve), ratio(a.approve, b.approve), '-', '-'],
      ['print its work pack (PDF)', ms(a.pack), ms(b.pack), ratio(a.pack, b.pack), `< ${num(GOAL_PACK_MS)} ms`, verdict(b.pack < GOAL_PACK_MS)],
      ['  its size', mb(a.packBytes), mb(b.packBytes), ratio(a.packBytes, b.packBytes), '-', '-'],
      ['  the server\'s memory growth while printing (RSS peak − before)', mb(a.packRss), mb(b.packRss), '-', 'flat', '-'],
      ['one signature (performed or certified), median', ms(median(a.sign)), ms(median(b.sign)), ratio(median(a.sign), median(b.sign)), `< ${GOAL_SIGN_MS} ms`, verdict(median(b.sign) < GOAL_SIGN_MS)],
      ['one signature, p95', ms(percentile(a.sign, 95)), ms(percentile(b.sign, 95)), '-', '-', '-'],
      ['all signatures (2 per card)', ms(a.sign.reduce((x, y) => x + y, 0)), ms(b.sign.reduce((x, y) => x + y, 0)), '-', '-', '-'],
      ['issue the CRS, compliance posted to the due list', ms(a.crs), ms(b.crs), ratio(a.crs, b.crs), `< ${num(GOAL_CRS_MS)} ms`, verdict(b.crs < GOAL_CRS_MS)],
      ['  due items with a last done after the CRS', num(a.posted), num(b.posted), '-', '-', '-'],
    ],
    notes: [
      'Each step once per size, as a planner, an approver and an engineer of the demo do it; signatures with the password (argon2 verification each), not the second factor (see the header of bench/heavy-check.ts).',
      `Server RSS before the large work pack: ${mb(b.rssBefore)}.`,
    ],
  });
}
