import { useEffect, useState, type FormEvent } from 'react';
import { oidcProviderRequest } from '../../api/auth';
import { apiUrl } from '../../api/client';
import { OIDC_COMPANY_KEY } from '../../session/storage';
import { t } from '../../i18n';

/** The refusals the provider's callback sends back as `/login?oidc_error=<code>` (the error catalogue's words). */
export const OIDC_ERRORS: Record<string, string> = {
  ERR_OIDC_STATE: 'The company sign-in was interrupted or has expired: start it again from the login page.',
  ERR_OIDC_PROVIDER: "The identity provider's answer was not accepted: try again, or sign in with your user name and password.",
  ERR_OIDC_UNMATCHED: 'No account of this company matches the identity the provider signed in: ask your administrator.',
  ERR_OIDC_NOT_CONFIGURED: 'This company does not sign in through an identity provider: sign in with your user name and password.',
  ERR_USER_INACTIVE: 'This account is disabled.',
};

const remembered = (): string => {
  try {
    return window.localStorage.getItem(OIDC_COMPANY_KEY) ?? '';
  } catch {
    return '';
  }
};

/**
 * Sign-in with the company's identity provider (decision 0335): the person types the company code
 * once (or opens /login?company=CODE); the page then offers "Sign in with <provider name>", which
 * goes to the provider and comes back signed in. The code is remembered in this browser.
 */
export function CompanySignIn({ initialCompany }: { initialCompany: string | null }) {
  const [code, setCode] = useState(() => (initialCompany ?? remembered()).toUpperCase());
  const [provider, setProvider] = useState<{ compcode: string; provider_name: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const look = async (company: string) => {
    setProblem(null);
    setProvider(null);
    if (!company.trim()) return;
    try {
      const p = await oidcProviderRequest(company.trim());
      setProvider(p);
      window.localStorage.setItem(OIDC_COMPANY_KEY, p.compcode);
    } catch {
      setProblem(OIDC_ERRORS.ERR_OIDC_NOT_CONFIGURED);
    }
  };

  useEffect(() => {
    if (code) void look(code);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void look(code);
  };

  return (
    <section className="company-sign-in" aria-labelledby="company-sign-in-title">
      <h2 id="company-sign-in-title">{t('Company sign-in')}</h2>
      {provider ? (
        <div className="form-stack">
          <a className="btn btn-primary btn-block" href={apiUrl('auth/oidc/start', { company: provider.compcode })}>
            {t('Sign in with {provider}', { provider: provider.provider_name })}
          </a>
          <button type="button" className="btn btn-link" onClick={() => setProvider(null)}>
            {t('Another company')}
          </button>
        </div>
      ) : (
        <form className="form-stack" noValidate onSubmit={submit}>
          <label className="field">
            <span>{t('Company code')}</span>
            <input name="company" value={code} autoComplete="organization" onChange={(e) => setCode(e.target.value.toUpperCase())} />
          </label>
          {problem ? <p role="alert" className="field-error">{problem}</p> : null}
          <button type="submit" className="btn btn-secondary btn-block">
            {t('Continue with the company\'s provider')}
          </button>
        </form>
      )}
    </section>
  );
}
