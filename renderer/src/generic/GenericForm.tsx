import Form from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError, RegistryFieldsType, UiSchema } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import { Navigate } from 'react-router';
import { errorMessage, isApiError } from '../api/errors';
import type { DataRow, ScreenMeta } from '../api/types';
import { MSG_FILL_FORM } from '../session/passwordRules';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/toast/toastContext';
import { useScreenActions } from './actions/useScreenActions';
import { ConfirmModal } from './ConfirmModal';
import { buildUiSchema, stateOf } from './form/buildUiSchema';
import type { GenericFormContext } from './form/formContext';
import { FormButtons } from './form/FormButtons';
import { LinesField } from './form/LinesField';
import { RelatedRows } from './form/RelatedRows';
import { SectionsTemplate } from './form/SectionsTemplate';
import { useFormValidator } from './form/formValidator';
import { MSG_CHOOSE_FILE, transformErrors } from './form/transformErrors';
import { useBackToList, useDeleteRecord } from './form/useDeleteRecord';
import { useFormEdits } from './form/useFormEdits';
import { useFormRecord } from './form/useFormRecord';
import { useSaveRecord, useServerErrors } from './form/useSaveRecord';
import { widgets } from './form/widgets';
import { t } from '../i18n';

interface GenericFormProps {
  screen: ScreenMeta;
  /** Route parameters; the first is the record key (absent: a new record). */
  params: string[];
}

/** The form's compiled validator could not be imported (network, or a server with other metadata). */
export const MSG_VALIDATOR_FAILED = 'The form could not be loaded. Please try again.';

// Registered once at module level: stable identities keep rjsf from remounting inputs.
const fields: RegistryFieldsType = { lines: LinesField };
const templates = { ObjectFieldTemplate: SectionsTemplate };
/** An optional enum starts empty: rjsf would otherwise default it to its first `oneOf` value. */
const defaultBehavior = { constAsDefaults: 'never' } as const;

/**
 * A metadata form: rjsf with the screen's JSON Schema and uiSchema, sections as cards, child lines
 * as an editable table; create, update, delete; every save is one request.
 *   the record and what the user may do: form/useFormRecord.ts; the edits and the widgets'
 *   context: form/useFormEdits.ts; save: form/useSaveRecord.ts; delete: form/useDeleteRecord.ts;
 *   the buttons: form/FormButtons.tsx; validation messages: form/transformErrors.ts
 */
export function GenericForm({ screen, params }: GenericFormProps) {
  const toast = useToast();
  const rec = useFormRecord(screen, params);
  const { schema, loaded, record, isNew, canWrite } = rec;
  // the server's compiled validator of this form, loaded beside the record
  const formValidator = useFormValidator(screen.validator, schema);
  const uiSchema = useMemo<UiSchema>(() => buildUiSchema(screen, schema, record), [screen, schema, record]);
  const { formData, setEdited, formContext } = useFormEdits(screen, rec);
  const errors = useServerErrors(schema);
  const reload = () => {
    setEdited(null);
    loaded.reload();
  };
  const { saving, save } = useSaveRecord(screen, rec, errors, reload);
  const backToList = useBackToList(screen);
  const del = useDeleteRecord(rec, backToList);

  const actions = useScreenActions(
    screen,
    rec.recordKey,
    () => {
      errors.clearErrors();
      reload();
    },
    record,
    errors.failed,
  );
  const state = stateOf(screen, record);
  const messages = useCallback((list: RJSFValidationError[]) => transformErrors(schema, list), [schema]);

  const onInvalid = (list: RJSFValidationError[]) => {
    toast.error(MSG_FILL_FORM);
    if (list.some((e) => e.message === MSG_CHOOSE_FILE)) toast.warning(MSG_CHOOSE_FILE);
  };

  const validator = formValidator.validator;
  let body;
  if (!isNew && loaded.loading && !loaded.data) body = <Spinner label={t('Loading record…')} />;
  else if (!isNew && isApiError(loaded.error) && loaded.error.status === 403) return <Navigate to="/unauthorize" replace />;
  else if (!isNew && loaded.error) body = <ErrorPanel message={errorMessage(loaded.error)} onRetry={loaded.reload} />;
  else if (formValidator.error) body = <ErrorPanel message={MSG_VALIDATOR_FAILED} onRetry={formValidator.reload} />;
  else if (!validator) body = <Spinner label={t('Loading form…')} />;
  else
    body = (
      <Form<DataRow, RJSFSchema, GenericFormContext>
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        formContext={formContext}
        validator={validator}
        widgets={widgets}
        fields={fields}
        templates={templates}
        experimental_defaultFormStateBehavior={defaultBehavior}
        noHtml5Validate
        showErrorList={false}
        readonly={!canWrite}
        extraErrors={errors.extraErrors}
        transformErrors={messages}
        onChange={(e) => setEdited((e.formData ?? {}) as DataRow)}
        onSubmit={(e) => void save((e.formData ?? {}) as DataRow)}
        onError={onInvalid}
      >
        <FormButtons screen={screen} rec={rec} saving={saving} actions={actions} onDelete={() => del.setConfirmDelete(true)} onClose={backToList} />
      </Form>
    );

  return (
    <div className="page">
      <div className="page-header">
        <h1>{screen.title}</h1>
        {state ? (
          <span className="pill pill-state" data-state={state}>
            {state}
          </span>
        ) : null}
        {!canWrite ? <span className="pill">{t('Read only')}</span> : null}
      </div>
      {actions.resultPanel}
      <div className="generic-form">{body}</div>
      {record && !isNew ? (screen.related ?? []).map((r) => <RelatedRows key={`${r.module}/${r.route}`} related={r} record={record} />) : null}
      {actions.dialogs}
      {del.confirmDelete ? (
        <ConfirmModal
          title="Delete record?"
          text="This record will be deleted. Do you want to continue?"
          confirmLabel="Delete"
          danger
          busy={del.deleting}
          onConfirm={() => void del.remove()}
          onClose={() => del.setConfirmDelete(false)}
        />
      ) : null}
    </div>
  );
}

export default GenericForm;
