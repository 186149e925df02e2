import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useResendVerification } from '@/features/trial/api/resend-verification';

interface Props {
  /** Asks for the trial again (after the user opened the link). */
  onRetry: () => void;
  retrying: boolean;
}

/**
 * The trial needs a verified e-mail: says so, mails a new link on request, and tries again once
 * the user has opened it.
 */
export function VerifyToStartTrial({ onRetry, retrying }: Props) {
  const { t } = useI18n();
  const copy = t.startTrial;
  const resend = useResendVerification();
  const limited = resend.error instanceof ApiError && resend.error.status === 429;

  return (
    <section
      aria-labelledby="trial-unverified-title"
      className="grid justify-items-center gap-4 text-center"
    >
      <MailWarning aria-hidden="true" className="size-12 text-amber-700" />
      <h1 id="trial-unverified-title" className="text-2xl font-bold text-navy-900">
        {copy.unverifiedTitle}
      </h1>
      <p className="text-navy-800">{copy.unverifiedText}</p>
      <p role="status" className="min-h-5 text-sm font-medium text-navy-900">
        {resend.isSuccess
          ? copy.sent
          : resend.isError
            ? limited
              ? copy.tooMany
              : copy.resendFailed
            : ''}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? copy.sending : copy.resend}
        </Button>
        <Button type="button" disabled={retrying} onClick={onRetry}>
          {copy.retry}
        </Button>
      </div>
    </section>
  );
}
