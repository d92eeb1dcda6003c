/**
 * The browser's copy of the one validator schema, compiled ahead of time: a form's JSON Schema
 * (formSchema, the one the server derives from entityJsonSchema) compiled by ajv into JavaScript
 * source, so the browser validates without `new Function` and the app's CSP needs no
 * 'unsafe-eval' (docs/decisions/0054).
 *
 * The code is what @rjsf/validator-ajv8's `compileSchemaValidatorsCode` writes for
 * `createPrecompiledValidator`: one ajv standalone function per schema rjsf may validate with
 * (the root and the sub-schemas its schema parser finds), keyed by rjsf's schema hash, with
 * rjsf's own ajv options. Formats are ajv-formats' full formats, the server's (engine/src/crud/
 * repository.ts): a format that is a regular expression is written into the code, the others are
 * taken from ajv-formats by name. ajv's standalone code is CommonJS and `require`s its runtime helpers; it is
 * wrapped into an ES module whose default export takes a `require` that the renderer answers from
 * the helpers it bundles (renderer/src/generic/form/validatorRuntime.ts, the same names as
 * VALIDATOR_RUNTIME_MODULES):
 *
 *   const { hash, code } = formValidatorModule(reg, form);   // cached per form
 *   // browser: (await import(url)).default(require) → the validator functions
 */
import { createHash } from 'node:crypto';
import addFormats from 'ajv-formats';
import type { Ajv } from 'ajv';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';
import { formSchema, type JsonSchema } from './json-schema.ts';
import type { FormScreenDef, Registry } from './registry.ts';

/** The modules generated code may `require`; the renderer bundles exactly these. */
export const VALIDATOR_RUNTIME_MODULES = ['ajv/dist/runtime/ucs2length', 'ajv/dist/runtime/equal', 'ajv-formats/dist/formats'] as const;

export interface FormValidatorModule {
  /** SHA-256 (hex) of `code`: the address names it, so an answer never changes. */
  hash: string;
  /** An ES module: `export default function (require) { … return validatorFunctions; }`. */
  code: string;
}

/**
 * The validator functions of a schema as ES module source. Throws when the code needs a runtime
 * module the renderer does not bundle (a new keyword or format in the schemas).
 */
export function compileValidatorModule(schema: JsonSchema, label: string): FormValidatorModule {
  // the schema as the browser receives it (JSON): rjsf keys the functions by a hash of it
  const json = JSON.parse(JSON.stringify(schema)) as RJSFSchema;
  const cjs = compileSchemaValidatorsCode(json, {
    // the server's formats (ajv-formats 3, full), not the older copy rjsf depends on
    ajvFormatOptions: false,
    extenderFn: (ajv: Ajv) => {
      (addFormats as unknown as (a: Ajv) => void)(ajv);
      return ajv;
    },
  });
  for (const m of cjs.matchAll(/\brequire\("([^"]+)"\)/g)) {
    if (!(VALIDATOR_RUNTIME_MODULES as readonly string[]).includes(m[1])) throw new Error(`the validator of ${label} needs ${m[1]}, which the renderer does not bundle`);
  }
  const code = [
    `// The validator of form ${label}, compiled from its JSON Schema by ajv (docs/decisions/0054).`,
    'export default function validators(require) {',
    'const module = { exports: {} };',
    'const exports = module.exports;',
    cjs,
    'return module.exports;',
    '}',
    '',
  ].join('\n');
  return { hash: createHash('sha256').update(code).digest('hex'), code };
}

const compiled = new WeakMap<FormScreenDef, FormValidatorModule>();

/** The compiled validator of a form screen (compiled once per process and form). */
export function formValidatorModule(reg: Registry, form: FormScreenDef): FormValidatorModule {
  let m = compiled.get(form);
  if (!m) {
    m = compileValidatorModule(formSchema(reg, form), `${form.module}/${form.route}`);
    compiled.set(form, m);
  }
  return m;
}
