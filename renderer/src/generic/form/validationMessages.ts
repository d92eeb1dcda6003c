import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { useCallback } from 'react';
import { MSG_FILL_FORM } from '../../session/passwordRules';
import { useToast } from '../../ui/toast/toastContext';
import { DURATION_HINT } from '../../../../engine/src/values/duration';
import { isAttachment, isDuration } from './schemaTypes';

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

/** The form's words for rjsf's validation errors: a file to choose, a required field, a duration's format. */
export function transformErrors(schema: RJSFSchema, errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    if (e.name === 'required' && isAttachment(schemaAt(schema, e))) return { ...e, message: MSG_CHOOSE_FILE };
    if (e.name === 'required') return { ...e, message: 'This field is required' };
    if (e.name === 'type' && isDuration(schemaAt(schema, e))) return { ...e, message: DURATION_HINT };
    return e;
  });
}

/** The form's validation: its messages (`transformErrors`) and what an invalid submit says (`onInvalid`, spec §8). */
export function useValidationMessages(schema: RJSFSchema) {
  const toast = useToast();
  const messages = useCallback((list: RJSFValidationError[]) => transformErrors(schema, list), [schema]);
  const onInvalid = (list: RJSFValidationError[]) => {
    toast.error(MSG_FILL_FORM);
    if (list.some((e) => e.message === MSG_CHOOSE_FILE)) toast.warning(MSG_CHOOSE_FILE);
  };
  return { transformErrors: messages, onInvalid };
}
