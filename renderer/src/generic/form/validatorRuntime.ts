/**
 * What the server's compiled form validators `require` (engine/src/metadata/form-validator.ts,
 * VALIDATOR_RUNTIME_MODULES, the same names): ajv's runtime helpers and ajv-formats' formats (the
 * server's version), bundled with the app. ajv's own compiler is not bundled: nothing in the
 * browser compiles a schema (docs/decisions/0054).
 */
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import equal from 'ajv/dist/runtime/equal.js';
import * as formats from 'ajv-formats/dist/formats.js';

/** A CommonJS module's exports as `require` returns them (bundlers and Node import their default differently). */
const commonJs = (m: unknown): unknown => (typeof m === 'function' ? { default: m } : m);

export const VALIDATOR_RUNTIME: Readonly<Record<string, unknown>> = {
  'ajv/dist/runtime/ucs2length': commonJs(ucs2length),
  'ajv/dist/runtime/equal': commonJs(equal),
  'ajv-formats/dist/formats': formats,
};

/** The `require` handed to a compiled validator module. */
export function validatorRequire(name: string): unknown {
  if (!Object.hasOwn(VALIDATOR_RUNTIME, name)) throw new Error(`The form's validator needs ${name}, which the app does not bundle.`);
  return VALIDATOR_RUNTIME[name];
}
