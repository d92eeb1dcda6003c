/**
 * AD and SB reviews through the HTTP API on the seeded demo (CTA: five ATR 72-600, PK-WFA to
 * PK-WFE): the planner lists the aircraft of the type, the Technical Director approves the review
 * through the workflow, and the approval writes each aircraft's applicability into the fleet
 * AD / SB status, which makes or drops the due item (decision 0163). Values worked by hand in the
 * comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectOk, sqlOne, sqlAll } from '../../server/test/support.ts';
import { addDays, todayUtc } from './rules/dates.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const today = todayUtc();

type Row = Record<string, any>;
const ok = expectOk;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const rows = (q: string): Promise<Row[]> => sqlAll(t, q);
const aircraft = (reg: string) => one(`select * from aircraft where registration = '${reg}' and compcode = 'CTA'`);
const act = (who: string, entity: string, name: string, key: unknown) => t.call('POST', `/api/data/${entity}/action/${name}`, { token: tok[who], body: { key } });
const create = async (entity: string, body: Row): Promise<Row> => ok(await t.call('POST', `/api/data/${entity}`, { token: tok.planner, body })).data;
const count = async (q: string) => Number((await one(`select count(*) as n from ${q}`)).n);

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['planner', 'approver']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

/** Sends the review (planner) and approves it (the Technical Director, AD-REVIEW / SB-REVIEW). */
async function approve(entity: 'ad_review' | 'sb_review', id: number): Promise<void> {
  ok(await act('planner', entity, `send_${entity}`, id));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = '${entity}' and k.record_key = '${id}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Applicability agreed' } }));
}

async function atrDirective(number: string, extra: Row = {}): Promise<Row> {
  const wfa = await aircraft('PK-WFA');
  const easa = await one(`select id from ad_authority where compcode = 'CTA' and code = 'EASA'`);
  return create('aircraft_type_ad', {
    aircraft_type: wfa.aircraft_type, authority: easa.id, ad_number: number, title: 'Test directive for the review', ad_subject: 'AIRFRAME',
    effective_date: addDays(today, -5), threshold_fh: 36000, is_recurring: false, whichever: 'FIRST', ...extra,
  });
}

describe('AD review approval writes the fleet AD status', () => {
  it('three aircraft: applicable → open with its due item, not applicable with its reason → NA and no item, complied → COMPLIED and no item', async () => {
    const ad = await atrDirective('TST-REV-01');
    const [wfa, wfb, wfc] = [await aircraft('PK-WFA'), await aircraft('PK-WFB'), await aircraft('PK-WFC')];
    const review = await create('ad_review', {
      type_ad: ad.type_ad_id, review_date: today, reviewed_by: 'Test Engineer', applicability: 'APPLICABLE', reason: 'Fleet checked against the effectivity.',
      lines: [
        { aircraft: wfa.aircraft_id, applicability: 'APPLICABLE' },
        { aircraft: wfb.aircraft_id, applicability: 'NOT_APPLICABLE', reason: 'MSN 1388 has mod 8455 embodied in production' },
        { aircraft: wfc.aircraft_id, applicability: 'COMPLIED', reason: 'Done with SB ATR72-27-1011 in WO-2025-00031', complied_date: addDays(today, -3) },
      ],
    });
    // nothing is written before the approval
    expect(await count(`aircraft_ad_status where type_ad = ${ad.type_ad_id}`)).toBe(0);
    await approve('ad_review', review.id);
    const st = await rows(`select s.*, a.registration from aircraft_ad_status s join aircraft a on a.aircraft_id = s.aircraft where s.type_ad = ${ad.type_ad_id} order by a.registration`);
    expect(st.map((s) => [s.registration, s.ad_status, s.na_reason, s.ad_review])).toEqual([
      ['PK-WFA', 'OPEN', null, review.id],
      ['PK-WFB', 'NA', 'MSN 1388 has mod 8455 embodied in production', review.id],
      ['PK-WFC', 'COMPLIED', null, review.id],
    ]);
    expect(st[2].last_done_date).toBe(addDays(today, -3));
    expect(st[2].method).toBe('Done with SB ATR72-27-1011 in WO-2025-00031');
    // PK-WFA: 600 FH after the effective date, counted from its totals that day (today's less what flew since)
    const flown = Number((await one(`select coalesce(sum(d_h), 0) as h from usage_ledger where aircraft = ${wfa.aircraft_id} and component is null and flight_date > '${addDays(today, -5)}'`)).h);
    const item = await one(`select * from due_item where due_key = 'A${st[0].ad_status_id}'`);
    expect(item).toMatchObject({ item_kind: 'AD', item_code: 'TST-REV-01', next_due_fh: wfa.total_fh - flown + 36000 });
    // PK-WFB (NA) and PK-WFC (complied) have no due item
    expect(await rows(`select due_key from due_item where due_key in ('A${st[1].ad_status_id}', 'A${st[2].ad_status_id}')`)).toEqual([]);
  });

  it('a later review updates the same status rows (by aircraft and AD), never duplicates them, and closes the due item', async () => {
    const ad = await atrDirective('TST-REV-02');
    const wfa = await aircraft('PK-WFA');
    const first = await create('ad_review', { type_ad: ad.type_ad_id, review_date: addDays(today, -2), reviewed_by: 'Test Engineer', reason: 'Initial review', lines: [{ aircraft: wfa.aircraft_id, applicability: 'APPLICABLE' }] });
    await approve('ad_review', first.id);
    const st = await one(`select * from aircraft_ad_status where type_ad = ${ad.type_ad_id}`);
    expect(await count(`due_item where due_key = 'A${st.ad_status_id}'`)).toBe(1);
    const second = await create('ad_review', {
      type_ad: ad.type_ad_id, review_date: today, reviewed_by: 'Test Engineer', applicability: 'NOT_APPLICABLE', reason: 'Revised effectivity',
      lines: [{ aircraft: wfa.aircraft_id, applicability: 'NOT_APPLICABLE', reason: 'AD revision 1 excludes MSN 1302' }],
    });
    await approve('ad_review', second.id);
    const after = await rows(`select * from aircraft_ad_status where type_ad = ${ad.type_ad_id}`);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ ad_status_id: st.ad_status_id, ad_status: 'NA', na_reason: 'AD revision 1 excludes MSN 1302', ad_review: second.id, version: st.version + 1 });
    expect(await count(`due_item where due_key = 'A${st.ad_status_id}'`)).toBe(0);
  });

  it('refuses a not-applicable aircraft without its reason, an aircraft of another type and a repetitive AD marked complied (400 naming the line field), writing nothing', async () => {
    const ad = await atrDirective('TST-REV-03');
    const [wfa, wfb, wga] = [await aircraft('PK-WFA'), await aircraft('PK-WFB'), await aircraft('PK-WGA')];
    const before = await count(`ad_review where compcode = 'CTA'`);
    const r = await t.call('POST', '/api/data/ad_review', {
      token: tok.planner,
      body: {
        type_ad: ad.type_ad_id, review_date: today, reviewed_by: 'Test Engineer', reason: 'Review',
        lines: [
          { aircraft: wfa.aircraft_id, applicability: 'APPLICABLE' },
          { aircraft: wfb.aircraft_id, applicability: 'NOT_APPLICABLE', reason: '  ' },
          { aircraft: wga.aircraft_id, applicability: 'APPLICABLE' },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { path: '/lines/1/reason', message: 'is required when the aircraft is not applicable (why: serial number, modification, configuration)' },
      { path: '/lines/2/aircraft', message: 'Choose an aircraft of the type of TST-REV-03' },
    ]);
    expect(await count(`ad_review where compcode = 'CTA'`)).toBe(before);
    // a repetitive AD (every 500 FH) is re-armed by a compliance with its hours, not by a review
    const rep = await atrDirective('TST-REV-04', { is_recurring: true, interval_fh: 30000 });
    const r2 = await t.call('POST', '/api/data/ad_review', { token: tok.planner, body: { type_ad: rep.type_ad_id, review_date: today, reviewed_by: 'Test Engineer', reason: 'Review', lines: [{ aircraft: wfa.aircraft_id, applicability: 'COMPLIED' }] } });
    expect(r2.status).toBe(400);
    expect(r2.body.errors[0].path).toBe('/lines/0/applicability');
    expect(await count(`ad_review where compcode = 'CTA'`)).toBe(before);
  });

  it('Fill Aircraft of the Type lists the five ATR 72-600 once; a status written by a review is not typed over (409)', async () => {
    const ad = await atrDirective('TST-REV-05');
    const wfa = await aircraft('PK-WFA');
    const review = await create('ad_review', { type_ad: ad.type_ad_id, review_date: today, reviewed_by: 'Test Engineer', reason: 'Whole fleet', lines: [{ aircraft: wfa.aircraft_id, applicability: 'APPLICABLE' }] });
    const filled = ok(await act('planner', 'ad_review', 'fill_ad_review_aircraft', review.id));
    // PK-WFA was listed: the other four are added, applicable by default
    expect(filled.message).toBe('Added PK-WFB, PK-WFC, PK-WFD, PK-WFE.');
    expect(ok(await act('planner', 'ad_review', 'fill_ad_review_aircraft', review.id)).message).toBe('Every aircraft of the type is listed already.');
    expect(await count(`ad_review_line where ad_review = ${review.id}`)).toBe(5);
    await approve('ad_review', review.id);
    expect(await count(`aircraft_ad_status where type_ad = ${ad.type_ad_id} and ad_status = 'OPEN'`)).toBe(5);
    // the approved review is frozen: no more aircraft
    expect((await act('planner', 'ad_review', 'fill_ad_review_aircraft', review.id)).status).toBe(409);
    const st = await one(`select * from aircraft_ad_status where type_ad = ${ad.type_ad_id} and aircraft = ${wfa.aircraft_id}`);
    const put = await t.call('PUT', `/api/data/aircraft_ad_status/${st.ad_status_id}`, { token: tok.planner, body: { aircraft: st.aircraft, type_ad: st.type_ad, ad_status: 'NA', na_reason: 'typed', version: st.version } });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe('This AD status was written by an approved AD review: change its applicability with a new review of the directive, not here.');
    expect((await one(`select ad_status, version from aircraft_ad_status where ad_status_id = ${st.ad_status_id}`))).toEqual({ ad_status: 'OPEN', version: st.version });
  });
});

describe('SB review approval writes the fleet SB status', () => {
  it('applicable with a target date → open, planned for the target; "do not incorporate" → NA; a rejected review writes nothing', async () => {
    const wfa = await aircraft('PK-WFA');
    const wfb = await aircraft('PK-WFB');
    const sb = await create('aircraft_type_sb', { aircraft_type: wfa.aircraft_type, sb_number: 'TST-SB-REV-1', revision: '0', title: 'Test bulletin', category: 'RECOMMENDED', is_recurring: false });
    const review = await create('sb_review', {
      type_sb: sb.type_sb_id, review_date: today, reviewed_by: 'Test Engineer', applicability: 'APPLICABLE', decision: 'AT_CHECK', reason: 'At the next C-check', target_date: addDays(today, 90),
      lines: [{ aircraft: wfa.aircraft_id, applicability: 'APPLICABLE' }, { aircraft: wfb.aircraft_id, applicability: 'NOT_APPLICABLE', reason: 'Post-SB standard from production' }],
    });
    await approve('sb_review', review.id);
    const st = await rows(`select s.*, a.registration from aircraft_sb_status s join aircraft a on a.aircraft_id = s.aircraft where s.type_sb = ${sb.type_sb_id} order by a.registration`);
    expect(st.map((s) => [s.registration, s.sb_status, s.planned_date, s.na_reason])).toEqual([
      ['PK-WFA', 'OPEN', addDays(today, 90), null],
      ['PK-WFB', 'NA', null, 'Post-SB standard from production'],
    ]);
    const sb2 = await create('aircraft_type_sb', { aircraft_type: wfa.aircraft_type, sb_number: 'TST-SB-REV-2', revision: '0', title: 'Optional bulletin', category: 'OPTIONAL', is_recurring: false });
    const no = await create('sb_review', { type_sb: sb2.type_sb_id, review_date: today, reviewed_by: 'Test Engineer', decision: 'NOT_INCORPORATE', reason: 'No benefit for our operation', lines: [{ aircraft: wfa.aircraft_id, applicability: 'APPLICABLE' }] });
    await approve('sb_review', no.id);
    expect(await one(`select sb_status, na_reason from aircraft_sb_status where type_sb = ${sb2.type_sb_id}`)).toEqual({ sb_status: 'NA', na_reason: 'Decision of the review: do not incorporate' });
    // rejected: nothing written
    const sb3 = await create('aircraft_type_sb', { aircraft_type: wfa.aircraft_type, sb_number: 'TST-SB-REV-3', revision: '0', title: 'Rejected bulletin', category: 'OPTIONAL', is_recurring: false });
    const rej = await create('sb_review', { type_sb: sb3.type_sb_id, review_date: today, reviewed_by: 'Test Engineer', reason: 'Draft', lines: [{ aircraft: wfa.aircraft_id, applicability: 'APPLICABLE' }] });
    ok(await act('planner', 'sb_review', 'send_sb_review', rej.id));
    const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'sb_review' and k.record_key = '${rej.id}' and a.completeddate is null`);
    ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'REJECTED', comment: 'Not convinced' } }));
    expect(await count(`aircraft_sb_status where type_sb = ${sb3.type_sb_id}`)).toBe(0);
  });
});
