import { useState } from 'react';
import type { ActionInputMeta, DataRow, ScreenEntity } from '../../api/types';
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { DateInput } from '../../ui/DateInput';

interface Props {
  title: string;
  text: string;
  inputs: ActionInputMeta[];
  /** The open record (forms): a `line` input offers its lines. */
  record?: DataRow | null;
  entity?: ScreenEntity;
  busy?: boolean;
  /** Field errors the server answered (path `/name` → message), shown at their fields. */
  errors: Record<string, string>;
  onSubmit: (body: Record<string, string>) => void;
  onClose: () => void;
}

/** What a line input offers: the open record's lines of `child`, each named by its `show` fields. */
function lineOptions(input: ActionInputMeta, record: DataRow | null | undefined, entity: ScreenEntity | undefined): { key: string; label: string }[] {
  const child = entity?.children?.find((c) => c.name === input.child);
  const lines = Array.isArray(record?.[input.child ?? '']) ? (record?.[input.child ?? ''] as DataRow[]) : [];
  const key = child?.key ?? 'id';
  return lines.map((l) => ({ key: String(l[key] ?? ''), label: (input.show ?? [key]).map((f) => String(l[f] ?? '')).filter(Boolean).join(' · ') }));
}

/**
 * The dialog of an action that asks something before it runs (metadata `inputs`, decision 0317):
 * a correction's reason, an amendment's card and values. Required fields are asked at the field
 * here; the action checks them again and its field errors (400) are shown at the same fields. Only
 * the fields filled are sent: an empty one leaves the value as it is.
 */
export function ActionInputModal({ title, text, inputs, record, entity, busy, errors, onSubmit, onClose }: Props) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<Record<string, string>>({});
  const submit = () => {
    const absent = Object.fromEntries(inputs.filter((i) => i.required && !(values[i.name] ?? '').trim()).map((i) => [i.name, t('is required')]));
    setMissing(absent);
    if (Object.keys(absent).length || busy) return;
    onSubmit(Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')));
  };
  const set = (name: string, v: string) => {
    setValues((prev) => ({ ...prev, [name]: v }));
    setMissing((prev) => {
      const { [name]: _gone, ...rest } = prev;
      return rest;
    });
  };
  const footer = (
    <>
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
        {t('Cancel')}
      </button>
      <button type="submit" form="action-input-form" className="btn btn-primary" disabled={busy}>
        {busy ? t('Please wait…') : 'OK'}
      </button>
    </>
  );
  return (
    <Modal title={title} onClose={onClose} size="md" footer={footer}>
      {text ? <p>{text}</p> : null}
      <form
        id="action-input-form"
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {inputs.map((i) => {
          const error = missing[i.name] ?? errors[i.name];
          const id = `action-input-${i.name}`;
          const common = { id, name: i.name, value: values[i.name] ?? '', 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
          return (
            <label className={`field${i.type === 'text' ? ' span-2' : ''}`} key={i.name}>
              <span>
                {i.label}
                {i.required ? ' *' : ''}
              </span>
              {i.type === 'text' ? (
                <textarea {...common} rows={3} maxLength={i.maxLength} onChange={(e) => set(i.name, e.target.value)} />
              ) : i.type === 'enum' || i.type === 'line' ? (
                <select {...common} onChange={(e) => set(i.name, e.target.value)}>
                  <option value="">{i.type === 'line' ? t('Choose…') : '—'}</option>
                  {(i.type === 'enum' ? (i.values ?? []).map((v) => ({ key: v.code, label: v.label })) : lineOptions(i, record, entity)).map((o) => (
                    <option key={o.key} value={o.key}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : i.type === 'date' ? (
                <DateInput id={id} name={i.name} ariaLabel={i.label} value={values[i.name] ?? ''} onChange={(v) => set(i.name, v)} />
              ) : (
                <input {...common} type="text" maxLength={i.maxLength} onChange={(e) => set(i.name, e.target.value)} />
              )}
              {i.help ? <small className="muted">{i.help}</small> : null}
              {error ? (
                <span className="field-error" id={`${id}-error`} role="alert">
                  {error}
                </span>
              ) : null}
            </label>
          );
        })}
      </form>
    </Modal>
  );
}
