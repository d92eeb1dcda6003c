import { t } from '../../i18n';
/** The characters typed in a comment over its limit (red when over). */
function CharCounter({ value, max }: { value: string; max: number }) {
  return (
    <span className={value.length > max ? 'char-counter over' : 'char-counter'} aria-live="polite">
      {value.length}/{max}
    </span>
  );
}

interface CommentFieldProps {
  id: string;
  name: string;
  rows: number;
  max: number;
  value: string;
  disabled: boolean;
  placeholder?: string;
  onChange: (text: string) => void;
}

/** A required comment of the approval form (the action's, the routing's, the queuing's) with its character counter. */
export function CommentField({ id, name, rows, max, value, disabled, placeholder, onChange }: CommentFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {t('Comment')} <span className="required">*</span>
      </label>
      <textarea id={id} name={name} rows={rows} maxLength={max} value={value} disabled={disabled} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
      <CharCounter value={value} max={max} />
    </div>
  );
}

/** The Proceed and Cancel buttons of the routing and queuing panels. */
export function PanelButtons({ what, busy, onProceed, onCancel }: { what: 'Routing' | 'Queuing'; busy: boolean; onProceed: () => void; onCancel: () => void }) {
  return (
    <div className="form-actions">
      <button type="button" className="btn btn-primary" disabled={busy} onClick={onProceed}>
        {what === 'Routing' ? t('Proceed Routing') : t('Proceed Queuing')}
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
        {what === 'Routing' ? t('Cancel Routing') : t('Cancel Queuing')}
      </button>
    </div>
  );
}
