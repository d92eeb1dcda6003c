import type { RegistryWidgetsType, RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useState, type ChangeEvent } from 'react';
import { DURATION_HINT, formatDuration, parseDuration } from '../../../../engine/src/values/duration';
import { NumericInput } from '../../ui/NumericInput';
import { DateInput } from '../../ui/DateInput';
import { readDateTimeText, showDateTime } from '../../ui/dates';
import { AttachmentWidget } from './AttachmentWidget';
import { formContextOf } from './formContext';
import { LookupWidget } from './LookupWidget';
import { LettersWidget } from './LettersWidget';
import { baseType, emptyValueOf, isDuration, numericOptionsOf } from './schemaTypes';

const invalid = (p: WidgetProps): boolean => Boolean(p.rawErrors && p.rawErrors.length);

function common(p: WidgetProps) {
  return {
    id: p.id,
    name: p.htmlName || p.id,
    disabled: p.disabled,
    readOnly: p.readonly,
    autoFocus: p.autofocus,
    'aria-invalid': invalid(p) || undefined,
    // a line cell has no visible label of its own: its column names it ("Part Number (line 1)")
    'aria-label': p.hideLabel ? p.label : undefined,
    className: invalid(p) ? 'invalid' : undefined,
    onBlur: (e: { target: { value: string } }) => p.onBlur(p.id, e.target.value),
    onFocus: (e: { target: { value: string } }) => p.onFocus(p.id, e.target.value),
  };
}

/** Text input; an emptied value becomes null (nullable) or undefined (so `required` reports it). */
function makeTextWidget(type: string) {
  function InputWidget(p: WidgetProps) {
    const base = baseType(p.schema);
    if (base === 'integer' || base === 'number') return <NumericWidget {...p} />;
    const inputType = typeof p.options.inputType === 'string' ? p.options.inputType : type;
    return (
      <input
        {...common(p)}
        type={inputType}
        value={p.value ?? ''}
        placeholder={p.placeholder}
        maxLength={typeof p.schema.maxLength === 'number' ? p.schema.maxLength : undefined}
        autoComplete={inputType === 'password' ? 'new-password' : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) =>
          p.onChange(e.target.value === '' ? (p.options.emptyValue ?? emptyValueOf(p.schema)) : e.target.value)
        }
      />
    );
  }
  return InputWidget;
}

export const TextWidget = makeTextWidget('text');
const EmailWidget = makeTextWidget('email');
const PasswordWidget = makeTextWidget('password');
const URLWidget = makeTextWidget('url');

function TextareaWidget(p: WidgetProps) {
  return (
    <textarea
      {...common(p)}
      value={p.value ?? ''}
      rows={typeof p.options.rows === 'number' ? p.options.rows : 3}
      placeholder={p.placeholder}
      maxLength={typeof p.schema.maxLength === 'number' ? p.schema.maxLength : undefined}
      onChange={(e) => p.onChange(e.target.value === '' ? (p.options.emptyValue ?? emptyValueOf(p.schema)) : e.target.value)}
    />
  );
}

/** A date typed or picked as DD MMM YYYY (decision 0281); text that is not a date goes to the validator as typed. */
function DateWidget(p: WidgetProps) {
  return (
    <DateInput
      id={p.id}
      name={p.htmlName || p.id}
      value={typeof p.value === 'string' ? p.value : ''}
      passInvalid
      readOnly={p.readonly}
      disabled={p.disabled}
      autoFocus={p.autofocus}
      invalid={invalid(p)}
      ariaLabel={p.hideLabel ? p.label : undefined}
      placeholder={p.placeholder || undefined}
      onChange={(v) => p.onChange(v === '' ? emptyValueOf(p.schema) : v)}
      onBlur={(text) => p.onBlur(p.id, text)}
      onFocus={(text) => p.onFocus(p.id, text)}
    />
  );
}

/** An ISO timestamp as the 24-hour UTC text the date-time input shows: `20 Nov 2026 14:05`. */
export const toUtcText = showDateTime;

/** Typed `DD MMM YYYY HH:MM` (or ISO, with a T or a space) in UTC, 24-hour → ISO; null when it is not one. */
export const fromUtcText = readDateTimeText;

/**
 * Date and time in UTC on a 24-hour clock (aviation times are UTC; the browser's own picker shows
 * local time, 12-hour in an English locale). What the user types stays as typed until it is a
 * whole date and time; a partial entry is sent as typed, and the schema's date-time format refuses it.
 */
function DateTimeWidget(p: WidgetProps) {
  const shown = toUtcText(p.value);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(p.value);
  if (seen !== p.value) {
    setSeen(p.value);
    // a value set from outside (a reload, a copy) replaces the text; our own typing stays as typed
    if (p.value !== text && fromUtcText(text) !== p.value) setText(shown);
  }
  return (
    <input
      {...common(p)}
      type="text"
      autoComplete="off"
      placeholder={p.placeholder || 'DD MMM YYYY HH:MM (UTC)'}
      value={text}
      onChange={(e) => {
        const typed = e.target.value;
        setText(typed);
        if (typed.trim() === '') return p.onChange(emptyValueOf(p.schema));
        p.onChange(fromUtcText(typed) ?? typed);
      }}
    />
  );
}

/** Enum select: labels from the `oneOf` titles; option values are indexes (stack notes). */
export function SelectWidget(p: WidgetProps) {
  const options = (p.options.enumOptions ?? []).filter((o) => o.value !== null && o.value !== undefined);
  const index = options.findIndex((o) => String(o.value) === String(p.value));
  const blank = !p.required || index < 0;
  return (
    <select
      {...common(p)}
      disabled={p.disabled || p.readonly}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => {
        const i = e.target.value === '' ? -1 : Number(e.target.value);
        p.onChange(i < 0 ? (p.options.emptyValue ?? emptyValueOf(p.schema)) : options[i]?.value);
      }}
    >
      {blank ? <option value="">{p.placeholder || (p.required ? 'Select…' : '')}</option> : null}
      {options.map((o, i) => (
        <option key={String(o.value)} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function ColorWidget(p: WidgetProps) {
  const v = typeof p.value === 'string' && /^#[0-9a-f]{6}$/i.test(p.value) ? p.value : '#000000';
  return (
    <div className="input-group color-input">
      <input
        type="color"
        aria-label={`${p.label || 'Colour'} picker`}
        value={v}
        disabled={p.disabled || p.readonly}
        onChange={(e) => p.onChange(e.target.value)}
      />
      <input
        {...common(p)}
        type="text"
        value={p.value ?? ''}
        placeholder="#1f4e79"
        maxLength={typeof p.schema.maxLength === 'number' ? p.schema.maxLength : 7}
        onChange={(e) => p.onChange(e.target.value === '' ? emptyValueOf(p.schema) : e.target.value)}
      />
    </div>
  );
}

function CheckboxWidget(p: WidgetProps) {
  const input = (
    <input
      id={p.id}
      name={p.htmlName || p.id}
      type="checkbox"
      checked={p.value === true || p.value === 1 || p.value === '1'}
      disabled={p.disabled || p.readonly}
      autoFocus={p.autofocus}
      aria-label={p.hideLabel ? p.label : undefined}
      onChange={(e) => p.onChange(e.target.checked)}
      onBlur={() => p.onBlur(p.id, p.value)}
      onFocus={() => p.onFocus(p.id, p.value)}
    />
  );
  if (p.hideLabel) return input;
  return (
    <label className="checkbox-label" htmlFor={p.id}>
      {input}
      <span>
        {p.label}
        {p.required ? <span className="required"> *</span> : null}
      </span>
    </label>
  );
}

/**
 * Spec §2/§9 numeric input from uiSchema `ui:options` {precision, currency, min, max, allowNegative,
 * separator}; the schema fills what the options leave out.
 */
export function NumericWidget(p: WidgetProps) {
  const fromSchema = numericOptionsOf(p.schema as RJSFSchema);
  const o = p.options;
  const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const precision = num(o.precision) ?? fromSchema.precision;
  const min = num(o.min) ?? fromSchema.min;
  const max = num(o.max) ?? fromSchema.max;
  const allowNegative = typeof o.allowNegative === 'boolean' ? o.allowNegative : fromSchema.allowNegative;
  const separator = typeof o.separator === 'string' && o.separator ? o.separator : ',';
  const currency = o.currency === true ? formContextOf(p.registry).currency || null : typeof o.currency === 'string' ? o.currency : null;
  const value = typeof p.value === 'number' ? p.value : p.value === null || p.value === undefined || p.value === '' ? null : Number(p.value);
  return (
    <NumericInput
      id={p.id}
      name={p.htmlName || p.id}
      value={value !== null && Number.isFinite(value) ? value : null}
      precision={precision}
      min={min}
      max={max}
      allowNegative={allowNegative}
      separator={separator}
      currency={currency}
      readOnly={p.readonly}
      disabled={p.disabled}
      placeholder={p.placeholder}
      autoFocus={p.autofocus}
      invalid={invalid(p)}
      ariaLabel={p.hideLabel ? p.label : undefined}
      // a refused text goes to the form as typed, so validation stops the save (decision 0280)
      onChange={(n, problem, text) => p.onChange(problem ? text : n === null ? emptyValueOf(p.schema) : n)}
      onBlur={() => p.onBlur(p.id, p.value)}
      onFocus={() => p.onFocus(p.id, p.value)}
    />
  );
}

/**
 * A duration (flight hours, APU hours, intervals): typed as H:MM (`4875:27`) or whole hours (`50`),
 * stored as integer minutes, shown as H:MM. Text that does not parse is kept and handed to the
 * validator as is, so the form refuses it with the hint instead of saving something else.
 */
export function DurationWidget(p: WidgetProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const shown = editing ?? (typeof p.value === 'number' ? formatDuration(p.value) : typeof p.value === 'string' ? p.value : '');
  const bad = editing !== null && editing.trim() !== '' && !parseDuration(editing).ok;
  return (
    <>
      <input
        {...common(p)}
        type="text"
        inputMode="numeric"
        className={['duration-input', invalid(p) || bad ? 'invalid' : ''].filter(Boolean).join(' ')}
        aria-invalid={invalid(p) || bad || undefined}
        value={shown}
        placeholder={p.placeholder || 'H:MM'}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const text = e.target.value;
          setEditing(text);
          if (text.trim() === '') return p.onChange(p.options.emptyValue ?? emptyValueOf(p.schema));
          const parsed = parseDuration(text);
          p.onChange(parsed.ok ? parsed.minutes : text);
        }}
        onBlur={(e) => {
          const parsed = parseDuration(e.target.value);
          if (parsed.ok || e.target.value.trim() === '') setEditing(null);
          p.onBlur(p.id, e.target.value);
        }}
      />
      {bad && !invalid(p) ? <div className="field-error">{DURATION_HINT}</div> : null}
    </>
  );
}

/** Registered once for every generic form (stable identity keeps rjsf from remounting inputs). */
export const widgets: RegistryWidgetsType = {
  TextWidget,
  EmailWidget,
  PasswordWidget,
  URLWidget,
  TextareaWidget,
  DateWidget,
  DateTimeWidget,
  SelectWidget,
  ColorWidget,
  CheckboxWidget,
  UpDownWidget: NumericWidget,
  text: TextWidget,
  email: EmailWidget,
  password: PasswordWidget,
  textarea: TextareaWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  select: SelectWidget,
  color: ColorWidget,
  checkbox: CheckboxWidget,
  numeric: NumericWidget,
  lookup: LookupWidget,
  attachment: AttachmentWidget,
  duration: DurationWidget,
  letters: LettersWidget,
};

/** The widget a line cell uses: the column's own, else one that fits its schema. */
export function cellWidget(schema: RJSFSchema, widget?: string) {
  if (isDuration(schema) && (!widget || widget === 'numeric')) return DurationWidget;
  if (widget && widget in widgets && widget !== 'radio') return widgets[widget];
  if ((schema as Record<string, unknown>)['x-reference']) return LookupWidget;
  if ((schema as Record<string, unknown>)['x-attachment']) return AttachmentWidget;
  if (Array.isArray(schema.oneOf)) return SelectWidget;
  const base = baseType(schema);
  if (base === 'boolean') return CheckboxWidget;
  if (base === 'integer' || base === 'number') return NumericWidget;
  if (schema.format === 'date') return DateWidget;
  if (schema.format === 'date-time') return DateTimeWidget;
  return TextWidget;
}
