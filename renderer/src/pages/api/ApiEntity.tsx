import type { Call, OpenApi } from './apiReference';
import { OperationCells } from './OperationCells';
import { t } from '../../i18n';

interface ApiEntityProps {
  entity: string;
  ops: Call[];
  schema: OpenApi['components']['schemas'][string] | undefined;
  open: boolean;
  onToggle: () => void;
}

/** One entity of the reference: its name (opens it), then its calls with their letters and the fields its requests carry. */
export function ApiEntity({ entity, ops, schema, open, onToggle }: ApiEntityProps) {
  return (
    <div className="api-entity" data-entity={entity}>
      <button type="button" className="btn btn-link api-entity-name" onClick={onToggle} aria-expanded={open}>
        {schema?.title ?? entity} <code>{entity}</code>
      </button>
      {open ? (
        <div className="api-entity-body">
          <table className="table table-sm">
            <tbody>
              {ops.map(([method, path, op]) => (
                <tr key={`${method} ${path}`}>
                  <OperationCells method={method} path={path} />
                  <td>{op.summary}</td>
                  <td title={t('permission letters')}>{op['x-letters'] ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {schema?.properties ? (
            <table className="table table-sm api-fields">
              <thead>
                <tr>
                  <th>{t('Field')}</th>
                  <th>{t('Type')}</th>
                  <th>{t('Label')}</th>
                  <th>{t('Required')}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(schema.properties).map(([name, p]) => (
                  <tr key={name}>
                    <td>
                      <code>{name}</code>
                    </td>
                    <td>{[p.type ?? 'object'].flat().join(' | ')}</td>
                    <td>{p.title ?? ''}</td>
                    <td>{schema.required?.includes(name) ? 'yes' : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
