import { useNavigate } from 'react-router';
import type { Query } from '../../api/client';
import type { ScreenMeta } from '../../api/types';
import { t } from '../../i18n';
import { ExportButton } from './ExportButton';
import { ImportButton } from './ImportButton';

interface ListHeaderProps {
  screen: ScreenMeta;
  /** The list's query (filters, search, sort) an export reads. */
  query: Query;
  total: number;
  canExport: boolean;
  canCreate: boolean;
  onImported: () => void;
}

/** A list's title with its export, import and "+ New" buttons, as the user's letters allow. */
export function ListHeader({ screen, query, total, canExport, canCreate, onImported }: ListHeaderProps) {
  const navigate = useNavigate();
  const entity = screen.entity?.name ?? '';
  return (
    <div className="page-header">
      <h1>{screen.title}</h1>
      <div className="page-header-actions">
        {canExport ? <ExportButton entity={entity} query={query} total={total} /> : null}
        {canCreate && screen.kind === 'list' ? <ImportButton entity={entity} keys={importKeys(screen)} onImported={onImported} /> : null}
        {canCreate ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => navigate(`/${screen.module}/${screen.form}`)}
          >
            + {t('New')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The fields an import may update by: the entity's unique fields (docs/import.md). */
export function importKeys(screen: ScreenMeta): { field: string; label: string }[] {
  return (screen.entity?.fields ?? []).filter((f) => (f as { unique?: boolean }).unique).map((f) => ({ field: f.name, label: f.label ?? f.name }));
}
