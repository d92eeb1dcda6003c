/** Validation of a write with the entity's JSON Schema: the same schema the browser's form validates with. */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { appError, type FieldError } from '../errors.ts';
import { entityJsonSchema, PATTERN_MESSAGE } from '../metadata/json-schema.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { formatMessage } from '../values/formats.ts';

// verbose: a pattern's error carries its schema node, whose words (x-pattern-message) it says
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, verbose: true });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validators = new WeakMap<EntityDef, ValidateFunction>();

/** The words of a field's own pattern (metadata `patternMessage`), from the schema node that failed. */
function patternWords(node: unknown): string | undefined {
  const words = (node as Record<string, unknown> | undefined)?.[PATTERN_MESSAGE];
  return typeof words === 'string' ? words : undefined;
}

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
        err.keyword === 'required'
          ? 'is required'
          : err.keyword === 'additionalProperties'
            ? 'is not a field of this form'
            : err.keyword === 'pattern'
              ? (formatMessage(String((err.params as { pattern?: string }).pattern ?? '')) ?? patternWords(err.parentSchema) ?? err.message ?? 'is invalid')
              : (err.message ?? 'is invalid');
      return { path: `${err.instancePath}${extra}`, message };
    });
    throw appError('ERR_VALIDATION', { errors });
  }
}
