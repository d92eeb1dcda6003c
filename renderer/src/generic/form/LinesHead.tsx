import type { RJSFSchema } from '@rjsf/utils';
import type { FormFieldMeta } from '../../api/types';
import { humanize } from '../columns';
import { t } from '../../i18n';

/** The header row of a lines table: No., each column (required ones starred), and Remove unless read-only. */
export function LinesHead({ columns, itemProps, required, readonly }: { columns: FormFieldMeta[]; itemProps: Record<string, RJSFSchema>; required: Set<string>; readonly: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="col-no">
          {t('No.')}
        </th>
        {columns.map((c) => (
          <th scope="col" key={c.field}>
            {c.label || (typeof itemProps[c.field].title === 'string' ? itemProps[c.field].title : humanize(c.field))}
            {required.has(c.field) ? <span className="required"> *</span> : null}
          </th>
        ))}
        {readonly ? null : (
          <th scope="col" className="col-actions">
            <span className="sr-only">{t('Remove')}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
