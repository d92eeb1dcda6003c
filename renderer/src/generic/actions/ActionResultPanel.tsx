import { useCallback } from 'react';
import { Link } from 'react-router';
import type { ActionResult } from '../../api/data';
import { fetchRoutes } from '../../api/meta';
import { useAsync } from '../../ui/useAsync';
import { humanize } from '../columns';

/** The forms that open the documents an answer names by their key (`prkey: 12` → the PR form). */
async function documentLinks(result: ActionResult): Promise<Array<{ to: string; label: string }>> {
  const routes = await fetchRoutes();
  const out: Array<{ to: string; label: string }> = [];
  for (const r of routes) {
    const v = r.opensDocument && r.key ? result[r.key] : undefined;
    if (typeof v === 'number' || (typeof v === 'string' && v)) out.push({ to: `/${r.module}/${r.route}/${encodeURIComponent(String(v))}`, label: `Open ${r.title ?? humanize(r.route)}` });
  }
  return out;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && typeof v !== 'object')
    .map(([k, v]) => `${humanize(k)}: ${String(v)}`)
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
  const { success: _success, message, default_password: password, ...rest } = result;
  // "create next document" actions: the new document opens from here
  const loadLinks = useCallback(() => documentLinks(result), [result]);
  const links = useAsync(JSON.stringify(result), loadLinks).data ?? [];
  const facts = Object.entries(rest).filter(([, v]) => describe(v) !== '');
  return (
    <section className="card action-result" data-testid="action-result" role="status">
      <div className="card-header action-result-header">
        <h2>{title}</h2>
        <button type="button" className="icon-btn" aria-label="Dismiss" onClick={onClose}>
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
            Temporary password: <code data-testid="default-password">{String(password)}</code>
            <br />
            <small className="muted">It is shown only once: pass it on to the user.</small>
          </p>
        ) : null}
        {facts.length ? (
          <dl className="facts">
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt>{humanize(k)}</dt>
                <dd>{describe(v)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
