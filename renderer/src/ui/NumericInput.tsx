import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import {
  clampNumber,
  editableText,
  formatNumeric,
  parseNumericText,
  sanitizeNumericText,
  SAFE_MAX,
  SAFE_MIN,
  type NumericOptions,
} from './numeric';

export interface NumericInputProps extends NumericOptions {
  id?: string;
  name?: string;
  value: number | null | undefined;
  /** Called with the parsed number while typing and the clamped one on blur (null when empty). */
  onChange: (value: number | null) => void;
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
 * editing; values clamped to min/max on blur; a minus only when negatives are allowed; bounded by
 * the safe-integer range.
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

  const onText = (raw: string) => {
    const text = sanitizeNumericText(raw, options);
    const n = parseNumericText(text, options);
    if (n !== null && (n > SAFE_MAX || n < SAFE_MIN)) return; // beyond the safe range: refuse the keystroke
    setEditing(text);
    onChange(n);
  };

  const input = (
    <input
      ref={ref}
      id={id}
      name={name}
      type="text"
      inputMode={(props.precision ?? 0) > 0 ? 'decimal' : 'numeric'}
      className={[props.className, invalid ? 'invalid' : ''].filter(Boolean).join(' ') || undefined}
      value={shown}
      readOnly={readOnly}
      disabled={disabled}
      required={required}
      placeholder={placeholder}
      autoFocus={autoFocus}
      aria-label={props.ariaLabel}
      aria-invalid={invalid || undefined}
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
        if (editing !== null) {
          const n = parseNumericText(sanitizeNumericText(editing, options), options);
          const next = n === null ? null : clampNumber(n, options);
          setEditing(null);
          if (next !== (value ?? null)) onChange(next);
        }
        props.onBlur?.(e);
      }}
    />
  );
  if (!currency) return input;
  return (
    <div className="input-group">
      <span className="input-addon">{currency}</span>
      {input}
    </div>
  );
}
