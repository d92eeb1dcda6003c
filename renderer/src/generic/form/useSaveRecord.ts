import type { ErrorSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createRow, updateRow } from '../../api/data';
import type { DataRow, ScreenMeta } from '../../api/types';
import { useToast } from '../../ui/toast/toastContext';
import { clearedToNull, pickSchemaFields, requiredFromRecord } from '../schemaData';
import { failureReport } from '../serverErrors';
import type { FormRecord } from './useFormRecord';

/** The first field or line cell marked with an error, brought into view (a line grid scrolls sideways to it). */
function showFirstError(): void {
  const first = document.querySelector('.generic-form .has-error, .generic-form [aria-invalid="true"], .generic-form .field-error');
  first?.scrollIntoView({ block: 'center', inline: 'center' });
}

/**
 * A refused save or action: the fields the server names, marked on the form (spec §8), every one
 * at once and the first scrolled into view; the toast says the server's message and only what no
 * field of the form shows (issue 37 point 11, decision 0377).
 */
export function useServerErrors(schema: FormRecord['schema'], formData: DataRow) {
  const toast = useToast();
  // the marks and the values they were given for: a field changed since loses its mark
  const [marked, setMarked] = useState<{ errors: ErrorSchema; values: DataRow } | undefined>(undefined);
  const now = useRef(formData);
  now.current = formData;
  useEffect(() => {
    if (marked) requestAnimationFrame(showFirstError);
  }, [marked]);
  const extraErrors = useMemo(() => (marked ? stillWrong(marked.errors, marked.values, formData) : undefined), [marked, formData]);
  /** Marks the fields the server names and says its message. */
  const failed = (e: unknown) => {
    const report = failureReport(e, schema);
    setMarked(report.errorSchema ? { errors: report.errorSchema, values: now.current } : undefined);
    toast.error(report.text, report.title);
  };
  /** Marks the fields the form's own validation refused (the same JSON Schema the server checks). */
  const mark = (errorSchema: ErrorSchema) => setMarked({ errors: errorSchema, values: now.current });
  return { extraErrors, failed, mark, clearErrors: () => setMarked(undefined) };
}

/**
 * The marks of fields still holding the value they were refused for: what the user changed since
 * (typed, picked, a line's cell) is no longer shown as wrong (issue 37 point 11: a certificate
 * filled on screen does not stay red "is required").
 */
export function stillWrong(errors: ErrorSchema, then: unknown, now: unknown): ErrorSchema | undefined {
  const at = (v: unknown, k: string): unknown => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined);
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const out: Record<string, unknown> = {};
  for (const [k, node] of Object.entries(errors as Record<string, unknown>)) {
    if (k === '__errors') {
      // a mark on this node itself (a line, the lines): kept while the node is as it was
      if (same(then, now)) out.__errors = node;
      continue;
    }
    const kept = stillWrong(node as ErrorSchema, at(then, k), at(now, k));
    if (kept) out[k] = kept;
  }
  return Object.keys(out).length ? (out as ErrorSchema) : undefined;
}

/**
 * What Save sends for an existing record: the changed and required fields with the version read
 * (an action on unsaved edits sends the same body as its `save`, decision 0375).
 */
export function updateBody(screen: ScreenMeta, rec: FormRecord, data: DataRow): DataRow {
  const original = rec.loaded.data ?? {};
  const update = requiredFromRecord(rec.schema, screen.entity, original, clearedToNull(rec.schema, original, pickSchemaFields(rec.schema, data)));
  if (original.version !== undefined) update.version = original.version;
  return update;
}

/**
 * Saves the form in one request: a new record is created and opened under its key (so Post, Send
 * and Print follow); an update sends the changed and required fields with the version read, then
 * the record is read again (`reload`).
 */
export function useSaveRecord(screen: ScreenMeta, rec: FormRecord, errors: ReturnType<typeof useServerErrors>, reload: () => void) {
  const navigate = useNavigate();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const { schema, isNew, entity, recordKey, route, keyField } = rec;

  /** Whether it saved. */
  const save = async (data: DataRow): Promise<boolean> => {
    if (!rec.canWrite || saving) return false;
    setSaving(true);
    errors.clearErrors();
    try {
      let result: DataRow | undefined;
      if (recordKey === null) {
        result = (await createRow(entity, pickSchemaFields(schema, data), route))?.data;
      } else {
        result = (await updateRow(entity, recordKey, updateBody(screen, rec, data), route))?.data;
      }
      toast.success('Saved');
      // Save stays on the document: a new one opens under its key, so Post, Send and Print follow.
      if (isNew && result && result[keyField] !== undefined && result[keyField] !== null) {
        navigate(`/${screen.module}/${screen.route}/${encodeURIComponent(String(result[keyField]))}`, { replace: true });
      } else {
        reload();
      }
      return true;
    } catch (e) {
      errors.failed(e);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
