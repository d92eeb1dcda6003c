import type { DataRow, ScreenMeta } from '../../api/types';
import type { SignedItem } from '../actions/SignatureModal';
import { entityLabel } from '../columns';
import { formatCell } from '../formatCell';
import { knownDisplay } from '../reference';

/**
 * What a signature on a form lists: the record's fields of the form's first section, as the form
 * shows them (decision 0301): a reference as the form's lookup shows it (the aircraft's
 * registration), else the value formatted; nothing before the record is loaded.
 */
export function formSignedItems(screen: ScreenMeta, record: DataRow | null | undefined): SignedItem[] {
  return record
    ? (screen.sections?.[0]?.fields ?? []).map((f) => ({
        label: f.label ?? entityLabel(screen.entity, f.field) ?? f.field,
        value: knownDisplay(screen.entity?.name ?? '', f.field, record[f.field]) ?? formatCell(record, { field: f.field }, screen.entity),
      }))
    : [];
}
