import type { WidgetProps } from '@rjsf/utils';
import { t } from '../../i18n';
import { LETTERS, LETTER_NAMES, normaliseLetters, type Letter } from '../../ui/letters';
import { emptyValueOf } from './schemaTypes';

/**
 * A string of permission letters (a role's letters on a menu entry) as one checkbox per letter,
 * C R U D P O in their order, each named by the letter's meaning for screen readers ("Letters
 * (line 2): Update"). What is ticked is written in the one form the server keeps (CRUDPO order);
 * no letter ticked is an empty value, which a required field reports at the field.
 *
 *   { field: permission, widget: letters }   // a line column or a form field in metadata
 */
export function LettersWidget(p: WidgetProps) {
  const value = normaliseLetters(typeof p.value === 'string' ? p.value : '');
  const locked = p.disabled || p.readonly;
  const toggle = (letter: Letter, on: boolean) => {
    const next = normaliseLetters(on ? value + letter : value.replace(letter, ''));
    p.onChange(next === '' ? (p.options.emptyValue ?? emptyValueOf(p.schema)) : next);
  };
  const invalid = Boolean(p.rawErrors && p.rawErrors.length);
  return (
    <div
      id={p.id}
      role="group"
      aria-label={p.label}
      aria-invalid={invalid || undefined}
      className={`letters-widget${invalid ? ' invalid' : ''}`}
      data-testid={`letters-${p.id}`}
    >
      {LETTERS.map((l) => (
        <label key={l} className="letters-widget-letter" title={t(LETTER_NAMES[l])}>
          <input
            type="checkbox"
            name={`${p.htmlName || p.id}-${l}`}
            checked={value.includes(l)}
            disabled={locked}
            aria-label={`${p.label}: ${t(LETTER_NAMES[l])}`}
            onChange={(e) => toggle(l, e.target.checked)}
            onBlur={() => p.onBlur(p.id, p.value)}
            onFocus={() => p.onFocus(p.id, p.value)}
          />
          <span aria-hidden="true">{l}</span>
        </label>
      ))}
    </div>
  );
}
