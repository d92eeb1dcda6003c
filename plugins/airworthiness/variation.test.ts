/**
 * One-time variations of a due item (decision 0164), the limit by hand-worked cases and the whole
 * loop through the HTTP API on the seeded demo (CTA, PK-WFB): the planner requests, the Technical
 * Director (letter O) approves within the programme's limit, the due list shows the extended due,
 * and the next accomplishment consumes the variation without moving the schedule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlOne } from '../../server/test/support.ts';
import { addDays, todayUtc } from './rules/dates.ts';
import { variationExcess, variationLimit } from './rules/variation.ts';
import { passwordOnlySignatures, signed } from '../../test/helpers/signature.ts';

describe('variation limit (rules/variation.ts)', () => {
  it('is the programme percentage of the interval (default 10%), rounded down, capped by the absolute value', () => {
    // 600 FH = 36,000 min; 10% → 3,600 min = 60:00 FH; no cycles or calendar interval → nothing to vary there
    expect(variationLimit({ h: 36000, c: null, days: null }, null)).toEqual({ h: 3600, c: null, days: null, pc: 10 });
    // 4,000 FC at 5% → 200 FC; 365 days at 5% → 18.25 → 18 days
    expect(variationLimit({ h: null, c: 4000, days: 365 }, { pc: 5, h: null, c: null, days: null })).toEqual({ h: null, c: 200, days: 18, pc: 5 });
    // 600 FH at 10% capped at 50:00 (3,000 min) → 3,000
    expect(variationLimit({ h: 36000, c: null, days: null }, { pc: null, h: 3000, c: null, days: null }).h).toBe(3000);
    // 60:00 accepted, 61:00 (3,660) above; cycles asked on an item without a cycles interval
    const l = variationLimit({ h: 36000, c: null, days: null }, null);
    expect(variationExcess({ h: 3600, c: null, days: null }, l)).toEqual([]);
    expect(variationExcess({ h: 3660, c: 5, days: null }, l)).toEqual([{ counter: 'h', asked: 3660, limit: 3600 }, { counter: 'c', asked: 5, limit: null }]);
  });
});

let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = todayUtc();

type Row = Record<string, any>;
const ok = expectOk;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const count = async (q: string) => Number((await one(`select count(*) as n from ${q}`)).n);
const act = (who: string, entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: signed(t, entity, name, { key }) });
/** A signature's preview (decision 0316) as the approver's dialog reads it, and its items by label. */
const preview = async (who: string, entity: string, name: string, key: unknown): Promise<Row> => ok(await t.call('GET', `/api/data/${entity}/action/${name}/preview?key=${String(key)}`, { token: tok[who] }));
const items = (p: Row): Record<string, string> => Object.fromEntries((p.items as Row[]).map((i) => [i.label, i.value]));
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: tok.planner, body })).data;

beforeAll(async () => {
  t = await startTestApp();
  await passwordOnlySignatures(t, 'CTA', 'GAT', 'GAH');
  for (const u of ['planner', 'approver', 'engineer']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    ids[u] = s.user.user_id;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('one-time variation of a due item', () => {
  it('600 FH task at 10%: +60:00 approved by the CAMO, +61:00 refused; shown on the due list; consumed by the next accomplishment, the schedule unmoved', async () => {
    const wfb = await one(`select * from aircraft where registration = 'PK-WFB' and compcode = 'CTA'`);
    const N = Number(wfb.total_fh);
    const C = Number(wfb.total_fc);
    const group = await one(`select id from inspection_group where compcode = 'CTA' order by id limit 1`);
    const task = await create('aircraft_type_inspection', {
      aircraft_type: wfb.aircraft_type, task_code: 'TST-VAR-600', title: 'Test task every 600 FH', inspection_group: group.id, task_type: 'GVI', interval_fh: 36000, variation_pc: 10,
    });
    const key = `I${wfb.aircraft_id}-${task.type_inspection_id}`;
    // last done 30 days ago at N − 616:40 (37,000 min): the programme due is N − 1,000 min, 16:40 past
    const first = await create('maintenance_record', { aircraft: wfb.aircraft_id, done_date: addDays(today, -30), ac_fh: N - 37000, ac_fc: C - 10, lines: [{ item_kind: 'INSPECTION', type_inspection: task.type_inspection_id }] });
    ok(await act('planner', 'maintenance_record', 'post_maintenance_record', first.record_id));
    expect(await one(`select next_due_fh, due_status, variation from due_item where due_key = '${key}'`)).toEqual({ next_due_fh: N - 1000, due_status: 'OVERDUE', variation: null });

    // refused, nothing written: 61:00 FH is above 10% of 600:00; cycles on an hours-only task; no amount at all
    const before = await count(`due_variation where compcode = 'CTA'`);
    const over = await t.call('POST', '/api/data/due_variation', { token: tok.planner, body: { due_key: key, extend_fh: 3660, reason: 'Aircraft away from base' } });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([{ path: '/extend_fh', message: '61:00 FH is above the variation limit of 60:00 FH (10% of the interval, capped by the programme: at most 60:00 FH)' }]);
    const cycles = await t.call('POST', '/api/data/due_variation', { token: tok.planner, body: { due_key: key, extend_fc: 5, reason: 'x' } });
    expect(cycles.body.errors).toEqual([{ path: '/extend_fc', message: 'The item has no cycles limit to vary' }]);
    expect((await t.call('POST', '/api/data/due_variation', { token: tok.planner, body: { due_key: key, reason: 'x' } })).body.errors).toEqual([{ path: '/extend_fh', message: 'Give the extension in hours, cycles or days' }]);
    // the status is the actions': a create saying APPROVED is refused
    expect((await t.call('POST', '/api/data/due_variation', { token: tok.planner, body: { due_key: key, extend_fh: 3600, reason: 'x', var_status: 'APPROVED' } })).status).toBe(409);
    expect(await count(`due_variation where compcode = 'CTA'`)).toBe(before);

    // +60:00 FH requested, exactly the limit
    const v = await create('due_variation', { due_key: key, extend_fh: 3600, reason: 'Aircraft on a charter away from base until the next scheduled input' });
    expect(v).toMatchObject({ var_status: 'DRAFT', aircraft: wfb.aircraft_id, item_code: 'TST-VAR-600', limit_text: '10% of the interval, capped by the programme: at most 60:00 FH' });
    // four eyes: the planner requested it and cannot approve it, whatever letters it holds; nothing changes
    const requested = await one(`select * from due_variation where variation_id = ${v.variation_id}`);
    const own = await act('planner', 'due_variation', 'approve_due_variation', v.variation_id);
    expect(own.status, JSON.stringify(own.body)).toBe(403);
    expect(own.body).toMatchObject({ code: 'ERR_FOUR_EYES', message: `You requested ${v.variation_no}: a variation is approved by another person (the CAMO), never by its requester.` });
    expect(await one(`select * from due_variation where variation_id = ${v.variation_id}`)).toEqual(requested);
    // the engineer (RU on maintenance) does not hold O: 403; the Technical Director (O) approves
    expect((await act('engineer', 'due_variation', 'approve_due_variation', v.variation_id)).status).toBe(403);
    const approved = ok(await act('approver', 'due_variation', 'approve_due_variation', v.variation_id));
    // extended due: N − 1,000 + 3,600 = N + 2,600
    expect(approved.message).toBe(`${v.variation_no} approved: TST-VAR-600 is now due at ${fmt(N + 2600)} FH, once.`);
    expect(await one(`select var_status, approved_by, prog_due_fh, ext_due_fh from due_variation where variation_id = ${v.variation_id}`)).toEqual({
      var_status: 'APPROVED', approved_by: ids.approver, prog_due_fh: N - 1000, ext_due_fh: N + 2600,
    });
    // the due list: extended due, its variation, the programme's due; 2,600 left of 36,000 = 7.2% ≤ 10% → due soon, no longer overdue
    expect(await one(`select next_due_fh, remaining_fh, programme_due_fh, variation, due_status from due_item where due_key = '${key}'`)).toEqual({
      next_due_fh: N + 2600, remaining_fh: 2600, programme_due_fh: N - 1000, variation: v.variation_id, due_status: 'DUE_SOON',
    });
    // approved: frozen for edits, and one variation in force per item
    const stored = await one(`select version from due_variation where variation_id = ${v.variation_id}`);
    expect((await t.call('PUT', `/api/data/due_variation/${v.variation_id}`, { token: tok.planner, body: { due_key: key, extend_fh: 1000, reason: 'changed', version: stored.version } })).status).toBe(409);
    const second = await create('due_variation', { due_key: key, extend_fh: 600, reason: 'More time' });
    const dup = await act('approver', 'due_variation', 'approve_due_variation', second.variation_id);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`${v.variation_no} already extends TST-VAR-600: one variation is in force on a due at a time, used by its next accomplishment.`);
    ok(await act('planner', 'due_variation', 'cancel_due_variation', second.variation_id));

    // done today at N: 16:40 past the programme due, within the extension → next due from the programme due:
    // N − 1,000 + 36,000 = N + 35,000 (not N + 36,000: the variation never moves the schedule)
    const done = await create('maintenance_record', { aircraft: wfb.aircraft_id, done_date: today, ac_fh: N, ac_fc: C, lines: [{ item_kind: 'INSPECTION', type_inspection: task.type_inspection_id }] });
    ok(await act('planner', 'maintenance_record', 'post_maintenance_record', done.record_id));
    expect(await one(`select reset_basis, planned_due_fh, next_due_h, variation from maintenance_record_line where maintenance_record = ${done.record_id}`)).toEqual({
      reset_basis: 'PLANNED', planned_due_fh: N - 1000, next_due_h: N + 35000, variation: v.variation_id,
    });
    expect(await one(`select var_status, consumed_record, consumed_date from due_variation where variation_id = ${v.variation_id}`)).toEqual({ var_status: 'CONSUMED', consumed_record: done.record_id, consumed_date: today });
    expect(await one(`select next_due_fh, variation, programme_due_fh from due_item where due_key = '${key}'`)).toEqual({ next_due_fh: N + 35000, variation: null, programme_due_fh: null });
    // used once: it is not approved again
    const again = await act('approver', 'due_variation', 'approve_due_variation', v.variation_id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ERR_STATE', message: 'This one-time variation is Used: Approve (CAMO) is offered only when it is Requested.' });
  });

  it('Request Variation on the due list drafts the most the programme allows (1,000 FH at 5% = 50:00, capped at 40:00); the reason is required before approval', async () => {
    const wfc = await one(`select * from aircraft where registration = 'PK-WFC' and compcode = 'CTA'`);
    const group = await one(`select id from inspection_group where compcode = 'CTA' order by id limit 1`);
    const task = await create('aircraft_type_inspection', {
      aircraft_type: wfc.aircraft_type, task_code: 'TST-VAR-DL', title: 'Test task every 1,000 FH', inspection_group: group.id, task_type: 'GVI', interval_fh: 60000, variation_pc: 5, variation_fh: 2400,
    });
    const key = `I${wfc.aircraft_id}-${task.type_inspection_id}`;
    const r = ok(await t.call('POST', '/api/data/due_item/action/request_due_variation', { token: tok.planner, body: { key } }));
    const v = await one(`select * from due_variation where variation_id = ${r.variation_id}`);
    // 5% of 60,000 min = 3,000 (50:00), capped at 2,400 (40:00)
    expect(v).toMatchObject({ due_key: key, var_status: 'DRAFT', extend_fh: 2400, extend_fc: null, extend_days: null, reason: null, item_code: 'TST-VAR-DL' });
    expect(r.message).toBe(`${v.variation_no} requested for TST-VAR-DL (at most 40:00 FH): give the reason, and a smaller extension if less is needed, on One-time Variations; then the CAMO approves it.`);
    // one at a time
    const twice = await t.call('POST', '/api/data/due_item/action/request_due_variation', { token: tok.planner, body: { key } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`${v.variation_no} is already requested for TST-VAR-DL: one variation at a time, used by the next accomplishment.`);
    // no reason yet: the approver's signature preview says the refusal, in the field's words
    const before = await preview('approver', 'due_variation', 'approve_due_variation', v.variation_id);
    expect(before).toMatchObject({ document: `One-time variation ${v.variation_no}`, authorisation: null, refusal: 'Reason: is required before approval: why the item cannot be done by its due' });
    expect(items(before)).toMatchObject({ Aircraft: wfc.registration, Item: 'TST-VAR-DL · Test task every 1,000 FH', 'Extension asked': '40:00 FH' });
    // no reason yet: refused at approval, nothing written
    const noReason = await act('approver', 'due_variation', 'approve_due_variation', v.variation_id);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ path: '/reason', message: 'is required before approval: why the item cannot be done by its due' }]);
    expect((await one(`select var_status, version from due_variation where variation_id = ${v.variation_id}`))).toEqual({ var_status: 'DRAFT', version: v.version });
    // the planner gives the reason and asks 30:00 only; approved
    ok(await t.call('PUT', `/api/data/due_variation/${v.variation_id}`, { token: tok.planner, body: { due_key: key, extend_fh: 1800, reason: 'Borescope kit back from calibration after the due', version: v.version } }));
    // what the approval will record: the programme's due D (the schedule's), D + 30:00 once, the most allowed 40:00
    const D = Number((await one(`select due_h from due_schedule where due_key = '${key}'`)).due_h);
    const shown = await preview('approver', 'due_variation', 'approve_due_variation', v.variation_id);
    expect(shown.refusal).toBeNull();
    expect(items(shown)).toMatchObject({
      'Due by the programme': `${fmt(D)} FH`,
      'Extension asked': '30:00 FH: Borescope kit back from calibration after the due',
      'Due once, after the variation': `${fmt(D + 1800)} FH`,
    });
    expect(items(shown)['Most the programme allows']).toMatch(/40:00 FH/);
    // the requester's own preview says the four-eyes refusal
    expect((await preview('planner', 'due_variation', 'approve_due_variation', v.variation_id)).refusal).toBe(`You requested ${v.variation_no}: a variation is approved by another person (the CAMO), never by its requester.`);
    ok(await act('approver', 'due_variation', 'approve_due_variation', v.variation_id));
    expect(Number((await one(`select ext_due_fh from due_variation where variation_id = ${v.variation_id}`)).ext_due_fh)).toBe(D + 1800);
    expect((await one(`select variation from due_item where due_key = '${key}'`)).variation).toBe(v.variation_id);
    // another company's due item is not found
    const gat = await one(`select due_key from due_item where compcode = 'GAT' and item_kind = 'INSPECTION' order by due_key limit 1`);
    expect((await t.call('POST', '/api/data/due_item/action/request_due_variation', { token: tok.planner, body: { key: gat.due_key } })).status).toBe(404);
  });

  it('refuses a variation of an AD or of a deferred defect (400 on the due item), writing nothing', async () => {
    const ad = await one(`select due_key, item_code from due_item where compcode = 'CTA' and item_kind = 'AD' order by due_key limit 1`);
    const before = await count(`due_variation where compcode = 'CTA'`);
    const r = await t.call('POST', '/api/data/due_variation', { token: tok.planner, body: { due_key: ad.due_key, extend_fh: 60, reason: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: '/due_key', message: `${ad.item_code} is an airworthiness directive: only the authority grants an alternative (AMOC), not a variation` }]);
    const d = await t.call('POST', '/api/data/due_variation', { token: tok.planner, body: { due_key: 'D1', extend_days: 1, reason: 'x' } });
    expect(d.body.errors[0]).toEqual({ path: '/due_key', message: 'A deferred defect is extended under the MEL (Grant Extension on the defect), not by a variation' });
    expect(await count(`due_variation where compcode = 'CTA'`)).toBe(before);
  });
});

/** H:MM of minutes (the duration format). */
function fmt(min: number): string {
  return `${Math.floor(min / 60)}:${String(min % 60).padStart(2, '0')}`;
}
