/**
 * Forms validate in the browser without eval (docs/decisions/0054): the CSP has no
 * 'unsafe-eval'; the server serves each form's validator compiled from the one schema it
 * validates with; and for every form of the metadata the compiled validator, run with the helpers
 * the renderer bundles, gives exactly the errors of the validator the browser used before
 * (@rjsf/validator-ajv8 compiling the schema with `new Function`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import validatorAjv8, { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { createSchemaUtils, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { startTestApp, type TestApp } from '../../test/helpers/app.ts';
import { CSP } from '../src/app.ts';
import { compileValidatorModule, formValidatorModule, VALIDATOR_RUNTIME_MODULES } from '../../engine/src/metadata/form-validator.ts';
import { formSchema, type JsonSchema } from '../../engine/src/metadata/json-schema.ts';
import type { FormScreenDef } from '../../engine/src/metadata/registry.ts';
import { validateBody } from '../../engine/src/crud/validate-body.ts';
import type { AppError } from '../../engine/src/errors.ts';
import { VALIDATOR_RUNTIME, validatorRequire } from '../../renderer/src/generic/form/validatorRuntime.ts';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.signIn('admin', 'admin123')).token;
});

afterAll(async () => {
  await t?.close();
});

/** The directives of a CSP header by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** Imports a validator module's source as the browser does and builds its functions. */
async function functionsOf(code: string): Promise<ValidatorFunctions> {
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: (req: (name: string) => unknown) => ValidatorFunctions };
  return mod.default(validatorRequire);
}

describe('content security policy', () => {
  it('allows scripts from the app only: no eval, no inline script', async () => {
    for (const path of ['/', '/api/health', '/api/meta/routes', '/api/meta/screen/aircraft-logistic/mr-form']) {
      const r = await t.call('GET', path, { token });
      const csp = String(r.headers['content-security-policy']);
      expect(csp, path).toBe(CSP);
      expect(directives(csp).get('script-src'), path).toEqual(["'self'"]);
      expect(csp, path).not.toContain('unsafe-eval');
      expect(directives(csp).get('default-src'), path).toEqual(["'self'"]);
    }
  });
});

describe('GET meta/validator/{module}/{route}/{hash}.js', () => {
  it('serves the compiled validator the screen metadata names, cached for good, to a module import without a token', async () => {
    const meta = await t.call('GET', '/api/meta/screen/aircraft-logistic/mr-form', { token });
    expect(meta.status).toBe(200);
    const path = String(meta.body.validator);
    expect(path).toMatch(/^meta\/validator\/aircraft-logistic\/mr-form\/[0-9a-f]{64}\.js$/);
    // a module import sends no Authorization header
    const r = await t.call('GET', `/api/${path}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const code = String(r.body);
    expect(createHash('sha256').update(code).digest('hex')).toBe(/([0-9a-f]{64})\.js$/.exec(path)?.[1]);
    expect(code).toMatch(/^\/\/ The validator of form aircraft-logistic\/mr-form/);
    expect(code).not.toMatch(/new Function|\beval\(/);
    // the same schema the screen sends: its functions validate the form's data
    const schema = meta.body.schema as RJSFSchema;
    const v = createPrecompiledValidator(await functionsOf(code), schema);
    const errors = v.validateFormData({ requestdate: '2026-11-24', requestor: 1, lines: [{ quantity: -1 }] }, schema).errors;
    // quantity: decimal, min 0.01 (metadata/logistic/requests.yaml)
    expect(errors.map((e) => `${e.property} ${e.message}`)).toEqual(['.lines.0.quantity must be >= 0.01']);
    expect(v.validateFormData({ requestdate: '2026-11-24', requestor: 1, lines: [{ quantity: 2 }] }, schema).errors).toEqual([]);
    // the same address again: the same answer
    expect(String((await t.call('GET', `/api/${path}`)).body)).toBe(code);
  });

  it('answers only the hash of the current code of a form: anything else is not found, and not cached', async () => {
    const meta = await t.call('GET', '/api/meta/screen/aircraft-logistic/mr-form', { token });
    const hash = /([0-9a-f]{64})\.js$/.exec(String(meta.body.validator))![1];
    const other = hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const path of [
      `/api/meta/validator/aircraft-logistic/mr-form/${other}.js`,
      `/api/meta/validator/aircraft-logistic/mr-form/${hash}`,
      `/api/meta/validator/aircraft-logistic/mr-form/${hash.toUpperCase()}.js`,
      `/api/meta/validator/aircraft-logistic/pr-form/${hash}.js`, // another form
      `/api/meta/validator/aircraft-logistic/mr-list/${hash}.js`, // a list has no validator
      `/api/meta/validator/aircraft-logistic/no-such-route/${hash}.js`,
    ]) {
      const r = await t.call('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body.code, path).toBe('ERR_ROUTE_NOT_FOUND');
      expect(r.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('is named only by screen metadata the user may read', async () => {
    const storekeeper = (await t.signIn('storekeeper', 'demo1234')).token;
    // the storekeeper has no letters on the admin module
    expect((await t.call('GET', '/api/meta/screen/admin/company-form', { token: storekeeper })).status).toBe(403);
    const own = await t.call('GET', '/api/meta/screen/aircraft-logistic/store-warehouse-form', { token: storekeeper });
    expect(own.status).toBe(200);
    expect(own.body.validator).toMatch(/^meta\/validator\/aircraft-logistic\/store-warehouse-form\/[0-9a-f]{64}\.js$/);
    // other answers keep no-store
    expect(own.headers['cache-control']).toBe('no-store');
    const list = await t.call('GET', '/api/meta/screen/aircraft-logistic/store-warehouse', { token: storekeeper });
    expect(list.body.validator).toBeUndefined();
  });
});

describe('compiled validators', () => {
  it('need only the helpers the renderer bundles, and compile the same code every time', () => {
    expect(Object.keys(VALIDATOR_RUNTIME).sort()).toEqual([...VALIDATOR_RUNTIME_MODULES].sort());
    const form = t.services.reg.screen('aircraft-maintenance', 'fleet-afl-form') as FormScreenDef;
    const a = compileValidatorModule(formSchema(t.services.reg, form), 'a/b');
    const b = compileValidatorModule(formSchema(t.services.reg, form), 'a/b');
    expect(b).toEqual(a);
    expect(() => validatorRequire('ajv/dist/compile/index')).toThrow(/does not bundle/);
  });

  it('refuse code that needs a helper the renderer lacks; carry formats rjsf adds (color) in the code', async () => {
    // an $async schema needs ajv's ValidationError class
    expect(() => compileValidatorModule({ $async: true, type: 'object' }, 'x/async')).toThrow(/x\/async needs ajv\/dist\/runtime\/validation_error/);
    const schema: RJSFSchema = { type: 'object', properties: { c: { type: 'string', format: 'color' }, k: { const: { a: 1 } } } };
    const v = createPrecompiledValidator(await functionsOf(compileValidatorModule(schema as JsonSchema, 'x/formats').code), schema);
    const data = { c: 'not a colour', k: { a: 2 } };
    const errors = v.validateFormData(data, schema).errors;
    expect(errors.map((e) => `${e.property} ${e.message}`)).toEqual(['.c must match format "color"', '.k must be equal to constant']);
    expect(errors).toEqual((validatorAjv8 as ValidatorType).validateFormData(data, schema).errors);
    expect(v.validateFormData({ c: '#1a2b3c', k: { a: 1 } }, schema).errors).toEqual([]);
  });

  it('check formats as the server does: a date-time needs its time zone (the eval validator took one without)', async () => {
    const reg = t.services.reg;
    const form = reg.screen('aircraft-maintenance', 'fleet-afl-form') as FormScreenDef;
    const schema = JSON.parse(JSON.stringify(formSchema(reg, form))) as RJSFSchema;
    const v = createPrecompiledValidator(await functionsOf(formValidatorModule(reg, form).code), schema);
    const formatErrors = (errors: { property?: string; message?: string; name?: string }[]) => errors.filter((e) => e.name === 'format').map((e) => `${e.property} ${e.message}`);
    const serverErrors = (body: unknown): string[] => {
      try {
        validateBody(reg, reg.entity('flight_log'), body);
        return [];
      } catch (e) {
        return ((e as AppError).errors ?? []).filter((x) => x.message.startsWith('must match format')).map((x) => `${x.path} ${x.message}`);
      }
    };
    const noZone = { block_off: '2026-11-24T10:00:00' };
    expect(formatErrors(v.validateFormData(noZone, schema).errors)).toEqual(['.block_off must match format "date-time"']);
    expect(serverErrors(noZone)).toEqual(['/block_off must match format "date-time"']);
    // the validator the browser used before had ajv-formats 2.1.1, whose date-time let a missing zone through
    expect(formatErrors((validatorAjv8 as ValidatorType).validateFormData(noZone, schema).errors)).toEqual([]);
    const utc = { block_off: '2026-11-24T10:00:00Z' };
    expect(formatErrors(v.validateFormData(utc, schema).errors)).toEqual([]);
    expect(serverErrors(utc)).toEqual([]);
  });

  it('give every form of the metadata the errors of the eval-compiled validator it replaces', async () => {
    const reg = t.services.reg;
    const forms = [...reg.screens.values()].filter((s): s is FormScreenDef => s.kind === 'form');
    expect(forms.length).toBeGreaterThan(100);
    let compared = 0;
    for (const form of forms) {
      const label = `${form.module}/${form.route}`;
      const schema = JSON.parse(JSON.stringify(formSchema(reg, form))) as RJSFSchema;
      const precompiled: ValidatorType = createPrecompiledValidator(await functionsOf(formValidatorModule(reg, form).code), schema);
      const before = validatorAjv8 as ValidatorType;
      for (const data of samples(schema as JsonSchema)) {
        const want = before.validateFormData(data, schema);
        const got = precompiled.validateFormData(data, schema);
        expect(got.errors, `${label} ${JSON.stringify(data).slice(0, 200)}`).toEqual(want.errors);
        expect(got.errorSchema, label).toEqual(want.errorSchema);
        compared++;
      }
      // what rjsf asks while rendering (isValid on the sub-schemas of optional choices)
      const defaults = createSchemaUtils(precompiled, schema).getDefaultFormState(schema, {});
      expect(defaults, label).toEqual(createSchemaUtils(before, schema).getDefaultFormState(schema, {}));
      expect(precompiled.validateFormData(defaults, schema).errors, label).toEqual(before.validateFormData(defaults, schema).errors);
    }
    expect(compared).toBe(forms.length * 3);
  });
});

const SAFE = Number.MAX_SAFE_INTEGER;

/** A value the property refuses (too long, too large, not a choice, not its format or type). */
function invalid(p: JsonSchema): unknown {
  const type = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  if (p.oneOf) return type === 'integer' ? 987_654 : 'NOT-A-CHOICE';
  switch (type) {
    case 'string':
      if (p.format) return `not a ${p.format}`;
      if (p.pattern) return 'has a space';
      return 'x'.repeat((p.maxLength ?? 10) + 1);
    case 'integer':
      return typeof p.maximum === 'number' && p.maximum < SAFE ? p.maximum + 1 : 1.5;
    case 'number':
      return typeof p.maximum === 'number' ? p.maximum + 0.01 : 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return [{}, invalidRow(p.items ?? {}), { unknown_column: 1 }];
    default:
      return { nested: true };
  }
}

/** A value of the wrong JSON type (a duration typed as text, a number as a string). */
function wrongType(p: JsonSchema): unknown {
  const type = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  if (p['x-duration']) return '7:75';
  switch (type) {
    case 'string':
      return 12;
    case 'integer':
    case 'number':
      return '12';
    case 'boolean':
      return 1;
    case 'array':
      return { not: 'lines' };
    default:
      return [];
  }
}

function invalidRow(s: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, invalid(p)]));
}

/** Three forms of bad input: nothing at all, every field refused, every field of the wrong type. */
function samples(s: JsonSchema): Record<string, unknown>[] {
  const props = Object.entries(s.properties ?? {});
  return [{}, { ...invalidRow(s), not_a_field: 1 }, Object.fromEntries(props.map(([k, p]) => [k, wrongType(p)]))];
}
