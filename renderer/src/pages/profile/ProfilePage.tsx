import { useState } from 'react';
import { AccountTab } from './AccountTab';
import { PersonalInfoTab } from './PersonalInfoTab';
import { PublicProfileTab } from './PublicProfileTab';
import { t } from '../../i18n';

const TABS = [
  { id: 'account', label: 'Account' },
  { id: 'personal', label: 'Personal Information' },
  { id: 'public', label: 'Public Profile' },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** User profile with vertical tabs (spec §2 Profile). */
export function ProfilePage() {
  const [tab, setTab] = useState<TabId>('account');
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('User Profile')}</h1>
      </div>
      <div className="vtabs">
        <div className="vtab-list" role="tablist" aria-orientation="vertical">
          {TABS.map((entry) => (
            <button
              type="button"
              role="tab"
              key={entry.id}
              id={`tab-${entry.id}`}
              aria-selected={tab === entry.id}
              aria-controls={`panel-${entry.id}`}
              className={tab === entry.id ? 'vtab active' : 'vtab'}
              onClick={() => setTab(entry.id)}
            >
              {entry.label}
            </button>
          ))}
        </div>
        <div className="vtab-panel card" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'account' ? <AccountTab /> : tab === 'personal' ? <PersonalInfoTab /> : <PublicProfileTab />}
        </div>
      </div>
    </div>
  );
}

export default ProfilePage;
