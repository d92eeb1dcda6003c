import type { ActionResult } from '../../api/data';
import { humanize } from '../columns';

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
