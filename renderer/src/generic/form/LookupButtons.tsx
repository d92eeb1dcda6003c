import { t } from '../../i18n';
/** A lookup field's buttons: clear (when it has a value and is not required) and choose (opens the dialog). */
export function LookupButtons({ label, clearable, onClear, onChoose }: { label: string; clearable: boolean; onClear: () => void; onChoose: () => void }) {
  return (
    <>
      {clearable ? (
        <button
          type="button"
          className="input-btn"
          aria-label={`Clear ${label}`}
          title={t('Clear')}
          onClick={onClear}
        >
          ×
        </button>
      ) : null}
      <button
        type="button"
        className="input-btn"
        aria-label={`Choose ${label}`}
        title={t('Choose')}
        onClick={onChoose}
      >
        …
      </button>
    </>
  );
}
