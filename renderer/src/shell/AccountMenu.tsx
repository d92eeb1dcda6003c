import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/sessionContext';
import { useClickOutside } from '../ui/useClickOutside';
import { t } from '../i18n';

function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : name.slice(0, 2);
  return letters.toUpperCase() || '?';
}

const ITEMS: ReadonlyArray<{ label: string; to: string }> = [
  { label: 'List Modules', to: '/modules' },
  { label: 'Pending Approval/Task', to: '/approval-list' },
  { label: 'User Profile', to: '/profile' },
];

export function AccountMenu() {
  const { session, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);

  const username = session?.username ?? '';
  const display = session?.full_name || username;

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="account-button"
        data-testid="account-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initials(display || '?')}
        </span>
        <span className="account-name">{username}</span>
      </button>
      {open ? (
        <div className="dropdown-menu account" role="menu">
          <div className="dropdown-title">
            <strong>{display}</strong>
            {session?.group ? <small>{session.group}</small> : null}
          </div>
          {ITEMS.map((item) => (
            <button
              type="button"
              role="menuitem"
              key={item.to}
              className="dropdown-item"
              onClick={() => {
                setOpen(false);
                navigate(item.to);
              }}
            >
              {item.label}
            </button>
          ))}
          <div className="dropdown-divider" />
          <button type="button" role="menuitem" className="dropdown-item danger" onClick={signOut}>
            {t('Sign Out')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
