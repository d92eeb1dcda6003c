/**
 * Prints: HTML from the Handlebars default template (user text escaped) and PDF through Chromium
 * with a warm browser; print jobs for previews; letter P enforced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { PdfRenderer } from '../src/print/pdf.ts';
import { DEMO_PASSWORD, createUser } from './support.ts';
import { pdfText } from '../../test/helpers/pdf.ts';

describe('prints', () => {
  let t: TestApp;
  let token = '';
  let roleId = 0;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.signIn('admin', 'admin123')).token;
    const menus = await t.services.database.db.selectFrom('menu').select(['menu_id', 'title']).where('modulname', '=', 'admin').where('route', 'is not', null).orderBy('menu_id').limit(3).execute();
    const created = await t.call('POST', '/api/data/role', {
      token,
      body: { role_name: 'Night <b>shift</b> & "AOG" desk', description: '<script>alert(1)</script>', menus: menus.map((m) => ({ menu_id: m.menu_id, permission: 'R' })) },
    });
    expect(created.status).toBe(200);
    roleId = created.body.data.id;
  });
  afterAll(async () => t?.close());

  it('prints HTML with every line and user text escaped', async () => {
    const r = await t.call('GET', `/api/data/role/${roleId}/print`, { token });
    expect(r.status).toBe(200);
    const html = String(r.body);
    expect(html).toContain('Night &lt;b&gt;shift&lt;/b&gt; &amp; &quot;AOG&quot; desk');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect((html.match(/<tr><td>\d+<\/td>/g) ?? []).length).toBe(3);
  });

  it('renders a PDF through Chromium that shows the lines', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/data/role/${roleId}/pdf`, headers: { authorization: `Bearer ${token}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const buf = r.rawPayload;
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(buf);
    expect(text).toContain('Night <b>shift</b> & "AOG" desk');
    expect(text).toContain('Letters per menu');
    expect(text).toMatch(/Page 1 of 1/);
  });

  it('serves a print preview by a short-lived job id, and refuses unknown ids', async () => {
    const job = await t.call('POST', `/api/data/role/${roleId}/printjob`, { token });
    expect(job.status).toBe(200);
    expect(job.body.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/printpreview/pdf/${job.body.id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', '/api/printpreview/pdf/not-a-job')).status).toBe(404);
    await t.services.database.db.updateTable('sys_print_job').set({ expires_at: '2000-01-01T00:00:00Z' }).where('print_id', '=', job.body.id).execute();
    expect((await t.call('GET', `/api/printpreview/pdf/${job.body.id}`)).status).toBe(404);
  });

  it('refuses printing without P', async () => {
    const viewer = await t.signIn('storekeeper', 'demo1234'); // no admin letters
    expect((await t.call('GET', `/api/data/role/${roleId}/pdf`, { token: viewer.token })).status).toBe(403);
    expect((await t.call('POST', `/api/data/role/${roleId}/printjob`, { token: viewer.token })).status).toBe(403);
  });

  it('names Chromium in a clear error when it is missing, and keeps working otherwise', async () => {
    const missing = new PdfRenderer('/nonexistent/chromium');
    await expect(missing.render('<p>x</p>')).rejects.toMatchObject({ code: 'ERR_UNAVAILABLE', message: expect.stringContaining('/nonexistent/chromium') });
    expect((await t.call('GET', `/api/data/role/${roleId}/print`, { token })).status).toBe(200);
  });

  it('renders concurrent prints with a small pool of warm pages', async () => {
    const renders = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: `/api/data/role/${roleId}/pdf`, headers: { authorization: `Bearer ${token}` } })));
    expect(renders.every((r) => r.statusCode === 200 && r.rawPayload.subarray(0, 5).toString() === '%PDF-')).toBe(true);
  });

  // issue 32 pt 7: a print reads the row as the record read does, so a personal field the record
  // hides from a reader is hidden in every print of it too (HTML, PDF, the preview job), and shown
  // in each to whoever the record shows it to (decision 0266)
  it('hides a personal field (bank account) from a reader the record hides it from, in every print, and prints it for whoever sees it', async () => {
    const db = t.services.database.db;
    const subject = await createUser(t, { username: 'print.subject', full_name: 'Print Subject', companies: { GAT: 'viewer' } });
    await db.updateTable('users').set({ bank_name: 'Bank Mandiri', bank_rekno: '5550001112' }).where('user_id', '=', subject).execute();
    await createUser(t, { username: 'print.reader', companies: { GAT: { 'admin/user': 'RP' } } });
    const reader = (await t.signIn('print.reader', DEMO_PASSWORD)).token;
    await createUser(t, { username: 'print.admin', companies: { GAT: 'administrator' } });
    const admin = (await t.signIn('print.admin', DEMO_PASSWORD)).token;
    const pdfOf = async (tok: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/data/users/${subject}/pdf`, headers: { authorization: `Bearer ${tok}` } });
      expect(r.statusCode, r.body).toBe(200);
      return pdfText(r.rawPayload);
    };
    const previewOf = async (tok: string) => {
      const job = await t.call('POST', `/api/data/users/${subject}/printjob`, { token: tok });
      expect(job.status, JSON.stringify(job.body)).toBe(200);
      const r = await t.app.inject({ method: 'GET', url: `/api/printpreview/pdf/${job.body.id}` });
      expect(r.statusCode).toBe(200);
      return pdfText(r.rawPayload);
    };
    // the reader (R and P, no U): null on the record, absent from the HTML print, the PDF and the preview
    const rec = await t.call('GET', `/api/data/users/${subject}`, { token: reader });
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    expect([rec.body.data.bank_rekno, rec.body.data.bank_name]).toEqual([null, null]);
    const html = await t.call('GET', `/api/data/users/${subject}/print`, { token: reader });
    expect(html.status).toBe(200);
    expect(String(html.body)).toContain('Print Subject');
    expect(String(html.body)).not.toContain('5550001112');
    for (const text of [await pdfOf(reader), await previewOf(reader)]) {
      expect(text).toContain('Print Subject');
      expect(text).not.toContain('5550001112');
      expect(text).not.toContain('Bank Mandiri');
    }
    // the administrator (U on users in GAT, the subject's only company) sees it on the record and in each print
    expect((await t.call('GET', `/api/data/users/${subject}`, { token: admin })).body.data.bank_rekno).toBe('5550001112');
    expect(String((await t.call('GET', `/api/data/users/${subject}/print`, { token: admin })).body)).toContain('5550001112');
    expect(await pdfOf(admin)).toContain('5550001112');
    expect(await previewOf(admin)).toContain('5550001112');
  });
});
