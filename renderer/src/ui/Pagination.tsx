import { PAGINATION_THRESHOLD, pageCount } from './paging';
import { t } from '../i18n';

interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  /** The total is a floor (the server stopped counting): no "last page", next stays open. */
  capped?: boolean;
  onChange: (page: number) => void;
}

function windowOf(page: number, pages: number): number[] {
  const size = 5;
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(pages, start + size - 1);
  start = Math.max(1, end - size + 1);
  const out: number[] = [];
  for (let p = start; p <= end; p++) out.push(p);
  return out;
}

export function Pagination({ page, limit, total, capped = false, onChange }: PaginationProps) {
  if (total <= PAGINATION_THRESHOLD) return null;
  // a capped total counts past this page, so the page after the last known one exists
  const pages = pageCount(total, limit) + (capped ? 1 : 0);
  const go = (p: number) => {
    if (p >= 1 && p <= pages && p !== page) onChange(p);
  };
  return (
    <nav className="pagination" aria-label={t('Pagination')}>
      <button type="button" onClick={() => go(1)} disabled={page <= 1} aria-label={t('First page')}>
        «
      </button>
      <button type="button" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t('Previous page')}>
        ‹
      </button>
      {windowOf(page, pages).map((p) => (
        <button
          type="button"
          key={p}
          className={p === page ? 'active' : undefined}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => go(p)}
        >
          {p}
        </button>
      ))}
      <button type="button" onClick={() => go(page + 1)} disabled={page >= pages} aria-label={t('Next page')}>
        ›
      </button>
      <button type="button" onClick={() => go(pages)} disabled={page >= pages || capped} aria-label={t('Last page')}>
        »
      </button>
    </nav>
  );
}
