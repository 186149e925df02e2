import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useResendVerification } from '@/features/verify-email/api/verify-email';

/**
 * Shown on the dashboard until the user opens the link mailed at registration, with a button
 * that mails a new one (identity limits how often).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useI18n();
  const copy = t.verifyEmail.banner;
  const resend = useResendVerification();
  const limited = resend.error instanceof ApiError && resend.error.status === 429;

  return (
    <section
      aria-labelledby="verify-email-banner-title"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden className="size-6 shrink-0 text-amber-800" />
      <div className="min-w-0 flex-1">
        <h2 id="verify-email-banner-title" className="font-semibold text-navy-900">
          {copy.title}
        </h2>
        <p className="text-sm text-navy-800">{copy.text(email)}</p>
        <p role="status" className="text-sm font-medium text-navy-900">
          {resend.isSuccess
            ? copy.sent
            : resend.isError
              ? limited
                ? copy.tooMany
                : copy.failed
              : ''}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? copy.sending : copy.resend}
      </Button>
    </section>
  );
}
