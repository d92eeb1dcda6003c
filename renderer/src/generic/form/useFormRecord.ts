import type { RJSFSchema } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import { getRow } from '../../api/data';
import type { DataRow, ScreenMeta } from '../../api/types';
import { useAsync } from '../../ui/useAsync';
import { deletable, formLocked } from './buildUiSchema';

const EMPTY_SCHEMA: RJSFSchema = { type: 'object', properties: {} };

/**
 * The record a metadata form shows: its key (the first route parameter; none: a new record), its
 * entity and schema, the record loaded through the screen's route, and what the user's letters and
 * the record's lifecycle let them do with it.
 */
export function useFormRecord(screen: ScreenMeta, params: string[]) {
  const recordKey = params[0] || null;
  const isNew = recordKey === null;
  const entity = screen.entity?.name ?? '';
  const keyField = screen.entity?.key ?? 'id';
  const route = `${screen.module}/${screen.route}`;
  const permission = screen.permission ?? '';

  const schema = useMemo<RJSFSchema>(() => (screen.schema as RJSFSchema | undefined) ?? EMPTY_SCHEMA, [screen.schema]);

  const load = useCallback(
    (signal: AbortSignal) => getRow(entity, recordKey ?? '', route, signal).then((r) => r?.data ?? {}),
    [entity, recordKey, route],
  );
  const loaded = useAsync(isNew || !entity ? null : `${entity}/${recordKey}`, load);
  const record: DataRow | null = isNew ? null : (loaded.data ?? null);

  const locked = formLocked(screen, record);
  const canWrite = (isNew ? permission.includes('C') : permission.includes('U')) && !locked;
  const canDelete = !isNew && permission.includes('D') && deletable(screen, record);
  return { recordKey, isNew, entity, keyField, route, permission, schema, loaded, record, canWrite, canDelete };
}

export type FormRecord = ReturnType<typeof useFormRecord>;
