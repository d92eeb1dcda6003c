/**
 * The API description and the answers' serialisation (issue 23 points 1 and 6):
 * - GET /api/openapi.json is a valid OpenAPI 3.1 document (checked against the official schema by
 *   @seriousme/openapi-schema-validator) and names every route the server registered;
 * - every list the admin can open is sent by the compiled serialiser byte for byte as
 *   JSON.stringify would send it (the schema only names types, it drops and changes nothing);
 * - answers of 1 KB and more are compressed (brotli or gzip as accepted), small ones are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { openApiPath } from '../src/api/openapi.ts';
import { STARTUP_TIMEOUT } from './support.ts';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.signIn('admin', 'admin123')).token;
}, STARTUP_TIMEOUT);
afterAll(async () => t?.close());

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and lists every registered route', async () => {
    const res = await t.call('GET', '/api/openapi.json', { token });
    expect(res.status).toBe(200);
    const doc = res.body;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');

    const paths = doc.paths as Record<string, Record<string, unknown>>;
    // a path template matches a documented path when each {param} stands for one segment
    const documented = (template: string, method: string) => {
      const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      return Object.entries(paths).some(([p, item]) => re.test(p) && item[method] !== undefined);
    };
    const missing: string[] = [];
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(60);
    for (const r of api) if (!documented(openApiPath(r.url), r.method.toLowerCase())) missing.push(`${r.method} ${r.url}`);
    expect(missing).toEqual([]);

    // every entity has its own list, read, create, update and delete, with its schemas; the
    // internal tables (written by the server alone) are not described at all (issue 32.7)
    for (const e of t.services.reg.entities.values()) {
      if (e.system) {
        expect(Object.keys(paths).filter((p) => p.startsWith(`/api/data/${e.name}/`) || p === `/api/data/${e.name}`), e.name).toEqual([]);
        continue;
      }
      expect(paths[`/api/data/${e.name}`]?.get, e.name).toBeDefined();
      expect(paths[`/api/data/${e.name}`]?.post, e.name).toBeDefined();
      expect(paths[`/api/data/${e.name}/{key}`]?.put, e.name).toBeDefined();
    }
    for (const internal of ['sys_refresh_token', 'sys_setting', 'sys_login_throttle', 'sys_rate_limit', 'sys_audit']) {
      expect(paths[`/api/data/${internal}`], internal).toBeUndefined();
      expect(JSON.stringify(doc)).not.toContain('token_hash');
    }
    const aircraft = paths['/api/data/aircraft'] as Record<string, any>;
    expect(aircraft.get['x-letters']).toBe('R');
    expect(aircraft.post['x-letters']).toBe('C');
    expect(aircraft.post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AircraftInput' });
    // the input schema is the one the forms validate with: required fields and bounds from metadata
    expect(doc.components.schemas.AircraftInput.additionalProperties).toBe(false);
    // a plugin action with the letter its metadata declares
    const actions = Object.entries(paths).filter(([p]) => /^\/api\/data\/[a-z_0-9]+\/action\/[a-z_0-9]+$/.test(p));
    expect(actions.length).toBeGreaterThan(10);
    for (const [p, item] of actions) expect(item.post, p).toMatchObject({ 'x-letters': expect.stringMatching(/^[CRUDPO]$/) });
    // public calls need no token
    expect((paths['/api/auth/signin'] as Record<string, any>).post.security).toEqual([]);
    expect(doc.components.schemas.Error.properties.code.enum).toContain('ERR_LOCKED');
  });

  it('lists exactly the routes the server registers, both ways, and only where each is served', async () => {
    const doc = (await t.call('GET', '/api/openapi.json', { token })).body;
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    const patterns = api.map((r) => ({ method: r.method.toLowerCase(), re: new RegExp(`^${r.url.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`) }));
    // every described operation is a registered route (its {params} as one segment each)
    const extra: string[] = [];
    for (const [p, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      const concrete = p.replace(/\{[^}]+\}/g, 'x');
      for (const m of Object.keys(item)) if (!patterns.some((x) => x.method === m && x.re.test(concrete))) extra.push(`${m} ${p}`);
    }
    expect(extra).toEqual([]);
    // an entity's import only where the import route serves it; a lookup's copy only for a field that copies
    const reg = t.services.reg;
    for (const e of reg.entities.values()) {
      const importable = !e.system && !e.view && reg.screensOfEntity(e.name).some((sc) => sc.kind === 'list');
      expect(Boolean(doc.paths[`/api/data/${e.name}/import/template`]), e.name).toBe(importable);
      const copy = doc.paths[`/api/data/${e.name}/lookup/{field}/copy/{key}`];
      if (copy) {
        for (const f of copy.get.parameters.find((x: { name: string }) => x.name === 'field').schema.enum) {
          const field = [e, ...e.children.map((c) => reg.entity(c.entity))].flatMap((x) => x.fields).find((x) => x.name === f);
          expect(field?.lookup?.copy, `${e.name}.${f}`).toBeTruthy();
        }
      }
    }
    const lookups = Object.keys(doc.paths).filter((p) => p.endsWith('/lookup/{field}'));
    const copies = Object.keys(doc.paths).filter((p) => p.endsWith('/copy/{key}'));
    expect(copies.length).toBeLessThan(lookups.length);
    // the statuses the issue found missing
    expect(Object.keys(doc.paths['/api/auth/signin'].post.responses)).toEqual(expect.arrayContaining(['401', '429']));
    expect(Object.keys(doc.paths['/api/aircraft-mrequest/send2wfCancel/{requestkey}'].put.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/data/aircraft/{key}/history'].get.responses)).toContain('404');
    expect(Object.keys(doc.paths['/api/data/aircraft/{key}/pdf'].get.responses)).toContain('404');
    expect(Object.keys(doc.paths['/api/data/aircraft/lookup/{field}'].get.responses)).toContain('400');
    // and one answer that proves an undescribed import really is not served
    const notServed = [...reg.entities.values()].find((e) => !e.system && !doc.paths[`/api/data/${e.name}/import/template`]);
    if (notServed) expect((await t.call('GET', `/api/data/${notServed.name}/import/template`, { token })).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(401);
  });
});

describe('compiled list serialisers', () => {
  it('send every list exactly as JSON.stringify would', async () => {
    const reg = t.services.reg;
    let checked = 0;
    for (const sc of reg.screens.values()) {
      if (sc.kind !== 'list' && sc.kind !== 'report') continue;
      const url = `/api/data/${sc.entity}?route=${sc.module}/${sc.route}&limit=50`;
      t.services.config.compiledSerializers = true;
      const compiled = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      t.services.config.compiledSerializers = false;
      const plain = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      t.services.config.compiledSerializers = true;
      expect(compiled.statusCode, url).toBe(plain.statusCode);
      if (compiled.statusCode !== 200) continue;
      expect(compiled.body, url).toBe(plain.body);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('compression', () => {
  it('compresses large answers as the client accepts and leaves small ones alone', async () => {
    const plain = await t.call('GET', '/api/openapi.json', { token });
    const br = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(plain.body).length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.body);
    // the security headers are still there
    expect(gz.headers['cache-control']).toBe('no-store');
    // below 1 KB: sent as it is
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
