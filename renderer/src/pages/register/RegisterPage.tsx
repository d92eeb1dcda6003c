import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { submitRegistration } from '../../api/auth';
import { errorMessage, isApiError } from '../../api/errors';
import type { RegistrationForm } from '../../api/types';
import { MSG_FILL_FORM } from '../../session/passwordRules';
import { useToast } from '../../ui/toast/toastContext';
import { BrandPanel } from '../public/BrandPanel';
import { EMPTY_REGISTRATION, REGISTRATION_FIELDS, validateRegistration, type FieldErrors } from './registrationFields';
import { RegistrationInput } from './RegistrationInput';
import { t } from '../../i18n';

export const MSG_REGISTERED = 'Submit data successfully, our team will contact you soon';

function serverFieldErrors(e: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!isApiError(e)) return out;
  for (const err of e.errors) {
    const name = err.path.replace(/^\//, '').split('/')[0] as keyof RegistrationForm;
    if (name in EMPTY_REGISTRATION) out[name] = err.message;
  }
  return out;
}

/** Demo/Trial Registration (spec §2): no sign-in needed. */
export function RegisterPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const change = (name: keyof RegistrationForm, value: string) => {
    setForm((prev) => ({ ...prev, [name]: value }));
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
  };

  const submit = async () => {
    if (busy) return;
    const found = validateRegistration(form);
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error(MSG_FILL_FORM, 'Error Info');
      return;
    }
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(
        Object.entries(form).map(([k, v]) => [k, v.trim()]),
      ) as unknown as RegistrationForm;
      const res = await submitRegistration(trimmed);
      toast.success(res?.message || MSG_REGISTERED);
      navigate('/page/login');
    } catch (e) {
      const fieldErrors = serverFieldErrors(e);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length) toast.error(errorMessage(e) || MSG_FILL_FORM, 'Error Info');
      else toast.error(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <div className="auth-card wide">
      <BrandPanel />
      <section className="auth-form">
        <h1>{t('Demo/Trial Registration')}</h1>
        <p className="muted">{t('Tell us about your company and we will set up a trial for you.')}</p>
        <form
          className="form-grid"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {REGISTRATION_FIELDS.map((f) => (
            <RegistrationInput key={f.name} f={f} value={form[f.name]} error={errors[f.name]} onChange={change} />
          ))}
          <div className="span-2 form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Submitting…' : 'Submit'}
            </button>
          </div>
        </form>
        <p className="auth-switch">
          <Link to="/page/login">{t('Already have an account? Log In')}</Link>
        </p>
      </section>
    </div>
  );
}

export default RegisterPage;
