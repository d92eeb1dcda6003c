import { useCallback, useMemo, useRef, useState } from 'react';
import type { DataRow, ScreenMeta } from '../../api/types';
import { useSession } from '../../session/sessionContext';
import type { GenericFormContext } from './formContext';
import { withLookupCopy } from './lookupCopy';
import type { FormRecord } from './useFormRecord';
import { pickSchemaFields } from '../schemaData';

/**
 * The document as the user edits it: the loaded record's schema fields until the first change,
 * then the edited values; and the context the widgets read (the values now, a lookup's copy into
 * the document, the company currency).
 */
export function useFormEdits(screen: ScreenMeta, rec: FormRecord) {
  const { session } = useSession();
  const { schema, loaded, record, entity } = rec;
  const [edited, setEdited] = useState<DataRow | null>(null);

  const initial = useMemo(() => pickSchemaFields(schema, loaded.data ?? {}), [schema, loaded.data]);
  const formData: DataRow = edited ?? initial;
  // the values as edited now, for widgets that read the document (a lookup's `match`)
  const current = useRef(formData);
  current.current = formData;

  const applyCopy = useCallback((values: DataRow) => setEdited((prev) => withLookupCopy(prev ?? current.current, values, schema)), [schema]);
  const formContext = useMemo<GenericFormContext>(
    // a lookup may match on the document's key (a card of this work order): the stored key joins the values
    () => ({ entity, record: record ?? {}, currency: session?.matauang ?? '', values: () => ({ ...(screen.entity?.key && record?.[screen.entity.key] !== undefined ? { [screen.entity.key]: record[screen.entity.key] } : {}), ...current.current }), applyCopy }),
    [entity, record, screen.entity?.key, session?.matauang, applyCopy],
  );
  return { formData, setEdited, formContext };
}
