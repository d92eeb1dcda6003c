import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, RegistryFieldsType, UiSchema } from '@rjsf/utils';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { createRow, deleteRow, getRow, updateRow } from '../api/data';
import { errorMessage, isApiError } from '../api/errors';
import type { DataRow, ScreenMeta } from '../api/types';
import { MSG_FILL_FORM } from '../session/passwordRules';
import { useSession } from '../session/sessionContext';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/toast/toastContext';
import { useAsync } from '../ui/useAsync';
import { ActionBar } from './actions/ActionBar';
import { PrintButton, availablePrints } from './actions/PrintButton';
import { useScreenActions } from './actions/useScreenActions';
import { ConfirmModal } from './ConfirmModal';
import { buildUiSchema, deletable, formLocked, stateOf } from './form/buildUiSchema';
import type { GenericFormContext } from './form/formContext';
import { LinesField } from './form/LinesField';
import { RelatedRows } from './form/RelatedRows';
import { isAttachment, isDuration } from './form/schemaTypes';
import { DURATION_HINT } from '../../../engine/src/values/duration';
import { SectionsTemplate } from './form/SectionsTemplate';
import { useFormValidator } from './form/formValidator';
import { widgets } from './form/widgets';
import { clearedToNull, pickSchemaFields, requiredFromRecord } from './schemaData';
import { failureReport } from './serverErrors';
import { HistoryButton } from './HistoryButton';
import { t } from '../i18n';

interface GenericFormProps {
  screen: ScreenMeta;
  /** Route parameters; the first is the record key (absent: a new record). */
  params: string[];
}

const EMPTY_SCHEMA: RJSFSchema = { type: 'object', properties: {} };

/** The form's compiled validator could not be imported (network, or a server with other metadata). */
export const MSG_VALIDATOR_FAILED = 'The form could not be loaded. Please try again.';

/** Spec §8: an attachment field left without a file. */
export const MSG_CHOOSE_FILE = 'Please choose a file';

// Registered once at module level: stable identities keep rjsf from remounting inputs.
const fields: RegistryFieldsType = { lines: LinesField };
const templates = { ObjectFieldTemplate: SectionsTemplate };
/** An optional enum starts empty: rjsf would otherwise default it to its first `oneOf` value. */
const defaultBehavior = { constAsDefaults: 'never' } as const;

/** The schema of the property an error names (`.a`, `.lines.0.b`, or a missing property). */
function schemaAt(root: RJSFSchema, error: RJSFValidationError): RJSFSchema | undefined {
  const parts = (error.property ?? '').split('.').filter(Boolean);
  const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
  if (error.name === 'required' && missing && parts[parts.length - 1] !== missing) parts.push(missing);
  let node: RJSFSchema | undefined = root;
  for (const part of parts) {
    if (!node) return undefined;
    if (/^\d+$/.test(part) && node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
      node = node.items as RJSFSchema;
    } else {
      node = (node.properties?.[part] as RJSFSchema | undefined) ?? undefined;
    }
  }
  return node;
}

/**
 * A metadata form: rjsf with the screen's JSON Schema and uiSchema, sections as cards, child lines
 * as an editable table; create, update, delete; every save is one request.
 */
export function GenericForm({ screen, params }: GenericFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { session } = useSession();
  const recordKey = params[0] || null;
  const isNew = recordKey === null;
  const entity = screen.entity?.name ?? '';
  const keyField = screen.entity?.key ?? 'id';
  const route = `${screen.module}/${screen.route}`;
  const permission = screen.permission ?? '';

  const schema = useMemo<RJSFSchema>(() => (screen.schema as RJSFSchema | undefined) ?? EMPTY_SCHEMA, [screen.schema]);

  const load = useCallback(
    (signal: AbortSignal) => getRow(entity, recordKey ?? '', route, signal).then((r) => r?.data ?? {}),
    [entity, recordKey, route],
  );
  const loaded = useAsync(isNew || !entity ? null : `${entity}/${recordKey}`, load);
  // the server's compiled validator of this form, loaded beside the record
  const formValidator = useFormValidator(screen.validator, schema);
  const record: DataRow | null = isNew ? null : (loaded.data ?? null);

  const locked = formLocked(screen, record);
  const canWrite = (isNew ? permission.includes('C') : permission.includes('U')) && !locked;
  const canDelete = !isNew && permission.includes('D') && deletable(screen, record);

  const uiSchema = useMemo<UiSchema>(() => buildUiSchema(screen, schema, record), [screen, schema, record]);

  const [edited, setEdited] = useState<DataRow | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const initial = useMemo(() => pickSchemaFields(schema, loaded.data ?? {}), [schema, loaded.data]);
  const formData: DataRow = edited ?? initial;
  // the values as edited now, for widgets that read the document (a lookup's `match`)
  const current = useRef(formData);
  current.current = formData;

  // A lookup's choice copies into the document (engine/src/query/lookup.ts): header values are
  // set, copied lines replace the child's lines and take the line schema's defaults.
  const applyCopy = useCallback(
    (values: DataRow) =>
      setEdited((prev) => {
        const next: DataRow = { ...(prev ?? current.current) };
        for (const [name, v] of Object.entries(values)) {
          const items = (schema.properties?.[name] as RJSFSchema | undefined)?.items as RJSFSchema | undefined;
          if (Array.isArray(v) && items?.properties) {
            const defaults = Object.fromEntries(
              Object.entries(items.properties).flatMap(([k, p]) => (typeof p === 'object' && p && p.default !== undefined ? [[k, p.default]] : [])),
            );
            next[name] = v.map((line) => ({ ...defaults, ...(line as DataRow) }));
          } else if (name in (schema.properties ?? {})) {
            next[name] = v;
          }
        }
        return next;
      }),
    [schema],
  );
  const formContext = useMemo<GenericFormContext>(
    // a lookup may match on the document's key (a card of this work order): the stored key joins the values
    () => ({ entity, record: record ?? {}, currency: session?.matauang ?? '', values: () => ({ ...(screen.entity?.key && record?.[screen.entity.key] !== undefined ? { [screen.entity.key]: record[screen.entity.key] } : {}), ...current.current }), applyCopy }),
    [entity, record, screen.entity?.key, session?.matauang, applyCopy],
  );

  /** A refused save or action: mark the fields the server names and say its message (spec §8). */
  const failed = (e: unknown) => {
    const report = failureReport(e, schema);
    setExtraErrors(report.errorSchema);
    toast.error(report.text, report.title);
  };

  const actions = useScreenActions(
    screen,
    recordKey,
    () => {
      setEdited(null);
      setExtraErrors(undefined);
      loaded.reload();
    },
    record,
    failed,
  );
  const state = stateOf(screen, record);

  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      errors.map((e) => {
        if (e.name === 'required' && isAttachment(schemaAt(schema, e))) return { ...e, message: MSG_CHOOSE_FILE };
        if (e.name === 'required') return { ...e, message: 'This field is required' };
        if (e.name === 'type' && isDuration(schemaAt(schema, e))) return { ...e, message: DURATION_HINT };
        return e;
      }),
    [schema],
  );

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
      const body = pickSchemaFields(schema, data);
      if (isNew) {
        result = (await createRow(entity, body, route))?.data;
      } else {
        const original = loaded.data ?? {};
        const update = requiredFromRecord(schema, screen.entity, original, clearedToNull(schema, original, body));
        if (original.version !== undefined) update.version = original.version;
        result = (await updateRow(entity, recordKey, update, route))?.data;
      }
      toast.success('Saved');
      // Save stays on the document: a new one opens under its key, so Post, Send and Print follow.
      if (isNew && result && result[keyField] !== undefined && result[keyField] !== null) {
        navigate(`/${screen.module}/${screen.route}/${encodeURIComponent(String(result[keyField]))}`, { replace: true });
      } else {
        setEdited(null);
        loaded.reload();
      }
    } catch (e) {
      failed(e);
    } finally {
      setSaving(false);
    }
  };

  const onInvalid = (errors: RJSFValidationError[]) => {
    toast.error(MSG_FILL_FORM);
    if (errors.some((e) => e.message === MSG_CHOOSE_FILE)) toast.warning(MSG_CHOOSE_FILE);
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
        extraErrors={extraErrors}
        transformErrors={transformErrors}
        onChange={(e) => setEdited((e.formData ?? {}) as DataRow)}
        onSubmit={(e) => void save((e.formData ?? {}) as DataRow)}
        onError={onInvalid}
      >
        <div className="card form-actions-card">
          <div className="form-actions">
            {canWrite ? (
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? t('Saving…') : t('Save')}
              </button>
            ) : null}
            {canDelete ? (
              <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
                {t('Delete')}
              </button>
            ) : null}
            <button type="button" className="btn btn-secondary" onClick={backToList}>
              {t('Close')}
            </button>
            {isNew || !recordKey ? null : <HistoryButton entity={entity} recordKey={recordKey} />}
            {isNew ? null : (
              <ActionBar actions={actions.actions} hasRow busy={actions.busy || saving} onRun={actions.start} />
            )}
            {!isNew && recordKey && screen.entity?.printable && permission.includes('P') ? (
              <PrintButton entity={entity} recordKey={recordKey} title={screen.title} prints={availablePrints(screen.entity?.prints, record)} />
            ) : null}
          </div>
        </div>
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
