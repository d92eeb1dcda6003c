import { optionsList, type ErrorSchema, type FieldProps, type RJSFSchema, type WidgetProps } from '@rjsf/utils';
import type { DataRow, FormFieldMeta } from '../../api/types';
import { humanize } from '../columns';
import { errorsAt } from './linesModel';
import { numericOptionsOf } from './schemaTypes';
import { cellWidget } from './widgets';

interface LineCellProps {
  column: FormFieldMeta;
  cellSchema: RJSFSchema;
  row: DataRow;
  index: number;
  /** The field's id (`fieldPathId.$id`): the cell's id is `<id>_<line>_<field>`. */
  baseId: string;
  required: boolean;
  readonly: boolean;
  disabled?: boolean;
  errorSchema: ErrorSchema<DataRow[]> | undefined;
  registry: FieldProps<DataRow[]>['registry'];
  childEntity?: string;
  /** The line's own errors not shown in a cell (shown in its first cell). */
  extra?: string[];
  onCell: (value: unknown) => void;
  onCopy: (values: DataRow) => void;
}

/** One cell of a line: the form's widget for the column's field, with its errors. */
export function LineCell({ column: c, cellSchema, row, index: i, baseId, required, readonly, disabled, errorSchema, registry, childEntity, extra = [], onCell, onCopy }: LineCellProps) {
  const Widget = cellWidget(cellSchema, c.widget);
  const errors = errorsAt(errorSchema, i, c.field);
  const id = `${baseId}_${i}_${c.field}`;
  const label = c.label || (typeof cellSchema.title === 'string' ? cellSchema.title : humanize(c.field));
  const widgetProps: WidgetProps = {
    id,
    name: c.field,
    htmlName: id,
    label: `${label} (line ${i + 1})`,
    hideLabel: true,
    value: row[c.field],
    schema: cellSchema,
    uiSchema: {},
    required,
    readonly,
    disabled,
    placeholder: c.placeholder,
    rawErrors: errors.length ? errors : undefined,
    registry,
    options: {
      ...numericOptionsOf(cellSchema),
      enumOptions: optionsList(cellSchema),
      lookupEntity: childEntity,
      lookupField: c.field,
      attachmentEntity: childEntity,
      attachmentField: c.field,
      onCopy,
    },
    onChange: onCell,
    onBlur: () => undefined,
    onFocus: () => undefined,
  };
  return (
    <td className={errors.length ? 'has-error' : undefined}>
      <Widget {...widgetProps} />
      {errors.map((m) => (
        <div className="field-error" key={m}>
          {m}
        </div>
      ))}
      {extra.length ? <div className="field-error">{extra.join('; ')}</div> : null}
    </td>
  );
}
