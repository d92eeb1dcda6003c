import { useRef, useState } from 'react';
import { language } from '../i18n';
import { DatePickButton } from './DatePickButton';
import { DATE_HINT_EN, DATE_HINT_ID, readDateText, showDate } from './dates';

export interface DateInputProps {
  id?: string;
  name?: string;
  /** `YYYY-MM-DD` (a timestamp: its date), or '' / null. */
  value: string | null | undefined;
  /**
   * With the date typed or picked as `YYYY-MM-DD`, '' when emptied, or — when `passInvalid` — the
   * text as typed when it is not a date (a form's validator then refuses it at the field).
   */
  onChange: (value: string) => void;
  passInvalid?: boolean;
  min?: string;
  max?: string;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  ariaLabel?: string;
  placeholder?: string;
  className?: string;
  onBlur?: (text: string) => void;
  onFocus?: (text: string) => void;
}

/**
 * A date typed or picked, shown as DD MMM YYYY in the reader's language (decision 0281). What is
 * typed stays as typed; text that is not a date says so at the field. The calendar button opens
 * the browser's own picker (a hidden date input), whose choice is shown in the same format.
 */
export function DateInput(props: DateInputProps) {
  const { value, onChange } = props;
  // a stored day (a timestamp: its date), or the text this input handed on as typed
  const day = typeof value === 'string' ? (/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value) : '';
  const [text, setText] = useState<string | null>(null);
  const [seen, setSeen] = useState(day);
  if (seen !== day) {
    setSeen(day);
    // a value set from outside (a reload, a pick) replaces the text; our own typing stays
    if (text !== null && text !== day && readDateText(text) !== day) setText(null);
  }
  const shown = text ?? showDate(day);
  const bad = text !== null && text.trim() !== '' && readDateText(text) === null;
  const picker = useRef<HTMLInputElement>(null);
  const locked = props.readOnly || props.disabled;
  return (
    <div className="date-field">
      <div className="input-group date-input">
        <input
          id={props.id}
          name={props.name}
          type="text"
          autoComplete="off"
          className={[props.className, props.invalid || bad ? 'invalid' : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={props.invalid || bad || undefined}
          aria-label={props.ariaLabel}
          placeholder={props.placeholder ?? 'DD MMM YYYY'}
          value={shown}
          readOnly={props.readOnly}
          disabled={props.disabled}
          required={props.required}
          autoFocus={props.autoFocus}
          onChange={(e) => {
            const typed = e.target.value;
            setText(typed);
            if (typed.trim() === '') return onChange('');
            const read = readDateText(typed);
            if (read) onChange(read);
            else if (props.passInvalid) onChange(typed);
          }}
          onBlur={(e) => {
            if (text !== null && !bad) setText(null);
            props.onBlur?.(e.target.value);
          }}
          onFocus={(e) => props.onFocus?.(e.target.value)}
        />
        {locked ? null : <DatePickButton picker={picker} />}
      </div>
      <input
        ref={picker}
        type="date"
        className="date-picker-native"
        tabIndex={-1}
        aria-hidden="true"
        min={props.min}
        max={props.max}
        value={readDateText(shown) ?? ''}
        onChange={(e) => {
          setText(null);
          onChange(e.target.value);
        }}
      />
      {bad && !props.invalid ? <div className="field-error">{language() === 'id' ? DATE_HINT_ID : DATE_HINT_EN}</div> : null}
    </div>
  );
}
