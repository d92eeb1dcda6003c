import { optionsList, type ErrorSchema, type FieldProps, type RJSFSchema, type WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import type { DataRow, FormFieldMeta } from '../../api/types';
import { humanize } from '../columns';
import { cellWidget } from './widgets';
import { numericOptionsOf } from './schemaTypes';

interface LinesOptions {
  columns?: FormFieldMeta[];
  title?: string;
  /** The child entity (lookups and uploads of line fields). */
  childEntity?: string;
  /**
   * The document's lifecycle freezes its lines (entity `lifecycle`, refuse `lines`): no line is
   * added or removed, and only these columns stay editable on existing lines.
   */
  frozen?: { editable: string[] };
}

let rowSeq = 0;
const nextRowId = (): string => `line-${++rowSeq}`;

/** A new line: the child schema's defaults. */
function newLine(items: RJSFSchema): DataRow {
  const row: DataRow = {};
  for (const [name, prop] of Object.entries(items.properties ?? {})) {
    if (typeof prop === 'object' && prop && 'default' in prop && prop.default !== undefined) row[name] = prop.default;
  }
  return row;
}

function errorsAt(errorSchema: ErrorSchema<DataRow[]> | undefined, index: number, field: string): string[] {
  const row = (errorSchema as Record<string, unknown> | undefined)?.[index] as Record<string, unknown> | undefined;
  const cell = row?.[field] as { __errors?: string[] } | undefined;
  return cell?.__errors ?? [];
}

function rowErrors(errorSchema: ErrorSchema<DataRow[]> | undefined, index: number, shown: Set<string>): string[] {
  const row = (errorSchema as Record<string, unknown> | undefined)?.[index] as Record<string, unknown> | undefined;
  if (!row) return [];
  const out: string[] = [...((row.__errors as string[] | undefined) ?? [])];
  for (const [k, v] of Object.entries(row)) {
    if (k === '__errors' || shown.has(k)) continue;
    for (const m of (v as { __errors?: string[] })?.__errors ?? []) out.push(`${humanize(k)}: ${m}`);
  }
  return out;
}

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

  // Stable React keys for the rows (saved lines could use their key, new ones have none).
  const ids = useRef<string[]>([]);
  while (ids.current.length < rows.length) ids.current.push(nextRowId());
  if (ids.current.length > rows.length) ids.current.length = rows.length;

  // the rows as last rendered: a lookup's copy arrives after its own choice was emitted
  const latest = useRef(rows);
  latest.current = rows;
  const emit = (next: DataRow[]) => props.onChange(next, fieldPathId.path);
  const setRowValues = (index: number, values: DataRow) =>
    emit(latest.current.map((r, i) => (i === index ? { ...r, ...values } : r)));
  const setCell = (index: number, field: string, value: unknown) => {
    const next = rows.map((r, i) => {
      if (i !== index) return r;
      const row = { ...r };
      if (value === undefined) delete row[field];
      else row[field] = value;
      return row;
    });
    emit(next);
  };
  const add = () => {
    ids.current.push(nextRowId());
    emit([...rows, newLine(items)]);
  };
  const remove = (index: number) => {
    ids.current.splice(index, 1);
    emit(rows.filter((_, i) => i !== index));
  };
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
          <thead>
            <tr>
              <th scope="col" className="col-no">
                No.
              </th>
              {columns.map((c) => (
                <th scope="col" key={c.field}>
                  {c.label || (typeof itemProps[c.field].title === 'string' ? itemProps[c.field].title : humanize(c.field))}
                  {required.has(c.field) ? <span className="required"> *</span> : null}
                </th>
              ))}
              {readonly ? null : (
                <th scope="col" className="col-actions">
                  <span className="sr-only">Remove</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const extra = rowErrors(errorSchema, i, shown);
              return (
                <tr key={ids.current[i]} data-line={i}>
                  <td className="col-no">{i + 1}</td>
                  {columns.map((c) => {
                    const cellSchema = itemProps[c.field];
                    const Widget = cellWidget(cellSchema, c.widget);
                    const errors = errorsAt(errorSchema, i, c.field);
                    const id = `${fieldPathId.$id}_${i}_${c.field}`;
                    const label =
                      c.label || (typeof cellSchema.title === 'string' ? cellSchema.title : humanize(c.field));
                    const widgetProps: WidgetProps = {
                      id,
                      name: c.field,
                      htmlName: id,
                      label: `${label} (line ${i + 1})`,
                      hideLabel: true,
                      value: row[c.field],
                      schema: cellSchema,
                      uiSchema: {},
                      required: required.has(c.field),
                      readonly: !cellEditable(c.field) || Boolean(c.readOnly) || Boolean(cellSchema.readOnly),
                      disabled,
                      placeholder: c.placeholder,
                      rawErrors: errors.length ? errors : undefined,
                      registry,
                      options: {
                        ...numericOptionsOf(cellSchema),
                        enumOptions: optionsList(cellSchema),
                        lookupEntity: o.childEntity,
                        lookupField: c.field,
                        attachmentEntity: o.childEntity,
                        attachmentField: c.field,
                        onCopy: (values: DataRow) => setRowValues(i, values),
                      },
                      onChange: (v: unknown) => setCell(i, c.field, v),
                      onBlur: () => undefined,
                      onFocus: () => undefined,
                    };
                    return (
                      <td key={c.field} className={errors.length ? 'has-error' : undefined}>
                        <Widget {...widgetProps} />
                        {errors.map((m) => (
                          <div className="field-error" key={m}>
                            {m}
                          </div>
                        ))}
                        {c === columns[0] && extra.length ? (
                          <div className="field-error">{extra.join('; ')}</div>
                        ) : null}
                      </td>
                    );
                  })}
                  {readonly ? null : (
                    <td className="col-actions">
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={`Remove line ${i + 1}`}
                        title="Remove line"
                        onClick={() => remove(i)}
                      >
                        ×
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="lines-empty muted">No lines yet.</p> : null}
      </div>
      {arrayErrors.length ? <div className="field-error lines-errors">{arrayErrors.join('; ')}</div> : null}
      {readonly ? null : (
        <div className="lines-footer">
          <button type="button" className="btn btn-secondary" onClick={add}>
            + Add line
          </button>
        </div>
      )}
    </section>
  );
}
