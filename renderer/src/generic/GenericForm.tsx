import Form from '@rjsf/core';
import type { ErrorSchema, ErrorTransformer, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { createRow, deleteRow, getRow, updateRow } from '../api/data';
import { errorMessage, isApiError } from '../api/errors';
import type { DataRow, ScreenMeta } from '../api/types';
import { MSG_FILL_FORM } from '../session/passwordRules';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/toast/toastContext';
import { useAsync } from '../ui/useAsync';
import { ActionBar } from './actions/ActionBar';
import { useScreenActions } from './actions/useScreenActions';
import { ConfirmModal } from './ConfirmModal';
import { pickSchemaFields } from './schemaData';
import { toErrorSchema } from './serverErrors';

interface GenericFormProps {
  screen: ScreenMeta;
  /** Route parameters; the first is the record key (absent: a new record). */
  params: string[];
}

const EMPTY_SCHEMA: RJSFSchema = { type: 'object', properties: {} };

/** Module level (stable identity): plainer wording for missing required values. */
const transformErrors: ErrorTransformer = (errors) =>
  errors.map((e) => (e.name === 'required' ? { ...e, message: 'This field is required' } : e));

/** A metadata form: rjsf with the screen's JSON Schema and uiSchema; create, update, delete. */
export function GenericForm({ screen, params }: GenericFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const recordKey = params[0] || null;
  const isNew = recordKey === null;
  const entity = screen.entity?.name ?? '';
  const keyField = screen.entity?.key ?? 'id';
  const route = `${screen.module}/${screen.route}`;
  const permission = screen.permission ?? '';
  const canWrite = isNew ? permission.includes('C') : permission.includes('U');
  const canDelete = !isNew && permission.includes('D');

  const schema = useMemo<RJSFSchema>(() => (screen.schema as RJSFSchema | undefined) ?? EMPTY_SCHEMA, [screen.schema]);
  const uiSchema = useMemo<UiSchema>(() => (screen.uiSchema as UiSchema | undefined) ?? {}, [screen.uiSchema]);

  const load = useCallback(
    (signal: AbortSignal) => getRow(entity, recordKey ?? '', route, signal).then((r) => r?.data ?? {}),
    [entity, recordKey, route],
  );
  const loaded = useAsync(isNew || !entity ? null : `${entity}/${recordKey}`, load);

  const [edited, setEdited] = useState<DataRow | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const actions = useScreenActions(screen, recordKey, () => {
    setEdited(null);
    loaded.reload();
  });

  const original: DataRow = loaded.data ?? {};
  const initial = useMemo(() => pickSchemaFields(schema, loaded.data ?? {}), [schema, loaded.data]);
  const formData: DataRow = edited ?? initial;

  const backToList = () => {
    if (screen.list) navigate(`/${screen.module}/${screen.list}`);
    else navigate(-1);
  };

  const save = async (data: DataRow) => {
    if (!canWrite || saving) return;
    setSaving(true);
    setExtraErrors(undefined);
    try {
      let result: DataRow | undefined;
      if (isNew) {
        result = (await createRow(entity, pickSchemaFields(schema, data), route))?.data;
      } else {
        const body: DataRow = pickSchemaFields(schema, data);
        if (original.version !== undefined) body.version = original.version;
        result = (await updateRow(entity, recordKey, body, route))?.data;
      }
      toast.success('Saved');
      if (screen.list) {
        navigate(`/${screen.module}/${screen.list}`);
      } else if (isNew && result && result[keyField] !== undefined && result[keyField] !== null) {
        navigate(`/${screen.module}/${screen.route}/${encodeURIComponent(String(result[keyField]))}`, {
          replace: true,
        });
      } else {
        setEdited(null);
        loaded.reload();
      }
    } catch (e) {
      if (isApiError(e) && e.status === 400 && e.errors.length) {
        setExtraErrors(toErrorSchema(e.errors));
        toast.error(MSG_FILL_FORM);
      } else {
        toast.error(errorMessage(e));
      }
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!recordKey) return;
    setDeleting(true);
    try {
      await deleteRow(entity, recordKey, route);
      toast.success('Deleted');
      setConfirmDelete(false);
      backToList();
    } catch (e) {
      toast.error(errorMessage(e));
      setDeleting(false);
    }
  };

  let body;
  if (!isNew && loaded.loading && !loaded.data) body = <Spinner label="Loading record…" />;
  else if (!isNew && loaded.error) body = <ErrorPanel message={errorMessage(loaded.error)} onRetry={loaded.reload} />;
  else
    body = (
      <Form<DataRow>
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        noHtml5Validate
        showErrorList={false}
        readonly={!canWrite}
        extraErrors={extraErrors}
        transformErrors={transformErrors}
        onChange={(e) => setEdited((e.formData ?? {}) as DataRow)}
        onSubmit={(e) => void save((e.formData ?? {}) as DataRow)}
        onError={() => toast.error(MSG_FILL_FORM)}
      >
        <div className="form-actions">
          {canWrite ? (
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          ) : null}
          {canDelete ? (
            <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={backToList}>
            Close
          </button>
          {isNew ? null : (
            <ActionBar actions={actions.actions} hasRow busy={actions.busy || saving} onRun={actions.start} />
          )}
        </div>
      </Form>
    );

  return (
    <div className="page">
      <div className="page-header">
        <h1>{screen.title}</h1>
        {!canWrite ? <span className="pill">Read only</span> : null}
      </div>
      {actions.resultPanel}
      <section className="card">
        <div className="card-body generic-form">{body}</div>
      </section>
      {actions.dialogs}
      {confirmDelete ? (
        <ConfirmModal
          title="Delete record?"
          text="This record will be deleted. Do you want to continue?"
          confirmLabel="Delete"
          danger
          busy={deleting}
          onConfirm={() => void remove()}
          onClose={() => setConfirmDelete(false)}
        />
      ) : null}
    </div>
  );
}

export default GenericForm;
