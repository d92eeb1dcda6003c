import type { Call } from './apiReference';
import { OperationCells } from './OperationCells';
import { t } from '../../i18n';

/** The calls that are not an entity's, each public or for the signed-in. */
export function ApiOtherCalls({ calls }: { calls: Call[] }) {
  return (
    <section className="card">
      <div className="card-header">
        <strong>{t('Other calls')}</strong>
      </div>
      <div className="card-body">
        <table className="table table-sm">
          <tbody>
            {calls.map(([method, path, op]) => (
              <tr key={`${method} ${path}`}>
                <OperationCells method={method} path={path} />
                <td>{op.security && op.security.length === 0 ? 'public' : 'signed in'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
