import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useVerifyEmail } from '@/features/verify-email/api/verify-email';

type Failure = 'invalid' | 'used' | 'replaced' | 'expired' | 'tooMany' | 'unknown';

/** Identity's refusal code -> the catalogue's explanation. */
function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error.status === 429) return 'tooMany';
  try {
    const { code } = JSON.parse(error.body) as { code?: string };
    const problem = code?.replace(/^verification_token_/, '');
    if (problem === 'used' || problem === 'replaced' || problem === 'expired') return problem;
    if (problem === 'invalid' || code === 'validation_error') return 'invalid';
  } catch {
    // Not JSON: the generic text below.
  }
  return 'unknown';
}

/**
 * /verify-email?token=…: the page the verification mail links to. It sends the token once
 * (a second mount, e.g. React's development re-run, must not spend it twice) and says how it went.
 */
export function VerifyEmailScreen() {
  const { t } = useI18n();
  const copy = t.verifyEmail;
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  let body;
  if (!token || verify.isError) {
    const failure = token ? failureOf(verify.error) : 'invalid';
    body = (
      <div role="alert" className="flex gap-3">
        <XCircle aria-hidden className="size-6 shrink-0 text-red-700" />
        <div>
          <h2 className="text-lg font-semibold text-navy-900">{copy.failedTitle}</h2>
          <p className="mt-1 text-navy-700">{copy.failures[failure]}</p>
          <p className="mt-3 text-navy-700">{copy.resendHint}</p>
        </div>
      </div>
    );
  } else if (verify.isSuccess) {
    body = (
      <div role="status" className="flex gap-3">
        <CheckCircle2 aria-hidden className="size-6 shrink-0 text-green-700" />
        <div>
          <h2 className="text-lg font-semibold text-navy-900">{copy.doneTitle}</h2>
          <p className="mt-1 text-navy-700">{copy.doneText}</p>
        </div>
      </div>
    );
  } else {
    body = <Spinner label={copy.checking} />;
  }

  return (
    <Card className="mx-auto max-w-lg">
      <div className="grid gap-6 p-6">
        {body}
        <Link
          to={paths.dashboard}
          className="justify-self-start rounded font-semibold text-navy-700 underline underline-offset-4"
        >
          {copy.toDashboard}
        </Link>
      </div>
    </Card>
  );
}
