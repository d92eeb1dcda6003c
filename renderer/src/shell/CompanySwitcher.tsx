import { useCallback, useState } from 'react';
import { useSession } from '../session/sessionContext';
import { PRODUCT_NAME } from '../ui/color';
import { SwitchCompanyModal } from './SwitchCompanyModal';
import { t } from '../i18n';

/** The company name in the header; a click opens 'Switch Company'. */
export function CompanySwitcher() {
  const { session } = useSession();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="company-button"
        data-testid="company-switch"
        title={t('Switch Company')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="company-name">{session?.company || PRODUCT_NAME}</span>
        <span className="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? <SwitchCompanyModal onClose={close} /> : null}
    </>
  );
}
