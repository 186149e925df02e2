import { trial } from '@mia/catalog';
import { Gift } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

export function TrialPrompt({ signedIn }: { signedIn: boolean }) {
  const { t } = useI18n();
  const copy = t.landing.trial;
  return (
    <section aria-labelledby="trial-title" className="px-4 pb-16 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-3xl bg-gradient-to-r from-gold-200 to-gold-100 p-8 sm:p-10 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-4">
          <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-navy-900 text-gold-300 sm:inline-flex">
            <Gift aria-hidden="true" className="size-7" />
          </span>
          <div>
            <h2 id="trial-title" className="text-2xl font-bold text-navy-900">
              {copy.title(trial.days)}
            </h2>
            <p className="mt-2 max-w-xl text-navy-800">{copy.text(trial.days)}</p>
          </div>
        </div>
        <Button asChild size="lg" className="shrink-0">
          <Link to={signedIn ? paths.startTrial : paths.auth}>{copy.cta}</Link>
        </Button>
      </div>
    </section>
  );
}
