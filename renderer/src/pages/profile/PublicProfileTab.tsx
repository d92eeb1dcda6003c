import { useEffect, useState } from 'react';
import { Icon } from '../../ui/Icon';
import { t } from '../../i18n';

/** Public profile (spec §2): image preview and upload, profile text; Save does nothing. */
export function PublicProfileTab() {
  const [preview, setPreview] = useState<string | null>(null);
  const [text, setText] = useState('');

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <div className="tab-content">
      <h2>{t('Public Profile')}</h2>
      <form className="form-stack" noValidate onSubmit={(e) => e.preventDefault()}>
        <div className="profile-image">
          {preview ? (
            <img src={preview} alt={t('Profile preview')} />
          ) : (
            <div className="profile-placeholder" aria-label={t('No image')}>
              <Icon name="user" size={56} />
            </div>
          )}
          <label className="field">
            <span>{t('Profile Image')}</span>
            <input
              type="file"
              name="image"
              accept="image/*"
              onChange={(e) => {
                const file = e.target.files?.[0];
                setPreview(file ? URL.createObjectURL(file) : null);
              }}
            />
          </label>
        </div>
        <label className="field">
          <span>{t('Profile')}</span>
          <textarea name="profile" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <div className="form-actions">
          <button type="button" className="btn btn-primary">
            {t('Save')}
          </button>
        </div>
      </form>
    </div>
  );
}
