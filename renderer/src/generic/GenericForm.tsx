import type { UiSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { errorMessage, isApiError } from '../api/errors';
import type { ScreenMeta } from '../api/types';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Spinner } from '../ui/Spinner';
import { useScreenActions } from './actions/useScreenActions';
import { buildUiSchema, stateOf } from './form/buildUiSchema';
import { FormButtons } from './form/FormButtons';
import { RecordForm } from './form/RecordForm';
import { RelatedRows } from './form/RelatedRows';
import { useFormValidator } from './form/formValidator';
import { useValidationMessages } from './form/validationMessages';
import { useBackToList, useDeleteRecord } from './form/useDeleteRecord';
import { useFormEdits } from './form/useFormEdits';
import { useFormRecord } from './form/useFormRecord';
import { updateBody, useSaveRecord, useServerErrors } from './form/useSaveRecord';
import type { UnsavedEdits } from './actions/useScreenActions';
import { t } from '../i18n';
import { changed } from './form/formChanges';
import { unsavedEdits } from './form/unsavedEdits';
import { FormHeader } from './form/FormHeader';
import { formSignedItems } from './form/formSignedItems';

interface GenericFormProps {
  screen: ScreenMeta;
  /** Route parameters; the first is the record key (absent: a new record). */
  params: string[];
}

/** The form's compiled validator could not be imported (network, or a server with other metadata). */
export const MSG_VALIDATOR_FAILED = 'The form could not be loaded. Please try again.';

/**
 * A metadata form: rjsf with the screen's JSON Schema and uiSchema, sections as cards, child lines
 * as an editable table; create, update, delete; every save is one request. An action on the form
 * takes what the screen shows: checked against the schema, then saved in the action's own
 * transaction (decision 0375).
 *   the record and what the user may do: form/useFormRecord.ts; the edits and the widgets'
 *   context: form/useFormEdits.ts; save: form/useSaveRecord.ts; delete: form/useDeleteRecord.tsx;
 *   the rjsf form: form/RecordForm.tsx; the buttons: form/FormButtons.tsx; validation messages:
 *   form/validationMessages.ts
 */
export function GenericForm({ screen, params }: GenericFormProps) {
  const rec = useFormRecord(screen, params);
  const { schema, loaded, record, isNew, canWrite } = rec;
  // the server's compiled validator of this form, loaded beside the record
  const formValidator = useFormValidator(screen.validator, schema);
  const uiSchema = useMemo<UiSchema>(() => buildUiSchema(screen, schema, record), [screen, schema, record]);
  const { formData, setEdited, formContext } = useFormEdits(screen, rec);
  const errors = useServerErrors(schema, formData);
  const reload = () => {
    setEdited(null);
    loaded.reload();
  };
  const { saving, save } = useSaveRecord(screen, rec, errors, reload);
  const validation = useValidationMessages(schema, formData);
  const validator = formValidator.validator;
  // an action takes what the screen shows: checked here, saved in its own transaction (decision 0375)
  const edits: UnsavedEdits | undefined =
    !isNew && canWrite
      ? unsavedEdits({
          changed: () => changed(schema, loaded.data ?? {}, formData),
          validate: validator ? () => validator.validateFormData(formData, schema, undefined, validation.transformErrors) : undefined,
          errors,
          onInvalid: validation.onInvalid,
          body: () => updateBody(screen, rec, formData),
          save: () => save(formData),
        })
      : undefined;
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
    undefined,
    // a signature lists the record's fields of the form's first section, as the form shows them (decision 0301)
    () => formSignedItems(screen, record),
    edits,
  );
  const state = stateOf(screen, record);

  let body;
  if (!isNew && loaded.loading && !loaded.data) body = <Spinner label={t('Loading record…')} />;
  else if (!isNew && isApiError(loaded.error) && loaded.error.status === 403) return <Navigate to="/unauthorize" replace />;
  else if (!isNew && loaded.error) body = <ErrorPanel message={errorMessage(loaded.error)} onRetry={loaded.reload} />;
  else if (formValidator.error) body = <ErrorPanel message={MSG_VALIDATOR_FAILED} onRetry={formValidator.reload} />;
  else if (!validator) body = <Spinner label={t('Loading form…')} />;
  else
    body = (
      <RecordForm
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        formContext={formContext}
        validator={validator}
        readonly={!canWrite}
        extraErrors={errors.extraErrors}
        transformErrors={validation.transformErrors}
        onChange={setEdited}
        onSubmit={(data) => void save(data)}
        onError={validation.onInvalid}
      >
        <FormButtons screen={screen} rec={rec} saving={saving} actions={actions} onDelete={del.ask} onClose={backToList} />
      </RecordForm>
    );

  return (
    <div className="page">
      <FormHeader title={screen.title} state={state} readOnly={!canWrite} />
      {actions.resultPanel}
      <div className="generic-form">{body}</div>
      {record && !isNew ? (screen.related ?? []).map((r) => <RelatedRows key={`${r.module}/${r.route}`} related={r} record={record} />) : null}
      {actions.dialogs}
      {del.dialog}
    </div>
  );
}

export default GenericForm;
