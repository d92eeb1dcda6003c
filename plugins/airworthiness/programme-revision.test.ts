/**
 * Maintenance programme revisions (decision 0380), on the seeded demo (CTA: five ATR 72-600,
 * PK-WFA MSN 1302, PK-WFB 1318, PK-WFC 1355, PK-WFD 1421, PK-WFE 1502).
 *
 * Worked by hand:
 * - Before any revision the planner adds two tasks to the ATR 72-600 programme: TST-CHG (interval
 *   1000:00 FH, applies to MSN 1302 = PK-WFA) and TST-DEL (interval 365 days, applies to PK-WFB).
 * - Revision 1 is drafted (a copy of every active ATR 72-600 task), approved and activated: it
 *   changes nothing, so 0 due items change; every task now comes from revision 1, so the five
 *   aircraft are computed again (their due items show revision 1).
 * - Revision 2 (drafted from revision 1): TST-CHG interval 1000:00 → 800:00 FH and tolerance
 *   empty → 10 %; TST-DEL removed; TST-ADD added (interval 200 FC, applies to PK-WFA). The compare
 *   of revision 1 → 2 lists exactly four rows: TST-ADD added, TST-CHG Interval FH 1000:00 → 800:00,
 *   TST-CHG Tolerance % (empty) → 10.00, TST-DEL deleted.
 * - Activating revision 2 computes again only PK-WFA (TST-CHG, TST-ADD apply to it) and PK-WFB
 *   (TST-DEL applied to it): 2 aircraft; due items changed: TST-CHG on PK-WFA (its interval) +
 *   TST-ADD on PK-WFA (new) + TST-DEL on PK-WFB (gone) = 3. PK-WFC, PK-WFD and PK-WFE keep
 *   their stored due rows as they were (same computed time). Revision 1 is superseded, its
 *   tasks kept; TST-DEL stays a type inspection, inactive.
 * - An MPD list of two tasks previewed into the draft (dry run): TST-MPD1 passes, TST-CHG (already a
 *   task of the draft) is refused at row 3; into revision 1 (approved) both rows are refused.
 * - Pure rules: "1302, PK-WFB" applies to MSN 1302 and to PK-WFB, not to MSN 1355; empty and ALL
 *   apply to every aircraft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { DEMO_PASSWORD, STARTUP_TIMEOUT, expectError, expectOk, sqlAll, sqlOne } from '../../server/test/support.ts';
import { affectedAircraft, appliesTo, changedDueItems, taskChanges } from './rules/programme.ts';

let t: TestApp;
const tok: Record<string, string> = {};

type Row = Record<string, any>;
const ok = expectOk;
const one = (q: string): Promise<Row> => sqlOne(t, q);
const rows = (q: string): Promise<Row[]> => sqlAll(t, q);
const act = (who: string, name: string, key: unknown) => t.call('POST', `/api/data/programme_revision/action/${name}`, { token: tok[who], body: { key } });

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['planner', 'approver']) {
    const s = await t.signIn(u, DEMO_PASSWORD);
    tok[u] = s.token;
    if (s.user.compcode !== 'CTA') ok(await t.call('PUT', `/api/users/ulc/${s.user.user_id}`, { token: s.token, body: { compcode: 'CTA' } }));
  }
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

/** Sends the revision (planner) and approves it (the Technical Director, PROGRAMME-REVISION). */
async function approve(id: number): Promise<void> {
  ok(await act('planner', 'send_programme_revision', id));
  const open = await one(`select a.taskassignkey from wf_assignment a join wf_task k on k.taskkey = a.taskkey where k.entity_name = 'programme_revision' and k.record_key = '${id}' and a.completeddate is null`);
  ok(await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: open.taskassignkey, actionTake: 'APPROVED', comment: 'Programme change agreed' } }));
}

/** The writable fields of a stored row (and its lines, with their keys), to send back with changes. */
function editable(entity: string, row: Row): Row {
  const e = t.services.reg.entity(entity);
  const out: Row = { version: row.version };
  for (const f of e.fields) if (!f.readOnly && !f.hidden && row[f.name] !== undefined) out[f.name] = row[f.name];
  for (const c of e.children) {
    const ce = t.services.reg.entity(c.entity);
    if (!Array.isArray(row[c.name])) continue;
    out[c.name] = (row[c.name] as Row[]).map((l) => {
      const line: Row = { [ce.key]: l[ce.key], ...editable(c.entity, l) };
      delete line.version;
      delete line[c.foreignKey];
      return line;
    });
  }
  return out;
}

/** POSTs a file to the bulk import (multipart) and reads its NDJSON answer's result. */
async function upload(entity: string, query: string, name: string, content: string) {
  const boundary = '----programme-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: `/api/data/${entity}/import?${query}`, payload, headers: { authorization: `Bearer ${tok.planner}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.statusCode, res.body).toBe(200);
  const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
  return { result: lines.at(-1).result };
}

const schedule = (reg: string) =>
  rows(`select s.due_key, s.item_code, s.interval_h, s.interval_c, s.interval_days, s.computed_at, s.prog_revision from due_schedule s join aircraft a on a.aircraft_id = s.aircraft where a.registration = '${reg}' and a.compcode = 'CTA' order by s.due_key`);

describe('programme rules (pure)', () => {
  it('applicability by MSN or registration; changes by task code; affected aircraft; due items moved', () => {
    expect(appliesTo('1302, PK-WFB', { msn: '1302', registration: 'PK-WFA' })).toBe(true);
    expect(appliesTo('1302, PK-WFB', { msn: '1318', registration: 'PK-WFB' })).toBe(true);
    expect(appliesTo('1302, PK-WFB', { msn: '1355', registration: 'PK-WFC' })).toBe(false);
    expect(appliesTo(null, { msn: '1355' })).toBe(true);
    expect(appliesTo(' all ', { msn: '1355' })).toBe(true);

    const fields = ['interval_fh', 'tolerance_pc', 'applies_to'];
    const before: Row[] = [
      { task_code: 'TST-CHG', interval_fh: 60000, tolerance_pc: null, applies_to: '1302' },
      { task_code: 'TST-DEL', interval_fh: null, tolerance_pc: null, applies_to: 'PK-WFB' },
      { task_code: 'TST-SAME', interval_fh: 3000, tolerance_pc: '10.00', applies_to: null },
    ];
    const after: Row[] = [
      { task_code: 'tst-chg', interval_fh: 48000, tolerance_pc: 10, applies_to: '1302' },
      { task_code: 'TST-SAME', interval_fh: '3000', tolerance_pc: 10, applies_to: '' },
      { task_code: 'TST-ADD', interval_fh: null, tolerance_pc: null, applies_to: 'PK-WFA' },
    ];
    const c = taskChanges(before, after, fields);
    expect(c.added.map((x) => x.task_code)).toEqual(['TST-ADD']);
    expect(c.deleted.map((x) => x.task_code)).toEqual(['TST-DEL']);
    // 10.00 and 10, '3000' and 3000, '' and null are the same value
    expect(c.changed.map((x) => [x.task_code, x.fields])).toEqual([['TST-CHG', ['interval_fh', 'tolerance_pc']]]);

    const fleet = [
      { id: 1, msn: '1302', registration: 'PK-WFA' },
      { id: 2, msn: '1318', registration: 'PK-WFB' },
      { id: 3, msn: '1355', registration: 'PK-WFC' },
    ];
    expect(affectedAircraft(c, fleet).map((a) => a.id)).toEqual([1, 2]);
    expect(affectedAircraft({ added: [], changed: [], deleted: [] }, fleet)).toEqual([]);

    // one moved (due_h), one gone, one new, one the same: 3
    const b = [
      { due_key: 'I1', due_h: 100, due_date: null, no_record: false },
      { due_key: 'I2', due_h: 50, due_date: '2026-12-01', no_record: false },
      { due_key: 'I3', due_h: 70, due_date: null, no_record: false },
    ];
    const a = [
      { due_key: 'I1', due_h: 80, due_date: null, no_record: false },
      { due_key: 'I3', due_h: '70', due_date: null, no_record: false },
      { due_key: 'I4', due_h: 10, due_date: null, no_record: true },
    ];
    expect(changedDueItems(b, a)).toBe(3);
  });
});

describe('a revision of the ATR 72-600 programme', () => {
  it('drafts from the programme, compares field by field, and activation recomputes only the aircraft a changed task applies to', async () => {
    const wfa = await one(`select aircraft_type from aircraft where registration = 'PK-WFA' and compcode = 'CTA'`);
    const type = Number(wfa.aircraft_type);
    const group = await one(`select id from inspection_group where compcode = 'CTA' order by id limit 1`);
    const task = (code: string, extra: Row) => ({ aircraft_type: type, task_code: code, title: `Test task ${code}`, inspection_group: group.id, task_type: 'GVI', whichever: 'FIRST', ...extra });
    ok(await t.call('POST', '/api/data/aircraft_type_inspection', { token: tok.planner, body: task('TST-CHG', { interval_fh: 60000, applies_to: '1302' }) }));
    ok(await t.call('POST', '/api/data/aircraft_type_inspection', { token: tok.planner, body: task('TST-DEL', { interval_days: 365, applies_to: 'PK-WFB' }) }));
    expect((await schedule('PK-WFA')).map((r) => r.item_code)).toContain('TST-CHG');
    expect((await schedule('PK-WFB')).map((r) => r.item_code)).toContain('TST-DEL');
    expect((await schedule('PK-WFC')).map((r) => r.item_code).filter((c) => String(c).startsWith('TST-'))).toEqual([]);

    // revision 1: a copy of the programme
    const active = Number((await one(`select count(*) as n from aircraft_type_inspection where aircraft_type = ${type} and active`)).n);
    const r1 = ok(await t.call('POST', '/api/data/programme_revision', { token: tok.planner, body: { aircraft_type: type, revision_date: '2026-11-01', reason: 'The programme as approved' } })).data;
    expect(r1.revision_no).toBe(1);
    expect(r1.revision_name).toBe('ATR 72-600 revision 1');
    expect(r1.based_on).toBeNull();
    expect(Number((await one(`select count(*) as n from programme_revision_task where programme_revision = ${r1.id}`)).n)).toBe(active);

    // not approved yet: refused
    expectError(await act('planner', 'activate_programme_revision', r1.id), 409);
    await approve(r1.id);
    const a1 = ok(await act('planner', 'activate_programme_revision', r1.id));
    expect([a1.added, a1.changed, a1.deleted, a1.items_changed]).toEqual([0, 0, 0, 0]);
    expect(a1.aircraft).toBe(5);
    expect((await schedule('PK-WFC')).every((r) => r.item_code === null || r.prog_revision === null || Number(r.prog_revision) === r1.id)).toBe(true);
    expect((await schedule('PK-WFC')).some((r) => Number(r.prog_revision) === r1.id)).toBe(true);
    // activating twice is refused; the programme is now changed only by revisions
    expectError(await act('planner', 'activate_programme_revision', r1.id), 409);
    const chgId = (await one(`select type_inspection_id from aircraft_type_inspection where aircraft_type = ${type} and task_code = 'TST-CHG'`)).type_inspection_id;
    const chg = ok(await t.call('GET', `/api/data/aircraft_type_inspection/${chgId}`, { token: tok.planner })).data;
    expectError(await t.call('PUT', `/api/data/aircraft_type_inspection/${chgId}`, { token: tok.planner, body: { ...editable('aircraft_type_inspection', chg), interval_fh: 30000 } }), 409);

    // revision 2: change one task, delete one, add one
    const r2 = ok(await t.call('POST', '/api/data/programme_revision', { token: tok.planner, body: { aircraft_type: type, revision_date: '2026-11-20', source_document: 'ATR 72 MPD Rev. 24', reason: 'MPD revision 24' } })).data;
    expect([r2.revision_no, r2.based_on]).toEqual([2, r1.id]);
    const doc = ok(await t.call('GET', `/api/data/programme_revision/${r2.id}`, { token: tok.planner })).data;
    const body = editable('programme_revision', doc);
    const lines = (body.tasks as Row[])
      .filter((l) => l.task_code !== 'TST-DEL')
      .map((l) => (l.task_code === 'TST-CHG' ? { ...l, interval_fh: 48000, tolerance_pc: 10 } : l));
    lines.push({ task_code: 'TST-ADD', title: 'Test task TST-ADD', inspection_group: group.id, task_type: 'GVI', whichever: 'FIRST', interval_fc: 200, applies_to: 'PK-WFA' });
    ok(await t.call('PUT', `/api/data/programme_revision/${r2.id}`, { token: tok.planner, body: { ...body, tasks: lines } }));

    // an MPD task list into the draft through the bulk import's preview (dry run): a new task passes,
    // a task code the draft has already is refused at its row, and a revision no longer a draft
    // takes no task; nothing is written
    const groupName = (await one(`select name from inspection_group where id = ${group.id}`)).name;
    const csv = (rev: string) => `Programme Revision,Task Code,Title,Inspection Group,Interval FC\n${rev},TST-MPD1,MPD task one,${groupName},400\n${rev},TST-CHG,MPD task again,${groupName},100\n`;
    const dry = await upload('programme_revision_task', 'dryRun=1&policy=valid', 'mpd.csv', csv('ATR 72-600 revision 2'));
    expect(dry.result).toMatchObject({ total: 2, imported: 0, failed: 1, committed: false });
    expect(dry.result.rows.map((r: Row) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, false],
    ]);
    const frozen = await upload('programme_revision_task', 'dryRun=1&policy=valid', 'mpd.csv', csv('ATR 72-600 revision 1'));
    expect(frozen.result).toMatchObject({ total: 2, imported: 0, failed: 2 });
    expect(Number((await one(`select count(*) as n from programme_revision_task where task_code = 'TST-MPD1'`)).n)).toBe(0);

    const cmp = ok(await t.call('GET', `/api/data/programme_revision_change?route=aircraft-maintenance/programme-revision-change&from_revision=${r1.id}&to_revision=${r2.id}&limit=50`, { token: tok.planner }));
    const listed = (cmp.data ?? cmp.list) as Row[];
    expect(listed.map((r) => [r.change, r.task_code, r.changed_field, r.old_value, r.new_value])).toEqual([
      ['ADDED', 'TST-ADD', null, null, null],
      ['CHANGED', 'TST-CHG', 'INTERVAL_FH', '1000:00', '800:00'],
      ['CHANGED', 'TST-CHG', 'TOLERANCE_PC', null, '10.00'],
      ['DELETED', 'TST-DEL', null, null, null],
    ].sort((x, y) => String(x[1]).localeCompare(String(y[1]))));

    await approve(r2.id);
    const [beforeC, beforeD, beforeE] = [await schedule('PK-WFC'), await schedule('PK-WFD'), await schedule('PK-WFE')];
    const a2 = ok(await act('planner', 'activate_programme_revision', r2.id));
    expect([a2.added, a2.changed, a2.deleted, a2.aircraft, a2.items_changed]).toEqual([1, 1, 1, 2, 3]);
    expect(a2.message).toBe('ATR 72-600 revision 2 is active: 1 task added, 1 changed, 1 deleted; the due items of 2 aircraft computed again, 3 due items changed.');

    // the aircraft no changed task applies to: untouched
    expect(await schedule('PK-WFC')).toEqual(beforeC);
    expect(await schedule('PK-WFD')).toEqual(beforeD);
    expect(await schedule('PK-WFE')).toEqual(beforeE);
    // PK-WFA: the new interval, the added task, both from revision 2; PK-WFB: the deleted task gone
    const wfaRows = await schedule('PK-WFA');
    const changed = wfaRows.find((r) => r.item_code === 'TST-CHG') as Row;
    expect([Number(changed.interval_h), Number(changed.prog_revision)]).toEqual([48000, r2.id]);
    const added = wfaRows.find((r) => r.item_code === 'TST-ADD') as Row;
    expect([Number(added.interval_c), Number(added.prog_revision)]).toEqual([200, r2.id]);
    expect((await schedule('PK-WFB')).map((r) => r.item_code)).not.toContain('TST-DEL');
    const due = ok(await t.call('GET', `/api/data/due_item/${encodeURIComponent(String(changed.due_key))}`, { token: tok.planner })).data;
    expect(Number(due.prog_revision)).toBe(r2.id);

    // revision 1 superseded and kept; its tasks frozen; the deleted task is an inactive inspection
    const s1 = await one(`select rev_status, superseded_by from programme_revision where id = ${r1.id}`);
    expect([s1.rev_status, Number(s1.superseded_by)]).toEqual(['SUPERSEDED', r2.id]);
    expect(Number((await one(`select count(*) as n from programme_revision_task where programme_revision = ${r1.id}`)).n)).toBe(active);
    const s2 = await one(`select rev_status, aircraft_recomputed, items_changed from programme_revision where id = ${r2.id}`);
    expect([s2.rev_status, Number(s2.aircraft_recomputed), Number(s2.items_changed)]).toEqual(['ACTIVE', 2, 3]);
    const del = await one(`select active, revision from aircraft_type_inspection where aircraft_type = ${type} and task_code = 'TST-DEL'`);
    expect([del.active, Number(del.revision)]).toEqual([false, r2.id]);
    const lineId = (await one(`select id from programme_revision_task where programme_revision = ${r1.id} and task_code = 'TST-CHG'`)).id;
    const line = ok(await t.call('GET', `/api/data/programme_revision_task/${lineId}`, { token: tok.planner })).data;
    expectError(await t.call('PUT', `/api/data/programme_revision_task/${lineId}`, { token: tok.planner, body: { ...editable('programme_revision_task', line), interval_fh: 1 } }), 409);
  });
});
