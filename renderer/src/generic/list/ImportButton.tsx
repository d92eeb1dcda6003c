import { t } from '../../i18n';
import { useState } from 'react';
import { ImportDialog } from './ImportDialog';

/**
 * Import from xlsx or CSV (needs C): the template with the form's columns; a file previewed by a
 * dry run (each row's errors, nothing written); then the import, all-or-nothing or valid rows
 * only, optionally updating rows whose unique key matches, with a progress bar fed by the
 * server's NDJSON progress lines; and the log of the entity's imports (docs/import.md).
 */
export function ImportButton({ entity, keys, onImported }: { entity: string; keys: { field: string; label: string }[]; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-secondary" data-testid="import-button" onClick={() => setOpen(true)}>
        {t('Import')}
      </button>
      {open ? (
        <ImportDialog
          entity={entity}
          keys={keys}
          onClose={() => setOpen(false)}
          onImported={onImported}
        />
      ) : null}
    </>
  );
}
