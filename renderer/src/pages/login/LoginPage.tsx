import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { loginErrorText } from '../../api/errors';
import { useSession } from '../../session/sessionContext';
import { hasSignedInUser, takeRedirectPath } from '../../session/storage';
import { useToast } from '../../ui/toast/toastContext';
import { BrandPanel } from '../public/BrandPanel';
import { ChangePasswordView } from './ChangePasswordView';
import { LoginForm } from './LoginForm';
import { CompanySignIn, OIDC_ERRORS } from './CompanySignIn';
import { oidcSessionRequest } from '../../api/auth';
import { t } from '../../i18n';

export const MSG_MUST_CHANGE = 'You have to change the password';

export function LoginPage() {
  const { signIn, adoptSignIn } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const clientId = params.get('clientId');
  const [alreadySignedIn] = useState(hasSignedInUser);
  const [changeFor, setChangeFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // back from the company's identity provider: take the sign-in its callback left (once), or show its refusal
  const oidc = params.get('oidc');
  const oidcError = params.get('oidc_error');
  const taken = useRef(false);
  useEffect(() => {
    if (alreadySignedIn || taken.current) return;
    if (oidcError) {
      taken.current = true;
      toast.error(OIDC_ERRORS[oidcError] ?? OIDC_ERRORS.ERR_OIDC_PROVIDER);
      return;
    }
    if (oidc !== 'done') return;
    taken.current = true;
    setBusy(true);
    oidcSessionRequest()
      .then((res) => {
        adoptSignIn(res, res.signout_url);
        navigate('/home', { replace: true });
      })
      .catch((e: unknown) => {
        toast.error(loginErrorText(e));
        setBusy(false);
        navigate('/login', { replace: true });
      });
  }, [alreadySignedIn, oidc, oidcError, adoptSignIn, navigate, toast]);

  if (alreadySignedIn) return <Navigate to="/home" replace />;

  /** Signs in; returns false on failure (already reported in a toast). */
  const login = async (username: string, password: string): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await signIn(username, password);
      if (result === 'change-password') {
        toast.warning(MSG_MUST_CHANGE);
        setChangeFor(username);
        setBusy(false);
        return true;
      }
      const target = takeRedirectPath();
      navigate(target && target.startsWith('/') && !target.startsWith('/page') ? target : '/home', { replace: true });
      return true;
    } catch (e) {
      toast.error(loginErrorText(e));
      setBusy(false);
      return false;
    }
  };

  return (
    <div className="auth-card">
      <BrandPanel />
      <section className="auth-form">
        {changeFor === null ? (
          <>
            <h1>{t('Sign In to your account')}</h1>
            <LoginForm clientId={clientId} busy={busy} onLogin={(u, p) => void login(u, p)} />
            <CompanySignIn initialCompany={params.get('company')} />
            <p className="auth-switch">
              {t('Don\'t have an account?')} <Link to="/page/register">{t('Register for a demo/trial')}</Link>
            </p>
          </>
        ) : (
          <ChangePasswordView
            username={changeFor}
            onChanged={(newPassword) => login(changeFor, newPassword)}
            onCancel={() => setChangeFor(null)}
          />
        )}
      </section>
    </div>
  );
}

export default LoginPage;
