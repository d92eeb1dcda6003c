import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { useCallback } from 'react';
import { MSG_FILL_FORM } from '../../session/passwordRules';
import { useToast } from '../../ui/toast/toastContext';
import { DURATION_HINT } from '../../../../engine/src/values/duration';
import { formatMessage } from '../../../../engine/src/values/formats';
import { isAttachment, isDuration, numericOptionsOf } from './schemaTypes';
import { numericProblemText, readNumericText } from '../../ui/numeric';
import { language } from '../../i18n';
import { DATE_HINT_EN, DATE_HINT_ID, DATETIME_HINT_EN, DATETIME_HINT_ID } from '../../ui/dates';

/** Spec §8: an attachment field left without a file. */
export const MSG_CHOOSE_FILE = 'Please choose a file';

/** The schema of the property an error names (`.a`, `.lines.0.b`, or a missing property). */
function schemaAt(root: RJSFSchema, error: RJSFValidationError): RJSFSchema | undefined {
  const parts = (error.property ?? '').split('.').filter(Boolean);
  const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
  if (error.name === 'required' && missing && parts[parts.length - 1] !== missing) parts.push(missing);
  let node: RJSFSchema | undefined = root;
  for (const part of parts) {
    if (!node) return undefined;
    if (/^\d+$/.test(part) && node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
      node = node.items as RJSFSchema;
    } else {
      node = (node.properties?.[part] as RJSFSchema | undefined) ?? undefined;
    }
  }
  return node;
}

/** The value an error names in the form's data (`.qty`, `.lines.0.qty`). */
function valueAt(data: unknown, error: RJSFValidationError): unknown {
  let node = data;
  for (const part of (error.property ?? '').split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const NUMERIC = new Set(['number', 'integer']);
const isNumericSchema = (s: RJSFSchema | undefined): boolean =>
  Boolean(s) && (NUMERIC.has(s!.type as string) || (Array.isArray(s!.type) && s!.type.some((x) => NUMERIC.has(x as string))));

/**
 * The form's words for rjsf's validation errors: a file to choose, a required field, a duration's
 * format, and for a number field holding text it refused, why (decision 0280: "Cannot be negative").
 */
export function transformErrors(schema: RJSFSchema, errors: RJSFValidationError[], data?: unknown): RJSFValidationError[] {
  return errors.map((e) => {
    const at = schemaAt(schema, e);
    if (e.name === 'required' && isAttachment(at)) return { ...e, message: MSG_CHOOSE_FILE };
    if (e.name === 'required') return { ...e, message: 'This field is required' };
    if (e.name === 'type' && isDuration(at)) return { ...e, message: DURATION_HINT };
    const id = language() === 'id';
    if (e.name === 'format' && at?.format === 'date') return { ...e, message: id ? DATE_HINT_ID : DATE_HINT_EN };
    if (e.name === 'format' && at?.format === 'date-time') return { ...e, message: id ? DATETIME_HINT_ID : DATETIME_HINT_EN };
    // an e-mail, phone or sign-in name in the words the server says too (issue 37 point 4)
    if (e.name === 'pattern') {
      const words = formatMessage(String((e.params as { pattern?: string } | undefined)?.pattern ?? ''), language());
      if (words) return { ...e, message: words };
      // a field's own pattern says its metadata's words (patternMessage, in the reader's language)
      const own = (at as Record<string, unknown> | undefined)?.['x-pattern-message'];
      if (typeof own === 'string') return { ...e, message: own };
    }
    if (e.name === 'type' && isNumericSchema(at)) {
      const value = valueAt(data, e);
      if (typeof value === 'string') {
        const o = numericOptionsOf(at);
        const problem = readNumericText(value, o).problem ?? { kind: 'number' as const };
        return { ...e, message: numericProblemText(problem, o, language()) };
      }
    }
    return e;
  });
}

/** The form's validation: its messages (`transformErrors`) and what an invalid submit says (`onInvalid`, spec §8). */
export function useValidationMessages(schema: RJSFSchema, formData?: unknown) {
  const toast = useToast();
  const messages = useCallback((list: RJSFValidationError[]) => transformErrors(schema, list, formData), [schema, formData]);
  const onInvalid = (list: RJSFValidationError[]) => {
    toast.error(MSG_FILL_FORM);
    if (list.some((e) => e.message === MSG_CHOOSE_FILE)) toast.warning(MSG_CHOOSE_FILE);
  };
  return { transformErrors: messages, onInvalid };
}
