import type { ReactNode } from 'react';
import { SearchBox } from '../../ui/SearchBox';
import { t } from '../../i18n';

interface ListToolbarProps {
  /** The screen's action bar. */
  actionBar: ReactNode;
  /** Rows ticked for the selection actions, shown with a Clear button when any. */
  ticked: number;
  tickable: boolean;
  onClearTicks: () => void;
  /** The free-text search, when the screen declares search fields. */
  searchable: boolean;
  q: string;
  onSearch: (q: string) => void;
}

/** Above a list's table: its actions, how many rows are ticked, and the search box. */
export function ListToolbar({ actionBar, ticked, tickable, onClearTicks, searchable, q, onSearch }: ListToolbarProps) {
  return (
    <>
      {actionBar}
      {tickable && ticked > 0 ? (
        <span className="muted ticked-count" data-testid="ticked-count">
          {t('{n} ticked', { n: ticked })}{' '}
          <button type="button" className="btn btn-link btn-sm" onClick={onClearTicks}>
            {t('Clear')}
          </button>
        </span>
      ) : null}
      {searchable ? <SearchBox value={q} onSearch={onSearch} /> : null}
    </>
  );
}
