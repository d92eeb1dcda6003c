/**
 * Approvals end to end through HTTP: material requests (§7) sent to the workflow, the task calls
 * (§7 Tasks) acting on them, history, attachments, prints and exports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let item = 0;

function multipart(fields: Record<string, string>, files: { name: string; filename: string; content: string }[] = []) {
  const boundary = `----aero${Date.now()}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  for (const f of files) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: text/plain\r\n\r\n${f.content}\r\n`);
  parts.push(`--${boundary}--\r\n`);
  return { payload: parts.join(''), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(url: string, token: string, fields: Record<string, string>, files: { name: string; filename: string; content: string }[] = []) {
  const m = multipart(fields, files);
  const r = await t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${token}` } });
  return { status: r.statusCode, body: r.json() };
}

async function newMr(user = 'storekeeper', remark = 'AOG: main wheel and brake, PK-GTB') {
  const r = await t.call('POST', '/api/aircraft-mrequest', {
    token: tok[user],
    body: {
      jasa: 0,
      registration: 'PK-GTB',
      remark,
      lines: [
        { linetype: 1, item, quantity: 2, description: 'Brake assembly' },
        { linetype: 1, item, quantity: 1, description: 'Main wheel' },
        { linetype: 3, glaccount: '5101', description: 'AOG freight', quantity: 1 },
      ],
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { requestkey: number; requestno: string; statuswf: string; lines: { reqdtlkey: number; invunitom: string }[] };
}

const pending = async (user: string) => (await t.call('GET', '/api/tasktodo', { token: tok[user] })).body as { taskkey: number; taskassignkey: number; taskname: string }[];

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['storekeeper', 'approver', 'engineer', 'planner', 'purchaser']) tok[u] = (await t.signIn(u, 'demo1234')).token;
  const admin = await t.signIn('admin', 'admin123');
  tok.admin = admin.token;
  await t.call('PUT', `/api/users/ulc/${admin.user.user_id}`, { token: admin.token, body: { compcode: 'GAT' } });
  const lookup = await t.call('GET', '/api/data/material_request_line/lookup/item?limit=1', { token: tok.storekeeper });
  item = lookup.body.list[0].key;
});
afterAll(async () => t?.close());

describe('material requests and approvals through HTTP', () => {
  it("Approvals Waiting counts the company's open assignments per workflow and step; a storekeeper may not read it", async () => {
    const approver = await t.signIn('approver', 'demo1234');
    const cc = String(approver.user.compcode);
    const rows = await t.call('GET', '/api/data/wf_waiting_step?route=admin/approvals-waiting&limit=50', { token: approver.token });
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    const open = await t.services.database.db
      .selectFrom('wf_assignment as a')
      .innerJoin('wf_task as k', 'k.taskkey', 'a.taskkey')
      .select(['k.wftypekey', 'a.step_seq'])
      .where('k.compcode', '=', cc)
      .where('a.completeddate', 'is', null)
      .where('k.statuswf', '=', '100')
      .execute();
    expect(open.length).toBeGreaterThan(0); // the demo has documents on process
    const byStep = new Map<string, number>();
    for (const o of open) byStep.set(`${o.wftypekey}-${o.step_seq}`, (byStep.get(`${o.wftypekey}-${o.step_seq}`) ?? 0) + 1);
    expect(Object.fromEntries(rows.body.list.map((r: { waiting_key: string; waiting: number }) => [r.waiting_key, Number(r.waiting)]))).toEqual(Object.fromEntries(byStep));
    // each bar is labelled by its step's name only, never the workflow's code (issue 37 point 6)
    const names = await t.services.database.db.selectFrom('wf_step').select(['wftypekey', 'seq', 'step_name']).execute();
    for (const r of rows.body.list as Array<{ waiting_key: string; label: string }>) {
      const s = names.find((n) => `${n.wftypekey}-${n.seq}` === r.waiting_key);
      expect(r.label).toBe(s?.step_name ?? `Step ${r.waiting_key.split('-')[1]}`);
      expect(r.label).not.toContain(' / ');
    }
    expect((await t.call('GET', '/api/data/wf_waiting_step?route=admin/approvals-waiting', { token: tok.storekeeper })).status).toBe(403);
  });

  it('creates a request with lines (unit defaults to PCS) and refuses bad lines, writing nothing', async () => {
    const mr = await newMr();
    expect(mr.requestno).toMatch(/^MR-\d{4}-\d{5}$/);
    expect(mr.statuswf).toBe('000');
    expect(mr.lines.map((l) => l.invunitom)).toEqual(['PCS', 'PCS', 'PCS']);
    const before = await t.call('GET', `/api/aircraft-mrequest/byrequestor?limit=1`, { token: tok.storekeeper });
    const bad = await t.call('POST', '/api/aircraft-mrequest', { token: tok.storekeeper, body: { jasa: 0, lines: [{ linetype: 1, item }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please fill the form correctly.');
    expect(bad.body.errors).toContainEqual({ path: '/lines/0/quantity', message: 'is required' });
    const after = await t.call('GET', `/api/aircraft-mrequest/byrequestor?limit=1`, { token: tok.storekeeper });
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });

  it('lists lines and headers with the filters, applying only non-empty ones', async () => {
    const mr = await newMr('storekeeper', 'filter check');
    const lines = await t.call('GET', `/api/aircraft-mrequest?requestno=${mr.requestno}&jasa=&uraian=&limit=50`, { token: tok.storekeeper });
    expect(lines.status).toBe(200);
    expect(lines.body.meta.total).toBe(3);
    expect(lines.body.list[0]).toMatchObject({ requestkey: mr.requestkey, requestno: mr.requestno, aircraft_registration: 'PK-GTB', statuswf: '000' });
    const wheel = await t.call('GET', `/api/aircraft-mrequest?requestno=${mr.requestno}&uraian=wheel`, { token: tok.storekeeper });
    expect(wheel.body.meta.total).toBe(1);
    const heads = await t.call('GET', `/api/aircraft-mrequest/list?requestno=${mr.requestno}`, { token: tok.storekeeper });
    expect(heads.body.list).toHaveLength(1);
    const mine = await t.call('GET', `/api/aircraft-mrequest/byrequestorheader?requestno=${mr.requestno}`, { token: tok.purchaser });
    expect(mine.body.meta.total).toBe(0);
    const dated = await t.call('GET', `/api/aircraft-mrequest?tgl1=2000-01-01&tgl2=2000-01-31`, { token: tok.storekeeper });
    expect(dated.body.meta.total).toBe(0);
    expect((await t.call('GET', `/api/aircraft-mrequest?tgl1=yesterday`, { token: tok.storekeeper })).status).toBe(400);
    // another company's user sees none of these lines
    const other = await t.call('GET', `/api/aircraft-mrequest?requestno=${mr.requestno}`, { token: tok.planner });
    expect([200, 403]).toContain(other.status);
    if (other.status === 200) expect(other.body.meta.total).toBe(0);
  });

  it('sends with an attachment, routes to a colleague who approves: 111 with full history', async () => {
    const mr = await newMr();
    const sent = await upload('/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.requestkey) }, [{ name: 'file', filename: 'quote.txt', content: 'Vendor quote 2026-117' }]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mine = (await pending('approver')).find((x) => x.taskkey === sent.body.taskkey);
    expect(mine?.taskname).toBe(`Material Request ${mr.requestno}`);
    const list = await t.call('GET', '/api/tasktodo/mypending?page=1&limit=20&sortBy=createdon&sortDir=asc', { token: tok.approver });
    expect(list.body.meta.total).toBeGreaterThanOrEqual(1);
    const team = await t.call('GET', '/api/tasktodo/teampending?page=1&limit=20', { token: tok.engineer });
    expect(team.body.list.find((x: { taskkey: number }) => x.taskkey === sent.body.taskkey)).toMatchObject({ crewname: 'Hendra Gunawan' });

    const detail = await t.call('GET', `/api/tasktodo/detail/?key=${mine?.taskassignkey}`, { token: tok.approver });
    expect(detail.body.success).toBe(1);
    const [[header], history, attachments] = detail.body.data;
    expect(header).toMatchObject({ taskkey: sent.body.taskkey, createdby: 'Budi Santoso', jabatan: 'Storekeeper', departkd: 'STR', isTask: 0, canAct: 1 });
    // the workflow by its title for the reader (fixtures/reference/20-workflows.yaml), its code beside it (issue 37 point 6)
    expect(header).toMatchObject({ wfname: 'MR-APPROVAL', wftitle: 'Material request approval' });
    expect(history).toHaveLength(1);
    expect(attachments).toEqual([expect.objectContaining({ attchFileNm: 'quote.txt', taskkey: sent.body.taskkey })]);

    // the spec's checks
    const act = (user: string, body: Record<string, unknown>) => t.call('POST', '/api/tasktodo/doaction', { token: tok[user], body });
    const k = mine?.taskassignkey;
    expect((await act('approver', { taskassignkey: k, actionTake: 'APPROVED', comment: '' })).body.message).toBe('Please fill the form correctly.');
    expect((await act('approver', { taskassignkey: k, actionTake: 'APPROVED', comment: 'x'.repeat(1001) })).status).toBe(400);
    expect((await act('approver', { taskassignkey: k, actionTake: 'ROUTING', isrouting: 1, comment: 'to?' })).status).toBe(400);
    expect((await act('approver', { taskassignkey: k, actionTake: 'PENDING', postponed: 1, comment: 'later' })).status).toBe(400);
    expect((await act('purchaser', { taskassignkey: k, actionTake: 'APPROVED', comment: 'not mine' })).status).toBe(403);

    const routed = await act('approver', { taskassignkey: k, actionTake: 'ROUTING', isrouting: 1, routeToUser: 'engineer', comment: 'Please check stock first' });
    expect(routed.body).toMatchObject({ success: 1 });
    expect((await act('approver', { taskassignkey: k, actionTake: 'APPROVED', comment: 'again' })).status).toBe(409);
    const eng = (await pending('engineer')).find((x) => x.taskkey === sent.body.taskkey);
    const approved = await act('engineer', { taskassignkey: eng?.taskassignkey, actionTake: 'APPROVED', comment: 'Stock checked, approved' });
    expect(approved.body).toMatchObject({ success: 1, statuswf: '111' });
    const doc = await t.call('GET', `/api/aircraft-mrequest/detail/${mr.requestkey}`, { token: tok.storekeeper });
    expect(doc.body[0][0].statuswf).toBe('111');
    expect(doc.body[1]).toHaveLength(3);
    const hist = await t.call('GET', `/api/aircraft-mrequest/actionhistory/${mr.requestkey}`, { token: tok.storekeeper });
    expect(hist.body.data.map((h: { actiontake: string; crewname: string }) => [h.actiontake, h.crewname])).toEqual([
      ['ROUTING', 'Hendra Gunawan'],
      ['APPROVED', 'Dewi Lestari'],
    ]);
    const th = await t.call('GET', `/api/tasktodo/history/${sent.body.taskkey}`, { token: tok.storekeeper });
    expect(th.body.data).toHaveLength(2);
  });

  it('lets exactly one of twenty simultaneous actions on one assignment succeed', async () => {
    const mr = await newMr('storekeeper', 'race');
    const sent = await upload('/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.requestkey) });
    const k = (await pending('approver')).find((x) => x.taskkey === sent.body.taskkey)?.taskassignkey;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: k, actionTake: i % 2 ? 'APPROVED' : 'REJECTED', comment: `attempt ${i}` } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('rejects: 110; closes lines of approved requests only; deletes drafts only; cancels a send', async () => {
    const mr = await newMr('storekeeper', 'to reject');
    const sent = await upload('/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.requestkey) });
    const k = (await pending('approver')).find((x) => x.taskkey === sent.body.taskkey)?.taskassignkey;
    await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: k, actionTake: 'REJECTED', comment: 'Use the pool part' } });
    expect((await t.call('GET', `/api/aircraft-mrequest/detail/${mr.requestkey}`, { token: tok.storekeeper })).body[0][0].statuswf).toBe('110');
    expect((await t.call('PUT', `/api/aircraft-mrequest/closed/${mr.lines[0].reqdtlkey}`, { token: tok.storekeeper })).status).toBe(409);
    expect((await t.call('DELETE', `/api/aircraft-mrequest/${mr.requestkey}`, { token: tok.admin })).status).toBe(409);

    const draft = await newMr('storekeeper', 'to delete');
    expect((await t.call('DELETE', `/api/aircraft-mrequest/${draft.requestkey}`, { token: tok.storekeeper })).status).toBe(403); // no D letter
    expect((await t.call('DELETE', `/api/aircraft-mrequest/${draft.requestkey}`, { token: tok.admin })).status).toBe(200);
    expect((await t.call('GET', `/api/aircraft-mrequest/detail/${draft.requestkey}`, { token: tok.storekeeper })).status).toBe(404);

    const c = await newMr('storekeeper', 'to cancel');
    await upload('/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(c.requestkey) });
    const cancelled = await t.call('PUT', `/api/aircraft-mrequest/send2wfCancel/${c.requestkey}`, { token: tok.storekeeper });
    expect(cancelled.status).toBe(200);
    expect((await t.call('GET', `/api/aircraft-mrequest/detail/${c.requestkey}`, { token: tok.storekeeper })).body[0][0].statuswf).toBe('000');

    // an approved request's line can be closed once
    const ok = await newMr('storekeeper', 'to close');
    const s2 = await upload('/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(ok.requestkey) });
    const k2 = (await pending('approver')).find((x) => x.taskkey === s2.body.taskkey)?.taskassignkey;
    await t.call('POST', '/api/tasktodo/doaction', { token: tok.approver, body: { taskassignkey: k2, actionTake: 'APPROVED', comment: 'ok' } });
    expect((await t.call('PUT', `/api/aircraft-mrequest/closed/${ok.lines[1].reqdtlkey}`, { token: tok.storekeeper })).status).toBe(200);
    expect((await t.call('PUT', `/api/aircraft-mrequest/closed/${ok.lines[1].reqdtlkey}`, { token: tok.storekeeper })).status).toBe(409);
    const open = await t.call('GET', `/api/aircraft-mrequest?requestno=${ok.requestno}&outstand=1`, { token: tok.storekeeper });
    expect(open.body.meta.total).toBe(2);
  });

  it('prints a request as a PDF showing its lines, and refuses a print without a request', async () => {
    const mr = await newMr('storekeeper', 'print me');
    expect((await t.call('GET', '/api/aircraft-mrequest/print', { token: tok.storekeeper })).body.message).toBe('Please select a row that want to be Printed!');
    const job = await t.call('GET', `/api/aircraft-mrequest/print?key=${mr.requestkey}`, { token: tok.storekeeper });
    expect(job.body.id).toBeTruthy();
    const pdf = await t.app.inject({ method: 'GET', url: `/api/printpreview/pdf/${job.body.id}` });
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'mr-pdf-'));
    writeFileSync(join(dir, 'mr.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [join(dir, 'mr.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(mr.requestno);
    expect(text).toContain('Brake assembly');
    expect(text).toContain('Main wheel');
    expect(text).toContain('AOG freight');
  });

  it('exports open requisitions and approvals as spreadsheets', async () => {
    const x = await t.app.inject({ method: 'GET', url: '/api/aircraft-mrequest/exportxls?jasa=0', headers: { authorization: `Bearer ${tok.storekeeper}` } });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toBe('attachment; filename="open_requisition_list.xlsx"');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const today = new Date().toISOString().slice(0, 10);
    const a = await t.app.inject({ method: 'GET', url: `/api/apreval/exportxls?tgl1=2000-01-01&tgl2=${today}`, headers: { authorization: `Bearer ${tok.approver}` } });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-disposition']).toContain('apreval_list');
    expect((await t.call('GET', '/api/apreval/exportxls?tgl1=x', { token: tok.approver })).status).toBe(400);
  });

  it('handles task attachments: a file is required; upload, list, download, delete', async () => {
    const mr = await newMr('storekeeper', 'attachments');
    const sent = await upload('/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.requestkey) });
    const none = await upload('/api/tasktodo/attachment', tok.approver, { tablekey: String(sent.body.taskkey) });
    expect(none.body.message).toBe('Please choose a file');
    const up = await upload('/api/tasktodo/attachment', tok.approver, { tablekey: String(sent.body.taskkey), filename: 'stock-check.txt' }, [{ name: 'file', filename: 'x.txt', content: 'two units in CGK-H4' }]);
    expect(up.body.data).toEqual([expect.objectContaining({ attchFileNm: 'stock-check.txt' })]);
    const key = up.body.data[0].attachmentKey;
    const dl = await t.app.inject({ method: 'GET', url: `/api/tasktodo/attachment/${key}`, headers: { authorization: `Bearer ${tok.storekeeper}` } });
    expect(dl.body).toBe('two units in CGK-H4');
    expect((await t.call('GET', `/api/tasktodo/attachmentlist/${sent.body.taskkey}`, { token: tok.storekeeper })).body.data).toHaveLength(1);
    // not a participant: not found
    expect((await t.call('GET', `/api/tasktodo/attachmentlist/${sent.body.taskkey}`, { token: tok.purchaser })).status).toBe(404);
    expect((await t.call('DELETE', `/api/tasktodo/attachment/${key}`, { token: tok.approver })).body.data).toEqual([]);
  });

  it('shows the department budget and prints the history', async () => {
    const b = await t.call('GET', `/api/budgetdept/viewprint?departkd=STR&departemen=Stores&tahun=${new Date().getUTCFullYear()}`, { token: tok.approver });
    expect(b.status).toBe(200);
    expect(String(b.body)).toContain('Spare parts and rotables');
    const mr = await newMr('storekeeper', 'history print');
    const sent = await upload('/api/aircraft-mrequest/send2wf', tok.storekeeper, { requestkey: String(mr.requestkey) });
    const job = await t.call('GET', `/api/tasktodo/historyprint/${sent.body.taskkey}`, { token: tok.storekeeper });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/printpreview/pdf/${job.body.id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
