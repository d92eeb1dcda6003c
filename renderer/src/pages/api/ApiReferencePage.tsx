import { useMemo, useState } from 'react';
import { request } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { useAsync } from '../../ui/useAsync';
import { ApiEntity } from './ApiEntity';
import { ApiOtherCalls } from './ApiOtherCalls';
import { groupOperations, schemaName, type OpenApi } from './apiReference';
import { t } from '../../i18n';

/**
 * The API reference (GET /api/openapi.json, docs/api.md): the entities by module, each with its
 * calls, the letters they need and the fields its requests carry; then the other calls. A filter
 * narrows by entity, path or summary. The raw document is linked for tools.
 */
export function ApiReferencePage() {
  const { data, error, loading } = useAsync('openapi', (signal) => request<OpenApi>('GET', 'openapi.json', { signal }));
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const groups = useMemo(() => groupOperations(data, filter), [data, filter]);

  if (loading && !data) return <Spinner />;
  if (error) return <ErrorPanel message={errorMessage(error)} />;
  if (!data) return null;
  const tags = data.tags ?? [];
  return (
    <div className="page api-reference">
      <div className="page-header">
        <h1>{t('API Reference')}</h1>
        <p className="muted">
          {data.info.title} {data.info.version} · OpenAPI 3.1 ·{' '}
          <a href="/api/openapi.json" target="_blank" rel="noreferrer">
            openapi.json
          </a>
        </p>
      </div>
      <p className="muted">{data.info.description}</p>
      <input className="form-control" placeholder={t('Filter by entity, path or summary')} value={filter} onChange={(ev) => setFilter(ev.target.value)} aria-label={t('Filter')} style={{ maxWidth: 420, marginBottom: 12 }} />
      {tags.map((tag) => {
        const list = [...groups.entities.entries()].filter(([, g]) => g.tag === tag.name);
        if (list.length === 0) return null;
        return (
          <section className="card" key={tag.name}>
            <div className="card-header">
              <strong>{tag.description ?? tag.name}</strong>
            </div>
            <div className="card-body">
              {list.map(([entity, g]) => (
                <ApiEntity key={entity} entity={entity} ops={g.ops} schema={data.components.schemas[schemaName(entity)]} open={open === entity} onToggle={() => setOpen(open === entity ? null : entity)} />
              ))}
            </div>
          </section>
        );
      })}
      {groups.other.length ? <ApiOtherCalls calls={groups.other} /> : null}
    </div>
  );
}

export default ApiReferencePage;
