import { t } from '../../i18n';

/** A form's title with the record's state and, when the user may not write, "Read only". */
export function FormHeader({ title, state, readOnly }: { title: string; state: string | null | undefined; readOnly: boolean }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {state ? (
        <span className="pill pill-state" data-state={state}>
          {state}
        </span>
      ) : null}
      {readOnly ? <span className="pill">{t('Read only')}</span> : null}
    </div>
  );
}
