import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import { editableText, formatNumeric, numericProblemText, readNumericText, type NumericOptions, type NumericProblem } from './numeric';
import { language } from '../i18n';

export interface NumericInputProps extends NumericOptions {
  id?: string;
  name?: string;
  value: number | null | undefined;
  /**
   * Called while typing with the number (null when empty), or, when the text is not a value the
   * field can take, with null, the problem and the text as typed (kept, never rewritten).
   */
  onChange: (value: number | null, problem?: NumericProblem, text?: string) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (e: FocusEvent<HTMLInputElement>) => void;
  /** Currency code shown before the number (e.g. the company's `matauang`). */
  currency?: string | null;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  invalid?: boolean;
  autoFocus?: boolean;
  ariaLabel?: string;
  className?: string;
}

/**
 * Spec §2 numeric input: formatted with thousands separators when not focused, plain while
 * editing; bounded by min/max, a minus only when negatives are allowed, within the safe-integer
 * range. A value outside those is refused at the field with words that say why ("Cannot be
 * negative", "Must be at least 0.01") and stays as typed: nothing is clamped, dropped or rounded
 * (decision 0280, which reads the spec's "clamped" as "never stored outside its bounds").
 */
export function NumericInput(props: NumericInputProps) {
  const { id, name, value, onChange, currency, readOnly, disabled, required, placeholder, invalid, autoFocus } = props;
  const options: NumericOptions = {
    precision: props.precision,
    min: props.min,
    max: props.max,
    separator: props.separator,
    allowNegative: props.allowNegative,
  };
  const [editing, setEditing] = useState<string | null>(null);
  const shown = editing ?? formatNumeric(value, options);
  // Focus swaps the formatted text (1,250.00) for the editable one (1250); the browser would put
  // the caret at the end and a number typed over the value would be appended to it. The whole
  // value is selected instead, as on tabbing into any field, so typing replaces it.
  const ref = useRef<HTMLInputElement>(null);
  const swapped = useRef(false);
  useLayoutEffect(() => {
    if (!swapped.current) return;
    swapped.current = false;
    if (ref.current && document.activeElement === ref.current) ref.current.select();
  }, [editing]);

  const read = editing === null ? null : readNumericText(editing, options);
  const problem = read?.problem ?? null;
  const onText = (raw: string) => {
    setEditing(raw);
    const r = readNumericText(raw, options);
    if (r.problem) onChange(null, r.problem, raw);
    else onChange(r.value);
  };

  const input = (
    <input
      ref={ref}
      id={id}
      name={name}
      type="text"
      inputMode={(props.precision ?? 0) > 0 ? 'decimal' : 'numeric'}
      className={[props.className, invalid || problem ? 'invalid' : ''].filter(Boolean).join(' ') || undefined}
      value={shown}
      readOnly={readOnly}
      disabled={disabled}
      required={required}
      placeholder={placeholder}
      autoFocus={autoFocus}
      aria-label={props.ariaLabel}
      aria-invalid={invalid || Boolean(problem) || undefined}
      data-numeric="true"
      onFocus={(e) => {
        if (!readOnly && !disabled) {
          swapped.current = true;
          setEditing(editableText(value, options));
        }
        props.onFocus?.(e);
      }}
      onChange={(e) => onText(e.target.value)}
      onBlur={(e) => {
        // a refused text stays on screen as typed, with its reason; a good one is shown formatted
        if (editing !== null && !problem) setEditing(null);
        props.onBlur?.(e);
      }}
    />
  );
  // the reason is drawn here unless the form already shows an error at this field
  const hint = problem && !invalid ? <div className="field-error">{numericProblemText(problem, options, language())}</div> : null;
  const field = currency ? (
    <div className="input-group">
      <span className="input-addon">{currency}</span>
      {input}
    </div>
  ) : (
    input
  );
  return hint ? (
    <>
      {field}
      {hint}
    </>
  ) : (
    field
  );
}
