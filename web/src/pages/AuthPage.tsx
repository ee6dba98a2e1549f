import { type FormEvent, useState } from 'react';
import { ErrorMessage, Field } from '../components/ui';
import { ApiError, request, session } from '../lib/client';
import { graphql } from '../lib/graphql';
import { useMutation } from '../lib/hooks';
import { useI18n } from '../lib/i18n';

const SignUp = graphql(`mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id } }`);
const LogIn = graphql(`
  mutation LogIn($email: String!, $password: String!, $twoFactorCode: String) {
    logIn(email: $email, password: $password, twoFactorCode: $twoFactorCode, cookie: true) { expiresAt }
  }
`);

/**
 * Sign up or log in; a new account is logged in at once. A user with 2FA on is asked,
 * in a second step, for the authenticator's code or a recovery code (the API answers
 * MFA_REQUIRED to the password alone). The session goes into an HttpOnly cookie.
 */
export function AuthPage() {
  const { t, locale, setLocale } = useI18n();
  const [mode, setMode] = useState<'logIn' | 'signUp'>('logIn');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [logInError, setLogInError] = useState<ApiError>();
  const signUp = useMutation(SignUp);
  const error = mode === 'signUp' ? (signUp.error ?? logInError) : logInError;

  const signIn = async (twoFactorCode: string | null) => {
    setBusy(true);
    setLogInError(undefined);
    try {
      await request(LogIn, { email, password, twoFactorCode });
      session.refresh();
      // A browser that keeps no Secure cookie from this address (plain HTTP, not loopback) signs in for nothing.
      if (!session.token()) setLogInError(new ApiError('COOKIE_REFUSED', t('cookieRefused')));
    } catch (e) {
      const failure = e instanceof ApiError ? e : new ApiError('ERROR', String(e));
      // MFA_REQUIRED is not a failure: the password was right and the code step comes next.
      if (failure.code === 'MFA_REQUIRED') setStep('code');
      else setLogInError(failure);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step === 'code') return signIn(code.trim());
    if (mode === 'signUp' && !(await signUp.run({ email, password }))) return;
    return signIn(null);
  };

  const restart = () => {
    signUp.reset();
    setLogInError(undefined);
    setStep('password');
    setCode('');
    setPassword('');
  };

  return (
    <main className="auth" id="main">
      <div className="card auth-card">
        <div className="card-head">
          <span className="brand">PixPay</span>
          <button type="button" className="link" onClick={() => setLocale(locale === 'en' ? 'pt-BR' : 'en')}>
            {t('switchLanguage')}
          </button>
        </div>
        <h1>{step === 'code' ? t('twoFactorStepTitle') : t(mode)}</h1>
        <form onSubmit={(e) => void submit(e)}>
          {step === 'password' ? (
            <>
              <Field label={t('email')}>{(id) => <input id={id} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
              <Field label={t('password')} hint={mode === 'signUp' ? t('passwordHint') : undefined}>
                {(id) => (
                  <input id={id} type="password" autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'} required value={password} onChange={(e) => setPassword(e.target.value)} />
                )}
              </Field>
            </>
          ) : (
            <>
              <p className="muted">{t('twoFactorStepHint')}</p>
              <Field label={t('twoFactorStepCode')} hint={t('twoFactorStepRecovery')}>
                {(id) => (
                  <input id={id} required autoFocus autoComplete="one-time-code" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} data-testid="sign-in-code" />
                )}
              </Field>
            </>
          )}
          <ErrorMessage error={error} />
          <button type="submit" disabled={signUp.busy || busy}>
            {step === 'code' ? t('confirm') : t(mode)}
          </button>
        </form>
        {step === 'code' ? (
          <button type="button" className="link" onClick={restart}>
            {t('twoFactorStepBack')}
          </button>
        ) : (
          <button
            type="button"
            className="link"
            onClick={() => {
              restart();
              setMode(mode === 'logIn' ? 'signUp' : 'logIn');
            }}
          >
            {mode === 'logIn' ? t('noAccount') : t('haveAccount')}
          </button>
        )}
      </div>
    </main>
  );
}
