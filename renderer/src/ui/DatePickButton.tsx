import type { RefObject } from 'react';
import { t } from '../i18n';

/** DateInput's calendar button: opens the browser's own picker of the hidden date input (or focuses it where there is none). */
export function DatePickButton({ picker }: { picker: RefObject<HTMLInputElement | null> }) {
  return (
    <button
      type="button"
      className="input-addon date-pick"
      aria-label={t('Pick a date')}
      title={t('Pick a date')}
      onClick={() => {
        const el = picker.current;
        if (!el) return;
        try {
          el.showPicker();
        } catch {
          el.focus();
        }
      }}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
        <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
      </svg>
    </button>
  );
}
