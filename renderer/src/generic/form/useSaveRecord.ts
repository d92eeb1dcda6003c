import type { ErrorSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createRow, updateRow } from '../../api/data';
import type { DataRow, ScreenMeta } from '../../api/types';
import { useToast } from '../../ui/toast/toastContext';
import { clearedToNull, pickSchemaFields, requiredFromRecord } from '../schemaData';
import { failureReport } from '../serverErrors';
import type { FormRecord } from './useFormRecord';

/** A refused save or action: the fields the server names, marked on the form (spec §8). */
export function useServerErrors(schema: FormRecord['schema']) {
  const toast = useToast();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>(undefined);
  /** Marks the fields the server names and says its message. */
  const failed = (e: unknown) => {
    const report = failureReport(e, schema);
    setExtraErrors(report.errorSchema);
    toast.error(report.text, report.title);
  };
  return { extraErrors, failed, clearErrors: () => setExtraErrors(undefined) };
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
  const { schema, isNew, entity, recordKey, route, keyField, loaded } = rec;

  const save = async (data: DataRow) => {
    if (!rec.canWrite || saving) return;
    setSaving(true);
    errors.clearErrors();
    try {
      let result: DataRow | undefined;
      const body = pickSchemaFields(schema, data);
      if (recordKey === null) {
        result = (await createRow(entity, body, route))?.data;
      } else {
        const original = loaded.data ?? {};
        const update = requiredFromRecord(schema, screen.entity, original, clearedToNull(schema, original, body));
        if (original.version !== undefined) update.version = original.version;
        result = (await updateRow(entity, recordKey, update, route))?.data;
      }
      toast.success('Saved');
      // Save stays on the document: a new one opens under its key, so Post, Send and Print follow.
      if (isNew && result && result[keyField] !== undefined && result[keyField] !== null) {
        navigate(`/${screen.module}/${screen.route}/${encodeURIComponent(String(result[keyField]))}`, { replace: true });
      } else {
        reload();
      }
    } catch (e) {
      errors.failed(e);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
