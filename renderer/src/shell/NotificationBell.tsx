import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../ui/Icon';
import { useClickOutside } from '../ui/useClickOutside';
import { NOTIFICATION_KINDS, totalCount } from './notificationKinds';
import { useNotificationCounts } from './useNotificationCounts';

/** Spec §9: the notification count is shown after a 1 second delay. */
const COUNT_DELAY_MS = 1000;

export function NotificationBell() {
  const { counts, refresh } = useNotificationCounts();
  const [open, setOpen] = useState(false);
  const [shownTotal, setShownTotal] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const total = totalCount(counts);

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
        aria-label={`Notifications: ${shownTotal}`}
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
          <div className="dropdown-title">Notifications</div>
          {NOTIFICATION_KINDS.map((kind) => (
            <button
              type="button"
              role="menuitem"
              key={kind.name}
              className="dropdown-item"
              data-testid="bell-item"
              onClick={() => {
                setOpen(false);
                navigate(kind.route);
              }}
            >
              <span>{kind.name}</span>
              <span className={counts[kind.counter] > 0 ? 'badge' : 'badge badge-muted'}>{counts[kind.counter]}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
