import { t } from '../i18n';
/** A lookup dialog's buttons: Clear selection (when the value may be emptied) and Close. */
export function LookupDialogFooter({ onClear, onClose }: { onClear?: () => void; onClose: () => void }) {
  return (
    <>
      {onClear ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            onClear();
            onClose();
          }}
        >
          {t('Clear selection')}
        </button>
      ) : null}
      <button type="button" className="btn btn-secondary" onClick={onClose}>
        {t('Close')}
      </button>
    </>
  );
}
