import { trial } from '@mia/catalog';
import { LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatDate, useI18n } from '@/i18n';
import { ApiError, errorText } from '@/lib/api-client';
import { useStartTrial } from '@/features/trial/api/start-trial';
import { VerifyToStartTrial } from './verify-to-start-trial';

/** Spec section 9: the dashboard opens 2 s after the trial starts. */
export const REDIRECT_AFTER_TRIAL_MS = 2000;

/** Billing's refusal of a trial for an address not verified yet (403). */
export const isEmailNotVerified = (error: unknown): boolean => {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  try {
    return (JSON.parse(error.body) as { code?: unknown }).code === 'email_not_verified';
  } catch {
    return false;
  }
};

/**
 * Starts the trial as soon as the page opens: spinner, then the spec's toast and the dashboard
 * after 2 s, or the failure toast and the home page. An address not verified yet stays here
 * instead, with a button that mails a new link and one that tries again.
 */
export function TrialStarter({ onStarted }: { onStarted: () => void }) {
  const { t, locale } = useI18n();
  const copy = t.startTrial;
  const navigate = useNavigate();
  const start = useStartTrial();
  const [unverified, setUnverified] = useState(false);
  // Once per visit, even when development mounts the page twice.
  const started = useRef(false);

  const run = useCallback(() => {
    start.mutate(undefined, {
      onSuccess: ({ trialEndsAt }) => {
        setUnverified(false);
        onStarted();
        toast({
          variant: 'success',
          title: copy.activated,
          description: copy.activatedText(formatDate(new Date(trialEndsAt), locale)),
        });
        setTimeout(() => navigate(paths.dashboard, { replace: true }), REDIRECT_AFTER_TRIAL_MS);
      },
      onError: (error) => {
        if (isEmailNotVerified(error)) {
          setUnverified(true);
          return;
        }
        toast({ variant: 'destructive', title: copy.failed, description: errorText(error) });
        navigate(paths.home, { replace: true });
      },
    });
  }, [start, copy, locale, navigate, onStarted]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  if (unverified) return <VerifyToStartTrial onRetry={run} retrying={start.isPending} />;

  return (
    <div className="grid justify-items-center gap-4 text-center">
      <LoaderCircle
        aria-hidden="true"
        className="size-12 animate-spin text-gold-500 motion-reduce:animate-none"
      />
      <h1 className="text-2xl font-bold text-navy-900">{copy.starting}</h1>
      <p role="status" className="text-navy-700">
        {copy.settingUp(trial.days)}
      </p>
    </div>
  );
}
