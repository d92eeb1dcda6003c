import type { ScreenMeta } from '../../api/types';
import { ActionBar } from '../actions/ActionBar';
import { PrintButton, availablePrints } from '../actions/PrintButton';
import type { useScreenActions } from '../actions/useScreenActions';
import { HistoryButton } from '../HistoryButton';
import { VerifyButton } from '../VerifyButton';
import { t } from '../../i18n';
import type { FormRecord } from './useFormRecord';

interface FormButtonsProps {
  screen: ScreenMeta;
  rec: FormRecord;
  saving: boolean;
  actions: ReturnType<typeof useScreenActions>;
  onDelete: () => void;
  onClose: () => void;
}

/** The form's buttons: Save (submits the form), Delete, Close, History, the screen's actions, Print. */
export function FormButtons({ screen, rec, saving, actions, onDelete, onClose }: FormButtonsProps) {
  const { isNew, recordKey, entity, canWrite, canDelete, permission, record } = rec;
  return (
    <div className="card form-actions-card">
      <div className="form-actions">
        {canWrite ? (
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('Saving…') : t('Save')}
          </button>
        ) : null}
        {canDelete ? (
          <button type="button" className="btn btn-danger" onClick={onDelete}>
            {t('Delete')}
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('Close')}
        </button>
        {isNew || !recordKey ? null : <HistoryButton entity={entity} recordKey={recordKey} />}
        {isNew || !recordKey || !screen.entity?.sealed ? null : <VerifyButton entity={entity} recordKey={recordKey} />}
        {isNew ? null : <ActionBar actions={actions.actions} hasRow busy={actions.busy || saving} onRun={actions.start} />}
        {!isNew && recordKey && screen.entity?.printable && permission.includes('P') ? (
          <PrintButton entity={entity} recordKey={recordKey} title={screen.title} prints={availablePrints(screen.entity?.prints, record)} />
        ) : null}
      </div>
    </div>
  );
}
