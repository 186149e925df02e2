import { Headphones, ShieldCheck, Zap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Logo } from '@/components/layouts/logo';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import { ForgotPasswordForm } from './forgot-password-form';
import { RegisterForm } from './register-form';
import { readResetToken, searchWithoutToken } from './reset-token';
import { ResetPasswordForm } from './reset-password-form';
import { SecondFactorForm } from './second-factor-form';
import { SignInForm } from './sign-in-form';

export type AuthMode = 'login' | 'register' | 'forgot' | 'reset' | 'second-factor';

interface ResetToken {
  value: string;
  fromAddress: boolean;
}

/** The four-mode auth screen of spec section 2, and the code step of two-step verification. */
export function AuthScreen() {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState<ResetToken>(() => {
    const value = readResetToken(location.search, location.hash);
    return { value: value ?? '', fromAddress: value !== null };
  });
  // `?mode=register`: a link that invites someone to create an account (an invitation, a gift).
  const [mode, setMode] = useState<AuthMode>(() =>
    token.fromAddress
      ? 'reset'
      : new URLSearchParams(location.search).get('mode') === 'register'
        ? 'register'
        : 'login',
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const modeShown = useRef(mode);

  // The button that switched modes disappears with the old form; keyboard and screen-reader users
  // continue from the new form's title instead of the top of the page.
  useEffect(() => {
    if (modeShown.current === mode) return;
    modeShown.current = mode;
    headingRef.current?.focus();
  }, [mode]);

  // A reset token must not stay in the address bar, the history or a shared screenshot.
  useEffect(() => {
    if (readResetToken(location.search, location.hash) === null) return;
    navigate(
      { pathname: location.pathname, search: searchWithoutToken(location.search), hash: '' },
      { replace: true },
    );
  }, [location.pathname, location.search, location.hash, navigate]);

  const copy = {
    login: t.auth.login,
    register: t.auth.register,
    forgot: t.auth.forgot,
    reset: t.auth.reset,
    'second-factor': t.twoFactor.signIn,
  }[mode];

  const toLogin = () => setMode('login');

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-cream-100 to-cream-50">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Logo />
        <LanguageSwitch />
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-md flex-1 px-4 py-6 outline-none"
      >
        <p className="mb-4 text-center text-navy-700">{t.auth.tagline}</p>
        <Card>
          <CardHeader>
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="text-2xl font-bold text-navy-900 outline-none"
              data-testid="auth-title"
            >
              {copy.title}
            </h1>
            <p className="text-sm text-navy-700">{copy.description}</p>
          </CardHeader>
          <CardContent className="grid gap-4">
            {mode === 'login' ? (
              <SignInForm
                onForgot={() => setMode('forgot')}
                onSecondFactor={() => setMode('second-factor')}
              />
            ) : null}
            {mode === 'second-factor' ? <SecondFactorForm /> : null}
            {mode === 'register' ? <RegisterForm /> : null}
            {mode === 'forgot' ? (
              <ForgotPasswordForm
                onToken={(value) => {
                  setToken({ value, fromAddress: false });
                  setMode('reset');
                }}
              />
            ) : null}
            {mode === 'reset' ? (
              <ResetPasswordForm
                key={token.value}
                token={token.value}
                hideToken={token.fromAddress}
                onDone={() => {
                  setToken({ value: '', fromAddress: false });
                  toLogin();
                }}
              />
            ) : null}

            <div className="border-t border-cream-300/70 pt-4 text-center text-sm text-navy-700">
              {mode === 'login' ? (
                <p>
                  {t.auth.login.noAccount}{' '}
                  <Button variant="link" size="inline" onClick={() => setMode('register')}>
                    {t.auth.login.toRegister}
                  </Button>
                </p>
              ) : null}
              {mode === 'register' ? (
                <p>
                  {t.auth.register.haveAccount}{' '}
                  <Button variant="link" size="inline" onClick={toLogin}>
                    {t.auth.register.toLogin}
                  </Button>
                </p>
              ) : null}
              {mode === 'forgot' || mode === 'reset' || mode === 'second-factor' ? (
                <Button variant="link" size="sm" onClick={toLogin}>
                  {t.auth.forgot.back}
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>
      </main>
      <footer className="mx-auto w-full max-w-3xl px-4 pt-4 pb-10">
        <ul className="grid gap-3 text-sm text-navy-800 sm:grid-cols-3">
          {[
            { icon: ShieldCheck, text: t.auth.promo.secure },
            { icon: Zap, text: t.auth.promo.instant },
            { icon: Headphones, text: t.auth.promo.support },
          ].map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center justify-center gap-2 text-center">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-gold-700" />
              {text}
            </li>
          ))}
        </ul>
      </footer>
    </div>
  );
}
