import { trial } from '@mia/catalog';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatDate, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useStartTrial } from '@/features/trial/api/start-trial';

/** Spec section 9: the dashboard opens 2 s after the trial starts. */
export const REDIRECT_AFTER_TRIAL_MS = 2000;

/**
 * Starts the trial as soon as the page opens: spinner, then the spec's toast and the dashboard
 * after 2 s, or the failure toast and the home page.
 */
export function TrialStarter({ onStarted }: { onStarted: () => void }) {
  const { t, locale } = useI18n();
  const copy = t.startTrial;
  const navigate = useNavigate();
  const start = useStartTrial();
  // Once per visit, even when development mounts the page twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate(undefined, {
      onSuccess: ({ trialEndsAt }) => {
        onStarted();
        toast({
          variant: 'success',
          title: copy.activated,
          description: copy.activatedText(formatDate(new Date(trialEndsAt), locale)),
        });
        setTimeout(() => navigate(paths.dashboard, { replace: true }), REDIRECT_AFTER_TRIAL_MS);
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: copy.failed, description: errorText(error) });
        navigate(paths.home, { replace: true });
      },
    });
  }, [start, copy, locale, navigate, onStarted]);

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
