import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import type { DataRow } from '../../api/types';
import { humanize } from '../columns';
import { LineCell } from './LineCell';
import { LinesHead } from './LinesHead';
import { rowErrors, type LinesOptions } from './linesModel';
import { useLineRows } from './useLineRows';
import { t } from '../../i18n';

/**
 * Master-detail lines (`ui:field: lines`): an editable, numbered table of the child rows with the
 * same widgets as the form; add and remove rows. Each row keeps every property the child schema
 * knows (its key and version included), so existing lines are updated, new ones inserted.
 */
export function LinesField(props: FieldProps<DataRow[]>) {
  const { schema, uiSchema, formData, errorSchema, registry, fieldPathId, disabled } = props;
  const o = (uiSchema?.['ui:options'] ?? {}) as LinesOptions;
  const allReadonly = Boolean(props.readonly || uiSchema?.['ui:readonly']);
  // frozen lines: no add/remove; cells editable only where the lifecycle still allows it
  const readonly = allReadonly || Boolean(o.frozen);
  const cellEditable = (field: string): boolean => !allReadonly && (!o.frozen || o.frozen.editable.includes(field));
  const items = (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items : {}) as RJSFSchema;
  const itemProps = (items.properties ?? {}) as Record<string, RJSFSchema>;
  const required = new Set(items.required ?? []);
  const rows: DataRow[] = Array.isArray(formData) ? formData : [];
  const columns = (o.columns ?? []).filter((c) => itemProps[c.field]);
  const title = o.title || (typeof schema.title === 'string' ? schema.title : humanize(props.name));
  const shown = new Set(columns.map((c) => c.field));
  const { ids, setRowValues, setCell, add, remove } = useLineRows(rows, items, (next) => props.onChange(next, fieldPathId.path));
  const arrayErrors = (errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [];

  return (
    <section className="card form-lines" data-lines={props.name}>
      <div className="card-header lines-header">
        <h2>{title}</h2>
        <span className="muted">
          {rows.length} {rows.length === 1 ? 'line' : 'lines'}
        </span>
      </div>
      <div className="table-wrap lines-wrap">
        <table className="data-table lines-table">
          <LinesHead columns={columns} itemProps={itemProps} required={required} readonly={readonly} />
          <tbody>
            {rows.map((row, i) => {
              const extra = rowErrors(errorSchema, i, shown);
              return (
                <tr key={ids[i]} data-line={i}>
                  <td className="col-no">{i + 1}</td>
                  {columns.map((c) => (
                    <LineCell
                      key={c.field}
                      column={c}
                      cellSchema={itemProps[c.field]}
                      row={row}
                      index={i}
                      baseId={fieldPathId.$id}
                      required={required.has(c.field)}
                      readonly={!cellEditable(c.field) || Boolean(c.readOnly) || Boolean(itemProps[c.field].readOnly)}
                      disabled={disabled}
                      errorSchema={errorSchema}
                      registry={registry}
                      childEntity={o.childEntity}
                      extra={c === columns[0] ? extra : undefined}
                      onCell={(v) => setCell(i, c.field, v)}
                      onCopy={(values) => setRowValues(i, values)}
                    />
                  ))}
                  {readonly ? null : (
                    <td className="col-actions">
                      <button type="button" className="icon-btn" aria-label={`Remove line ${i + 1}`} title={t('Remove line')} onClick={() => remove(i)}>
                        ×
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="lines-empty muted">{t('No lines yet.')}</p> : null}
      </div>
      {arrayErrors.length ? <div className="field-error lines-errors">{arrayErrors.join('; ')}</div> : null}
      {readonly ? null : (
        <div className="lines-footer">
          <button type="button" className="btn btn-secondary" onClick={add}>
            {t('+ Add line')}
          </button>
        </div>
      )}
    </section>
  );
}
