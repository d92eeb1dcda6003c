/**
 * The monthly reliability report of a fleet (action compute_reliability_report, letter O, on
 * reliability-report): one transaction.
 *   1. the report read and locked through the access compiler (another company's: not found); a
 *      computed report is kept as it was (409: make a new one);
 *   2. its programme (fleet = aircraft type, k, W, engineer) in the company;
 *   3. the database aggregates: fleet flight minutes per month from POSTED flight logs of the type's
 *      aircraft, PIREP / MAREP defects per month and ATA chapter (cancelled ones left out), and per
 *      part number the posted unscheduled removals of the 12 months ending with the report month
 *      with the shop's confirmed failures (finding other than NFF). Each is one GROUP BY over an
 *      indexed date range: rows out = months × chapters and part numbers, never flights or defects;
 *   4. the rules (rules/reliability.ts) on those totals: each chapter's month (rate, 3-month rate,
 *      alert level, flag) and its 12-month trend, each part's MTBUR and MTBF;
 *   5. the lines written in one insert per child, the header's figures by the versioned patch
 *      (audit row naming the action), and a notice to the programme's reliability engineer when a
 *      chapter is flagged (event `reliabilityalert`; the bell's RelAlertCount counts them).
 */
import { sql } from 'kysely';
import type { DB } from '../../engine/src/db/database.ts';
import { loose } from '../../engine/src/db/loose.ts';
import { appError } from '../../engine/src/errors.ts';
import { documentAction } from '../../engine/src/crud/document-action.ts';
import type { ActionContext, HookContext } from '../../engine/src/plugins/host.ts';
import { addMonths, chapterMonth, componentFigures, isMonth, monthRange, monthsEnding, round2, type FleetMonths, type Month } from './rules/reliability.ts';


const TREND = 12;

/** A report's month is YYYY-MM (refused at the field otherwise). */
export async function checkReport({ row }: HookContext): Promise<void> {
  if (row.period !== undefined && !isMonth(row.period)) throw appError('ERR_VALIDATION', { errors: [{ path: '/period', message: 'The month is written YYYY-MM (e.g. 2026-10)' }] });
}

/** Fleet flight minutes and aircraft flown per month, from posted flight logs of the type. */
async function fleetMinutes(tx: DB, compcode: string, type: number, from: string, to: string): Promise<Map<Month, { minutes: number; aircraft: number }>> {
  const rows = (
    await sql<{ m: string; minutes: string | number; aircraft: string | number }>`
      select to_char(f.flight_date, 'YYYY-MM') as m, sum(f.flight_minutes) as minutes, count(distinct f.aircraft) as aircraft
        from flight_log f join aircraft a on a.aircraft_id = f.aircraft
       where f.compcode = ${compcode} and a.aircraft_type = ${type} and f.posted = 1
         and f.flight_date >= ${from}::date and f.flight_date < ${to}::date
       group by 1`.execute(tx)
  ).rows;
  return new Map(rows.map((r) => [r.m, { minutes: Number(r.minutes ?? 0), aircraft: Number(r.aircraft) }]));
}

/** PIREPs and MAREPs per month and ATA chapter of the type's aircraft (cancelled reports left out). */
async function reportCounts(tx: DB, compcode: string, type: number, from: string, to: string) {
  return (
    await sql<{ m: string; chapter: number; pirep: string | number; marep: string | number }>`
      select to_char(d.found_date, 'YYYY-MM') as m, g.chapter,
             count(*) filter (where d.source = 'PIREP') as pirep, count(*) filter (where d.source = 'MAREP') as marep
        from defect d join aircraft a on a.aircraft_id = d.aircraft join ata_group g on g.id = d.ata
       where d.compcode = ${compcode} and a.aircraft_type = ${type} and d.source in ('PIREP', 'MAREP') and d.defect_status <> 'CANCELLED'
         and d.found_date >= ${from}::date and d.found_date < ${to}::date
       group by 1, 2`.execute(tx)
  ).rows;
}

/** Per part number: posted unscheduled removals from the type's aircraft and the confirmed failures among them. */
async function removals(tx: DB, compcode: string, type: number, from: string, to: string) {
  return (
    await sql<{ partnumber: string; partname: string; unscheduled: string | number; confirmed: string | number; qty: number | null }>`
      select c.partnumber, max(c.partname) as partname, count(*) as unscheduled,
             count(*) filter (where ch.shop_finding is not null and ch.shop_finding <> 'NFF') as confirmed,
             (select max(t.qty_per_aircraft) from aircraft_type_component t where t.compcode = ${compcode} and t.aircraft_type = ${type} and t.partnumber = c.partnumber) as qty
        from component_change ch join fleet_component c on c.component_id = ch.component join aircraft a on a.aircraft_id = ch.aircraft
       where ch.compcode = ${compcode} and ch.action = 'REMOVE' and ch.reason = 'UNSCHEDULED' and ch.posted = 1 and a.aircraft_type = ${type}
         and ch.change_date >= ${from}::date and ch.change_date < ${to}::date
       group by c.partnumber
       order by count(*) desc, c.partnumber`.execute(tx)
  ).rows;
}

async function chapterTitles(tx: DB, compcode: string, chapters: number[]): Promise<Map<number, string>> {
  if (chapters.length === 0) return new Map();
  const rows = (
    await sql<{ chapter: number; title: string }>`
      select chapter, title from ata_group where compcode = ${compcode} and chapter in (${sql.join(chapters)}) and ata_code = lpad(chapter::text, 2, '0')`.execute(tx)
  ).rows;
  return new Map(rows.map((r) => [Number(r.chapter), r.title]));
}

export async function computeReliabilityReport(ctx: ActionContext, input: { key?: string | number }): Promise<unknown> {
  return documentAction(ctx, { entity: 'reliability_report', key: input.key, name: 'compute' }, async (tx, doc, frame) => {
    if (doc.computed === 1) throw appError('ERR_CONFLICT', { message: `The reliability report of ${doc.period} is already computed; it is kept as computed (make a new report to see the figures again).` });
    const period = doc.period;
    if (!isMonth(period)) throw appError('ERR_VALIDATION', { errors: [{ path: '/period', message: 'The month is written YYYY-MM (e.g. 2026-10)' }] });
    const compcode = ctx.user.compcode;
    const programme = (await tx.selectFrom('reliability_programme').selectAll().where('programme_id', '=', doc.programme).where('compcode', '=', compcode).executeTakeFirst());
    if (!programme) throw appError('ERR_NOT_FOUND');
    const type = Number(programme.aircraft_type);
    const k = Number(programme.alert_k);
    const window = Number(programme.alert_window);

    // totals from the oldest month the oldest trend month's alert level reads, to the report month
    const first = addMonths(period, -(TREND - 1) - Math.max(window, 2));
    const { from } = monthRange(first);
    const { to } = monthRange(period);
    const hours = await fleetMinutes(tx, compcode, type, from, to);
    const counts = await reportCounts(tx, compcode, type, from, to);
    const data: FleetMonths = { minutes: new Map([...hours].map(([m, h]) => [m, h.minutes])), reports: new Map() };
    for (const c of counts) {
      const ch = Number(c.chapter);
      if (!data.reports.has(ch)) data.reports.set(ch, new Map());
      data.reports.get(ch)?.set(c.m, { pirep: Number(c.pirep), marep: Number(c.marep) });
    }
    const chapters = [...data.reports.keys()].sort((a, b) => a - b);
    const titles = await chapterTitles(tx, compcode, chapters);
    const opts = { k, window };
    const base = { compcode, report: doc.report_id, created_by: ctx.user.username };
    const chapterLines = chapters.map((ch) => {
      const f = chapterMonth(data, ch, period, opts);
      return { ...base, ata_chapter: ch, chapter_title: titles.get(ch) ?? null, pirep: f.pirep, marep: f.marep, reports: f.reports, rate: round2(f.rate), rolling_reports: f.rollingReports, rolling_rate: round2(f.rollingRate), alert_level: round2(f.alertLevel), flagged: f.flagged ? 'ALERT' : 'OK' };
    });
    const trendMonths = monthsEnding(period, TREND);
    const trendLines = chapters.flatMap((ch) =>
      trendMonths.map((m) => {
        const f = chapterMonth(data, ch, m, opts);
        return { ...base, ata_chapter: ch, chapter_title: titles.get(ch) ?? null, month_start: `${m}-01`, reports: f.reports, rate: round2(f.rate), rolling_rate: round2(f.rollingRate), alert_level: round2(f.alertLevel), flagged: f.flagged ? 'ALERT' : 'OK' };
      }),
    );
    // component figures over the report month and the 11 before
    const periodMinutes = trendMonths.reduce((s, m) => s + (data.minutes.get(m) ?? 0), 0);
    const parts = await removals(tx, compcode, type, monthRange(trendMonths[0]).from, to);
    const componentLines = parts.map((p) => {
      const qty = p.qty === null || p.qty === undefined ? 1 : Number(p.qty);
      const f = componentFigures({ partnumber: p.partnumber, fleetMinutes: periodMinutes, qtyPerAircraft: qty, unscheduled: Number(p.unscheduled), confirmed: Number(p.confirmed) });
      const one = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
      return { ...base, partnumber: p.partnumber, partname: p.partname, qty_per_aircraft: qty, unscheduled_removals: f.unscheduled, confirmed_failures: f.confirmed, mtbur: one(f.mtbur), mtbf: one(f.mtbf) };
    });
    for (const [table, rows] of [['reliability_report_chapter', chapterLines], ['reliability_report_trend', trendLines], ['reliability_report_component', componentLines]] as const) {
      if (rows.length) await loose(tx).insertInto(table).values(rows as never).execute();
    }
    const flagged = chapterLines.filter((l) => l.flagged === 'ALERT');
    await ctx.repo.patch(
      tx,
      ctx.user,
      'reliability_report',
      doc.report_id as number,
      {
        aircraft_type: type,
        alert_k: k,
        alert_window: window,
        fleet_minutes: hours.get(period)?.minutes ?? 0,
        period_minutes: periodMinutes,
        aircraft_count: hours.get(period)?.aircraft ?? 0,
        flagged_count: flagged.length,
        computed: 1,
        computed_at: new Date().toISOString(),
      },
      { reason: 'compute', before: doc, auditInto: frame.audit },
    );
    if (flagged.length && programme.engineer) {
      await ctx.emit?.(tx, { event: 'reliabilityalert', compcode, user_id: Number(programme.engineer), data: { report: doc.report_id, period, engineer: programme.engineer, chapters: flagged.map((l) => l.ata_chapter) } });
    }
    const what = flagged.length ? `; ATA ${flagged.map((l) => String(l.ata_chapter)).join(', ')} above the alert level` : '; no chapter above its alert level';
    return { success: 1, message: `Reliability report ${period} computed: ${chapterLines.length} chapters, ${componentLines.length} part numbers${what}`, flagged: flagged.map((l) => l.ata_chapter) };
  });
}
