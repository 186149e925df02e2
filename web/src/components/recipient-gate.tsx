import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { signInPath } from '@/lib/next-path';
import { rememberReturn } from '@/lib/pending-return';
import { useLogout, useUser } from '@/lib/session';

export interface RecipientGateTexts {
  signInAs: (email: string) => string;
  signIn: string;
  register: string;
  registerHint: string;
  wrongAccount: (current: string, invited: string) => string;
  switchAccount: string;
  verifyFirst: string;
  checking: string;
}

interface Props {
  /** The address the link was sent to: only that account may act on it. */
  email: string;
  texts: RecipientGateTexts;
  /** What to offer someone signed in with that address but not confirmed yet (a resend). */
  verify?: ReactNode;
  /** The action (accept, claim), for the right account, confirmed. */
  children: ReactNode;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A link sent to one address (a team invitation, a gift) is acted on signed in with that verified
 * address. Anyone else is guided there: sign in or register (coming back to this very page, token
 * and all, even after confirming the address in another tab), or sign out of the wrong account.
 */
export function RecipientGate({ email, texts, verify, children }: Props) {
  const location = useLocation();
  const { data: user, isPending } = useUser();
  const here = `${location.pathname}${location.search}`;
  const logout = useLogout({ to: signInPath(here) });
  const unconfirmed = Boolean(user && same(user.email, email) && !user.emailVerified);

  // The confirmation link opens /verify-email, which then offers the way back here.
  useEffect(() => {
    if (unconfirmed) rememberReturn(here);
  }, [unconfirmed, here]);

  if (isPending) return <Spinner label={texts.checking} />;

  if (!user) {
    return (
      <div className="grid gap-3" data-testid="recipient-gate">
        <p className="font-medium text-navy-900">{texts.signInAs(email)}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={signInPath(here)} onClick={() => rememberReturn(here)}>
              {texts.signIn}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={`${signInPath(here)}&mode=register`} onClick={() => rememberReturn(here)}>
              {texts.register}
            </Link>
          </Button>
        </div>
        <p className="text-sm text-navy-700">{texts.registerHint}</p>
      </div>
    );
  }

  if (!same(user.email, email)) {
    return (
      <div className="grid gap-3" data-testid="recipient-gate">
        <p role="alert" className="font-medium text-red-800">
          {texts.wrongAccount(user.email, email)}
        </p>
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={logout.isPending}
          onClick={() => {
            rememberReturn(here);
            logout.mutate();
          }}
        >
          {texts.switchAccount}
        </Button>
      </div>
    );
  }

  if (!user.emailVerified) {
    return (
      <div className="grid gap-3" data-testid="recipient-gate">
        <p className="font-medium text-navy-900">{texts.verifyFirst}</p>
        {verify}
      </div>
    );
  }

  return <>{children}</>;
}
