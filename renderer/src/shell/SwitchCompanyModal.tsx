import { useState } from 'react';
import { errorMessage } from '../api/errors';
import type { CompanyListRow } from '../api/types';
import { useSession } from '../session/sessionContext';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { useToast } from '../ui/toast/toastContext';
import { CompanyList } from './CompanyList';
import { t } from '../i18n';

export function SwitchCompanyModal({ onClose }: { onClose: () => void }) {
  const { switchCompany } = useSession();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const select = async (row: CompanyListRow) => {
    if (busy) return;
    setBusy(true);
    try {
      await switchCompany(row);
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('Switch Company')} onClose={onClose} size="lg">
      {busy ? <Spinner label={t('Switching company…')} /> : <CompanyList onSelect={(row) => void select(row)} />}
    </Modal>
  );
}
