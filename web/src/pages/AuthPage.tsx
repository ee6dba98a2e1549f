import { type FormEvent, useState } from 'react';
import { ErrorMessage, Field } from '../components/ui';
import { session } from '../lib/client';
import { graphql } from '../lib/graphql';
import { useMutation } from '../lib/hooks';
import { useI18n } from '../lib/i18n';

const SignUp = graphql(`mutation SignUp($email: String!, $password: String!) { signUp(email: $email, password: $password) { id } }`);
const LogIn = graphql(`mutation LogIn($email: String!, $password: String!) { logIn(email: $email, password: $password) { token expiresAt } }`);

/** Sign up or log in; a new account is logged in at once. */
export function AuthPage() {
  const { t, locale, setLocale } = useI18n();
  const [mode, setMode] = useState<'logIn' | 'signUp'>('logIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useMutation(SignUp);
  const logIn = useMutation(LogIn);
  const error = mode === 'signUp' ? (signUp.error ?? logIn.error) : logIn.error;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'signUp' && !(await signUp.run({ email, password }))) return;
    const s = await logIn.run({ email, password });
    if (s) session.set(s.logIn.token);
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
        <h1>{t(mode)}</h1>
        <form onSubmit={(e) => void submit(e)}>
          <Field label={t('email')}>{(id) => <input id={id} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
          <Field label={t('password')} hint={mode === 'signUp' ? t('passwordHint') : undefined}>
            {(id) => (
              <input id={id} type="password" autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'} required value={password} onChange={(e) => setPassword(e.target.value)} />
            )}
          </Field>
          <ErrorMessage error={error} />
          <button type="submit" disabled={signUp.busy || logIn.busy}>
            {t(mode)}
          </button>
        </form>
        <button
          type="button"
          className="link"
          onClick={() => {
            signUp.reset();
            logIn.reset();
            setMode(mode === 'logIn' ? 'signUp' : 'logIn');
          }}
        >
          {mode === 'logIn' ? t('noAccount') : t('haveAccount')}
        </button>
      </div>
    </main>
  );
}
