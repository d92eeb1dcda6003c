/**
 * The monthly reliability report through the HTTP API on the seeded demo (issue 38 point 1,
 * decision 0350): Citra's ATR 42-600 fleet (PK-WJA, PK-WJB; fixtures/demo/CTA/090-reliability.yaml,
 * fixed dates), whose October 2026 report the demo's reliability engineer computed.
 *
 * Worked by hand from the fixture: each aircraft flies four 5:00 sectors a month (20 FH), the fleet
 * 40 FH (2,400 minutes) a month from October 2025 to October 2026.
 *   ATA 21: 1, 0, 1, 0 … reports in Oct 2025 … Sep 2026 (rates 25, 0, 25, 0 …), 4 in Oct 2026.
 *     rate Oct = 4 × 1,000 ÷ 40 = 100; rolling = (Aug 1 + Sep 0 + Oct 4) × 1,000 ÷ 120 = 41.67;
 *     alert = mean 12.5 + 2 × √(12 × 12.5² ÷ 11) = 12.5 + 2 × 13.0558 = 38.61: flagged.
 *   ATA 32: one report every month: rate 25, rolling 25, alert 25 + 2 × 0 = 25: not above, not flagged.
 *   ATA 24: reports in Nov 2025, Feb and Jun 2026 only: alert 6.25 + 2 × √(1,406.25 ÷ 11) = 28.86, rolling 0.
 *   Starter-generator 23085-006 (2 per aircraft): unscheduled removals Mar 2026 (confirmed) and
 *     Jul 2026 (one confirmed, one no fault found); 12 months × 40 FH = 480 FH × 2 = 960 part-hours:
 *     MTBUR = 960 ÷ 3 = 320.0, MTBF = 960 ÷ 2 = 480.0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlOne } from '../../server/test/support.ts';
import { pdfText } from '../../test/helpers/pdf.ts';

type Row = Record<string, any>;
let t: TestApp;
let tok = '';
let report: Row;

const pdfWords = (buf: Buffer) => pdfText(buf, { fold: true });

beforeAll(async () => {
  t = await startTestApp();
  tok = (await t.signIn('reliability', DEMO_PASSWORD)).token;
  report = await sqlOne(t, `select r.* from reliability_report r join reliability_programme p on p.programme_id = r.programme where r.compcode = 'CTA' and r.period = '2026-10' and p.programme_name = 'ATR 42-600 Reliability Programme'`);
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('the monthly reliability report of the ATR 42-600 fleet', () => {
  it('reads the month’s figures per ATA chapter, the flagged chapter and the component figures', async () => {
    const r = await t.call('GET', `/api/data/reliability_report/${report.report_id}`, { token: tok });
    expectOk(r);
    const d = r.body.data;
    expect(d.computed).toBe(1);
    expect(d.fleet_minutes).toBe(2400); // 40:00
    expect(d.period_minutes).toBe(28800); // 480:00
    expect(d.aircraft_count).toBe(2);
    expect(d.flagged_count).toBe(1);
    const ch = Object.fromEntries((d.chapters as Row[]).map((l) => [l.ata_chapter, l]));
    expect(Object.keys(ch).map(Number)).toEqual([21, 24, 32]);
    expect({ pirep: ch[21].pirep, marep: ch[21].marep, reports: ch[21].reports, rate: Number(ch[21].rate), rolling: Number(ch[21].rolling_rate), alert: Number(ch[21].alert_level), flagged: ch[21].flagged }).toEqual({ pirep: 2, marep: 2, reports: 4, rate: 100, rolling: 41.67, alert: 38.61, flagged: 'ALERT' });
    expect({ rate: Number(ch[32].rate), rolling: Number(ch[32].rolling_rate), alert: Number(ch[32].alert_level), flagged: ch[32].flagged }).toEqual({ rate: 25, rolling: 25, alert: 25, flagged: 'OK' });
    expect({ rolling: Number(ch[24].rolling_rate), alert: Number(ch[24].alert_level), flagged: ch[24].flagged }).toEqual({ rolling: 0, alert: 28.86, flagged: 'OK' });
    const sg = (d.components as Row[]).find((c) => c.partnumber === '23085-006');
    expect({ qty: sg?.qty_per_aircraft, removals: sg?.unscheduled_removals, confirmed: sg?.confirmed_failures, mtbur: Number(sg?.mtbur), mtbf: Number(sg?.mtbf) }).toEqual({ qty: 2, removals: 3, confirmed: 2, mtbur: 320, mtbf: 480 });
  });

  it('keeps a 12-month trend per chapter for the chart, and exports it as xlsx', async () => {
    const r = await t.call('GET', `/api/data/reliability_report_trend?route=aircraft-maintenance/reliability-trend&report=${report.report_id}&ata_chapter=21&limit=50`, { token: tok });
    expectOk(r);
    const months = (r.body.list as Row[]).map((l) => [String(l.month_start).slice(0, 7), Number(l.rolling_rate), l.flagged]);
    expect(months).toHaveLength(12);
    expect(months[0][0]).toBe('2025-11');
    // Nov 2025: only Oct and Nov flown before it in the rolling window: (1 + 0) × 1,000 ÷ 80 = 12.5
    expect(months[0][1]).toBe(12.5);
    expect(months[11]).toEqual(['2026-10', 41.67, 'ALERT']);
    const x = await t.app.inject({ method: 'GET', url: `/api/data/reliability_report_trend/export?route=aircraft-maintenance/reliability-trend&report=${report.report_id}`, headers: { authorization: `Bearer ${tok}` } });
    expect(x.statusCode, x.body).toBe(200);
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
  });

  it('prints the monthly report as PDF with the flagged chapter', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/data/reliability_report/${report.report_id}/pdf?print=monthly`, headers: { authorization: `Bearer ${tok}` } });
    expect(r.statusCode, r.body).toBe(200);
    const text = pdfWords(r.rawPayload);
    expect(text).toContain('Monthly Reliability');
    expect(text).toContain('Fleet Flight Hours 40:00');
    // ATA 21's row (the layout wraps the title and the alert text around the figures)
    expect(text).toMatch(/21 2 2 4 100 41\.67 38\.61/);
    expect(text).toContain('Above alert');
    expect(text).toMatch(/23085-006[^]*2 3 2 320[^]*480/);
  });

  it('tells the reliability engineer on the bell', async () => {
    const r = await t.call('GET', '/api/notifications/counter', { token: tok });
    expectOk(r);
    expect(r.body.RelAlertCount).toBe(1);
  });

  it('is computed once: again is refused; a month not written YYYY-MM is refused at the field; another company does not see it', async () => {
    const again = await t.call('POST', `/api/data/reliability_report/action/compute_reliability_report`, { token: tok, body: { key: report.report_id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already computed');
    const bad = await t.call('POST', '/api/data/reliability_report', { token: tok, body: { programme: report.programme, period: 'Oct 2026' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Row) => e.path)).toContain('/period');
    const gat = (await t.signIn('admin', 'admin123')).token; // the demo admin works in GAH by default
    const other = await t.call('GET', `/api/data/reliability_report/${report.report_id}`, { token: gat });
    expect(other.status).toBe(404);
  });

  it('computes a new report of the month on the same figures', async () => {
    const created = await t.call('POST', '/api/data/reliability_report', { token: tok, body: { programme: report.programme, period: '2026-10', remark: 'second look' } });
    expectOk(created);
    const key = created.body.data.report_id;
    const r = await t.call('POST', `/api/data/reliability_report/action/compute_reliability_report`, { token: tok, body: { key } });
    expectOk(r);
    expect(r.body.message).toContain('ATA 21 above the alert level');
    const line = await sqlOne(t, `select rolling_rate, alert_level, flagged from reliability_report_chapter where report = ${key} and ata_chapter = 21`);
    expect([Number(line.rolling_rate), Number(line.alert_level), line.flagged]).toEqual([41.67, 38.61, 'ALERT']);
  });
});
