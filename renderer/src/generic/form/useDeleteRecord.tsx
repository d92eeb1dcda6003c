import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { deleteRow } from '../../api/data';
import { errorMessage } from '../../api/errors';
import type { ScreenMeta } from '../../api/types';
import { useToast } from '../../ui/toast/toastContext';
import { ConfirmModal } from '../ConfirmModal';
import type { FormRecord } from './useFormRecord';
import { t } from '../../i18n';

/** Close: back to the screen's list, else to the previous page. */
export function useBackToList(screen: ScreenMeta): () => void {
  const navigate = useNavigate();
  return () => {
    if (screen.list) navigate(`/${screen.module}/${screen.list}`);
    else navigate(-1);
  };
}

/**
 * Delete, once confirmed (`ask` opens the dialog, `dialog` is it): the record deleted, then back to
 * the list; a refusal is said and the dialog stays.
 */
export function useDeleteRecord(rec: FormRecord, backToList: () => void): { ask: () => void; dialog: ReactNode } {
  const toast = useToast();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (!rec.recordKey) return;
    setDeleting(true);
    try {
      await deleteRow(rec.entity, rec.recordKey, rec.route);
      toast.success('Deleted');
      setConfirmDelete(false);
      backToList();
    } catch (e) {
      toast.error(errorMessage(e));
      setDeleting(false);
    }
  };
  const dialog = confirmDelete ? (
    <ConfirmModal
      title={t('Delete record?')}
      text={t('This record will be deleted. Do you want to continue?')}
      confirmLabel={t('Delete')}
      danger
      busy={deleting}
      onConfirm={() => void remove()}
      onClose={() => setConfirmDelete(false)}
    />
  ) : null;
  return { ask: () => setConfirmDelete(true), dialog };
}
