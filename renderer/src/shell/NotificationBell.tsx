import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../ui/Icon';
import { useClickOutside } from '../ui/useClickOutside';
import { errorMessage } from '../api/errors';
import type { CompanyNotificationCounter } from '../api/types';
import { useSession } from '../session/sessionContext';
import { useToast } from '../ui/toast/toastContext';
import { NOTIFICATION_KINDS, totalCount, totalOfCompanies, type NotificationKind } from './notificationKinds';
import { useNotificationCounts } from './useNotificationCounts';
import { t } from '../i18n';

/** Spec §9: the notification count is shown after a 1 second delay. */
const COUNT_DELAY_MS = 1000;

/**
 * The bell: the user's items in every company they belong to (decision 0256), grouped by company
 * with its name when there are several, the active company first (all its kinds), then each other
 * company with items (only its kinds with items). An item of another company switches to it first
 * (the header's switch, the server's check) and opens there with a notice naming the company.
 */
export function NotificationBell() {
  const { companies, refresh } = useNotificationCounts();
  const { switchCompany } = useSession();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [shownTotal, setShownTotal] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const total = totalOfCompanies(companies);
  const active = companies.find((c) => c.active);
  const others = companies.filter((c) => !c.active && totalCount(c.counts) > 0);
  const grouped = others.length > 0;

  const openKind = (company: CompanyNotificationCounter | undefined, route: string) => {
    setOpen(false);
    if (!company || company.active) {
      navigate(route);
      return;
    }
    switchCompany(company, { to: route }).catch((e: unknown) => toast.error(errorMessage(e)));
  };

  useEffect(() => {
    const timer = window.setTimeout(() => setShownTotal(total), COUNT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [total]);

  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="icon-btn header-icon"
        aria-label={t('Notifications: {n}', { n: shownTotal })}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          if (!open) refresh();
          setOpen((o) => !o);
        }}
      >
        <Icon name="bell" size={20} />
        {shownTotal > 0 ? (
          <span className="badge badge-count" data-testid="bell-count" aria-hidden="true">
            {shownTotal}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="dropdown-menu notifications" role="menu">
          <div className="dropdown-title">{t('Notifications')}</div>
          {grouped && active ? <CompanyTitle company={active} /> : null}
          {NOTIFICATION_KINDS.map((kind) => (
            <BellItem key={kind.name} kind={kind} company={active} onOpen={openKind} />
          ))}
          {others.map((company) => (
            <div key={company.compcode} role="group" aria-label={company.company}>
              <CompanyTitle company={company} />
              {NOTIFICATION_KINDS.filter((kind) => company.counts[kind.counter] > 0).map((kind) => (
                <BellItem key={kind.name} kind={kind} company={company} named onOpen={openKind} />
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A company's heading in the grouped bell. */
function CompanyTitle({ company }: { company: CompanyNotificationCounter }) {
  return (
    <div className="dropdown-title dropdown-group" data-testid="bell-company" data-compcode={company.compcode}>
      {company.company}
    </div>
  );
}

/**
 * One kind of item of one company with its count (muted at none). `named`: its accessible name
 * says the company too (an item of another company than the active one).
 */
function BellItem({
  kind,
  company,
  named = false,
  onOpen,
}: {
  kind: NotificationKind;
  company: CompanyNotificationCounter | undefined;
  named?: boolean;
  onOpen: (company: CompanyNotificationCounter | undefined, route: string) => void;
}) {
  const count = company?.counts[kind.counter] ?? 0;
  return (
    <button
      type="button"
      role="menuitem"
      className="dropdown-item"
      data-testid="bell-item"
      data-compcode={company?.compcode}
      aria-label={named && company ? `${kind.name} (${company.company}): ${count}` : undefined}
      onClick={() => onOpen(company, kind.route)}
    >
      <span>{kind.name}</span>
      <span className={count > 0 ? 'badge' : 'badge badge-muted'}>{count}</span>
    </button>
  );
}
