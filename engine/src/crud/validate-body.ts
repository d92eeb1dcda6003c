/** Validation of a write with the entity's JSON Schema: the same schema the browser's form validates with. */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { appError, type FieldError } from '../errors.ts';
import { entityJsonSchema } from '../metadata/json-schema.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validators = new WeakMap<EntityDef, ValidateFunction>();

function validatorFor(reg: Registry, e: EntityDef): ValidateFunction {
  let v = validators.get(e);
  if (!v) {
    v = ajv.compile(entityJsonSchema(reg, e));
    validators.set(e, v);
  }
  return v;
}

/** Validates a body against the entity schema; throws ERR_VALIDATION with field errors. */
export function validateBody(reg: Registry, e: EntityDef, body: unknown): void {
  const v = validatorFor(reg, e);
  if (!v(body)) {
    const errors: FieldError[] = (v.errors ?? []).map((err) => {
      const extra =
        err.keyword === 'required'
          ? `/${(err.params as { missingProperty: string }).missingProperty}`
          : err.keyword === 'additionalProperties'
            ? `/${(err.params as { additionalProperty: string }).additionalProperty}`
            : '';
      const message =
        err.keyword === 'required' ? 'is required' : err.keyword === 'additionalProperties' ? 'is not a field of this form' : (err.message ?? 'is invalid');
      return { path: `${err.instancePath}${extra}`, message };
    });
    throw appError('ERR_VALIDATION', { errors });
  }
}
