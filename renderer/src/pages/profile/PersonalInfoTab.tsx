import { DateInput } from '../../ui/DateInput';
import { useState } from 'react';
import { useSignedInSession } from '../../session/sessionContext';
import { t } from '../../i18n';

const RELIGIONS: ReadonlyArray<{ code: string; label: string }> = [
  { code: 'I', label: 'Islam' },
  { code: 'K', label: 'Catholic' },
  { code: 'P', label: 'Protestant' },
  { code: 'H', label: 'Hindu' },
  { code: 'B', label: 'Buddhist' },
  { code: 'C', label: 'Confucian' },
];

const TEXT_FIELDS: ReadonlyArray<{ name: string; label: string; span?: boolean }> = [
  { name: 'address1', label: 'Address', span: true },
  { name: 'address2', label: 'Address (line 2)', span: true },
  { name: 'province', label: 'Province' },
  { name: 'city', label: 'City' },
  { name: 'district', label: 'District' },
  { name: 'subdistrict', label: 'Sub-district' },
  { name: 'postal_code', label: 'Postal Code' },
  { name: 'education', label: 'Education' },
  { name: 'profession', label: 'Profession' },
];

/** Personal information (spec §2): its Save buttons do nothing. */
export function PersonalInfoTab() {
  const session = useSignedInSession();
  const [values, setValues] = useState<Record<string, string>>({ full_name: session.full_name ?? '' });
  const bind = (name: string) => ({
    name,
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <div className="tab-content">
      <h2>{t('Personal Information')}</h2>
      <form className="form-grid" noValidate onSubmit={(e) => e.preventDefault()}>
        <label className="field span-2">
          <span>{t('Full Name')}</span>
          <input {...bind('full_name')} />
        </label>
        <label className="field">
          <span>{t('Birth Date')}</span>
          <DateInput name="birth_date" value={values.birth_date ?? ''} onChange={(v) => setValues((x) => ({ ...x, birth_date: v }))} />
        </label>
        <label className="field">
          <span>{t('Birth City')}</span>
          <input {...bind('birth_city')} />
        </label>
        <label className="field">
          <span>{t('Gender')}</span>
          <select {...bind('gender')}>
            <option value="">{t('-- select --')}</option>
            <option value="M">{t('Male')}</option>
            <option value="F">{t('Female')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('Religion')}</span>
          <select {...bind('religion')}>
            <option value="">{t('-- select --')}</option>
            {RELIGIONS.map((r) => (
              <option key={r.code} value={r.code}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        {TEXT_FIELDS.map((f) => (
          <label className={f.span ? 'field span-2' : 'field'} key={f.name}>
            <span>{f.label}</span>
            <input {...bind(f.name)} />
          </label>
        ))}
        <div className="span-2 form-actions">
          <button type="button" className="btn btn-primary">
            {t('Save')}
          </button>
        </div>
      </form>
      <form className="form-grid section" noValidate onSubmit={(e) => e.preventDefault()}>
        <h3 className="span-2">{t('Bank Account')}</h3>
        <label className="field">
          <span>{t('Bank Name')}</span>
          <input {...bind('bank_name')} />
        </label>
        <label className="field">
          <span>{t('Account Number')}</span>
          <input {...bind('bank_rekno')} />
        </label>
        <div className="span-2 form-actions">
          <button type="button" className="btn btn-primary">
            {t('Save')}
          </button>
        </div>
      </form>
    </div>
  );
}
