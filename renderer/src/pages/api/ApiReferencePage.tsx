import { useMemo, useState } from 'react';
import { request } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';

interface Operation {
  summary?: string;
  tags?: string[];
  'x-letters'?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
}
interface SchemaProp {
  type?: string | string[];
  title?: string;
}
interface OpenApi {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { title?: string; properties?: Record<string, SchemaProp>; required?: string[] }> };
}

/** The entity of a generic data path (/api/data/{entity}/...), or undefined. */
const entityOf = (path: string) => /^\/api\/data\/([^/{]+)/.exec(path)?.[1];

/**
 * The API reference (GET /api/openapi.json, docs/api.md): the entities by module, each with its
 * calls, the letters they need and the fields its requests carry; then the other calls. A filter
 * narrows by entity, path or summary. The raw document is linked for tools.
 */
/** The method badge and the path of one operation: the first two cells of its row. */
function OperationCells({ method, path }: { method: string; path: string }) {
  return (
    <>
      <td>
        <span className={`api-method api-${method}`}>{method.toUpperCase()}</span>
      </td>
      <td>
        <code>{path}</code>
      </td>
    </>
  );
}

export function ApiReferencePage() {
  const { data, error, loading } = useAsync('openapi', (signal) => request<OpenApi>('GET', 'openapi.json', { signal }));
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const groups = useMemo(() => {
    if (!data) return { entities: new Map<string, { tag: string; ops: [string, string, Operation][] }>(), other: [] as [string, string, Operation][] };
    const entities = new Map<string, { tag: string; ops: [string, string, Operation][] }>();
    const other: [string, string, Operation][] = [];
    const f = filter.trim().toLowerCase();
    for (const [path, item] of Object.entries(data.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (f && !`${path} ${op.summary ?? ''}`.toLowerCase().includes(f)) continue;
        const e = entityOf(path);
        if (!e) other.push([method, path, op]);
        else {
          const g = entities.get(e) ?? { tag: op.tags?.[0] ?? '', ops: [] };
          g.ops.push([method, path, op]);
          entities.set(e, g);
        }
      }
    }
    return { entities, other };
  }, [data, filter]);

  if (loading && !data) return <Spinner />;
  if (error) return <ErrorPanel message={errorMessage(error)} />;
  if (!data) return null;
  const tags = data.tags ?? [];
  const schemaName = (e: string) => `${e.replace(/(^|_)([a-z0-9])/g, (_m, _a, c: string) => c.toUpperCase())}Input`;
  return (
    <div className="page api-reference">
      <div className="page-header">
        <h1>API Reference</h1>
        <p className="muted">
          {data.info.title} {data.info.version} · OpenAPI 3.1 ·{' '}
          <a href="/api/openapi.json" target="_blank" rel="noreferrer">
            openapi.json
          </a>
        </p>
      </div>
      <p className="muted">{data.info.description}</p>
      <input className="form-control" placeholder="Filter by entity, path or summary" value={filter} onChange={(ev) => setFilter(ev.target.value)} aria-label="Filter" style={{ maxWidth: 420, marginBottom: 12 }} />
      {tags.map((t) => {
        const list = [...groups.entities.entries()].filter(([, g]) => g.tag === t.name);
        if (list.length === 0) return null;
        return (
          <section className="card" key={t.name}>
            <div className="card-header">
              <strong>{t.description ?? t.name}</strong>
            </div>
            <div className="card-body">
              {list.map(([entity, g]) => {
                const schema = data.components.schemas[schemaName(entity)];
                return (
                  <div key={entity} className="api-entity" data-entity={entity}>
                    <button type="button" className="btn btn-link api-entity-name" onClick={() => setOpen(open === entity ? null : entity)} aria-expanded={open === entity}>
                      {schema?.title ?? entity} <code>{entity}</code>
                    </button>
                    {open === entity ? (
                      <div className="api-entity-body">
                        <table className="table table-sm">
                          <tbody>
                            {g.ops.map(([method, path, op]) => (
                              <tr key={`${method} ${path}`}>
                                <OperationCells method={method} path={path} />
                                <td>{op.summary}</td>
                                <td title="permission letters">{op['x-letters'] ?? ''}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                        {schema?.properties ? (
                          <table className="table table-sm api-fields">
                            <thead>
                              <tr>
                                <th>Field</th>
                                <th>Type</th>
                                <th>Label</th>
                                <th>Required</th>
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
              })}
            </div>
          </section>
        );
      })}
      {groups.other.length ? (
        <section className="card">
          <div className="card-header">
            <strong>Other calls</strong>
          </div>
          <div className="card-body">
            <table className="table table-sm">
              <tbody>
                {groups.other.map(([method, path, op]) => (
                  <tr key={`${method} ${path}`}>
                    <OperationCells method={method} path={path} />
                    <td>{op.security && op.security.length === 0 ? 'public' : 'signed in'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}

export default ApiReferencePage;
