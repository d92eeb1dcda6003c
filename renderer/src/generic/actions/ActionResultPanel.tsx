import { useCallback } from 'react';
import { Link } from 'react-router';
import type { ActionResult } from '../../api/data';
import { fetchRoutes } from '../../api/meta';
import { useAsync } from '../../ui/useAsync';
import { humanize } from '../columns';
import { t } from '../../i18n';

/**
 * The forms that open the documents an answer names by their key (`prkey: 12` → the PR form); an
 * answer naming its `next` form (`next: 'aircraft-procurement/bidding-step2of4'`, a guided flow's next step)
 * links to that form alone, opened on the answer's value of the form's key parameter.
 */
async function documentLinks(result: ActionResult): Promise<Array<{ to: string; label: string; key: string }>> {
  const routes = await fetchRoutes();
  const out: Array<{ to: string; label: string; key: string }> = [];
  const next = typeof result.next === 'string' ? routes.find((r) => r.kind === 'form' && `${r.module}/${r.route}` === result.next) : undefined;
  if (next) {
    const param = next.params?.[0]?.replace(/\?$/, '');
    const v = param ? result[param] : undefined;
    if (param && (typeof v === 'number' || (typeof v === 'string' && v))) return [{ to: `/${next.module}/${next.route}/${encodeURIComponent(String(v))}`, label: `Open ${next.title ?? humanize(next.route)}`, key: param }];
  }
  for (const r of routes) {
    const v = r.opensDocument && r.key ? result[r.key] : undefined;
    if (typeof v === 'number' || (typeof v === 'string' && v))
      out.push({ to: `/${r.module}/${r.route}/${encodeURIComponent(String(v))}`, label: `Open ${r.title ?? humanize(r.route)}`, key: r.key! });
  }
  return out;
}

/** Abbreviations of answer keys in the words a reader uses (issue 37 point 6: no "Wo no" on screen). */
const WORDS: Record<string, string> = {
  wo: 'Work order',
  wp: 'Work package',
  mr: 'Material request',
  pr: 'Purchase request',
  po: 'Purchase order',
  crs: 'CRS',
  rii: 'RII',
  ad: 'AD',
  sb: 'SB',
  llp: 'LLP',
  no: 'No.',
  qty: 'Quantity',
  fh: 'FH',
  fc: 'FC',
};

/** An answer's key as a label: `wo_no` → "Work order No.", `cards_made` → "Cards made". */
export function answerLabel(key: string): string {
  const parts = key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/[_\s]+/).filter(Boolean);
  const words = parts.map((w, i) => WORDS[w] ?? (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A key the reader never needs: a row id (`wo_id`, `requestkey`), shown as its Open link instead. */
const isInternalKey = (key: string): boolean => /(^|_)(id|key)$|key$/i.test(key);

function describe(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([k, v]) => v !== null && typeof v !== 'object' && !isInternalKey(k))
    .map(([k, v]) => `${answerLabel(k)}: ${String(v)}`)
    .join(', ');
}

/**
 * What a plugin action answered, shown on the page (not in a blocking dialog) so a one-time
 * password stays readable while the user carries on: its message, the password, other facts.
 */
export function ActionResultPanel({
  title,
  result,
  onClose,
}: {
  title: string;
  result: ActionResult;
  onClose: () => void;
}) {
  const { success: _success, message, default_password: password, next: _next, ...rest } = result;
  // "create next document" actions: the new document opens from here
  const loadLinks = useCallback(() => documentLinks(result), [result]);
  const links = useAsync(JSON.stringify(result), loadLinks).data ?? [];
  const facts = Object.entries(rest).filter(([k, v]) => !isInternalKey(k) && describe(v) !== '');
  return (
    <section className="card action-result" data-testid="action-result" role="status">
      <div className="card-header action-result-header">
        <h2>{title}</h2>
        <button type="button" className="icon-btn" aria-label={t('Dismiss')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="card-body">
        {typeof message === 'string' && message ? <p>{message}</p> : null}
        {links.length ? (
          <p className="action-links">
            {links.map((l) => (
              <Link key={l.to} className="btn btn-primary btn-sm" to={l.to}>
                {l.label}
              </Link>
            ))}
          </p>
        ) : null}
        {password !== undefined && password !== null ? (
          <p>
            {t('Temporary password:')} <code data-testid="default-password">{String(password)}</code>
            <br />
            <small className="muted">{t('It is shown only once: pass it on to the user.')}</small>
          </p>
        ) : null}
        {facts.length ? (
          <dl className="facts">
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt>{answerLabel(k)}</dt>
                <dd>{describe(v)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
