import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/i18n';

/** Spec section 2: 'Loading dashboard...' while the data loads. */
export function DashboardLoading() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-[40vh] items-center justify-center gap-3 text-navy-800">
      <Spinner label={t.dashboard.loading} />
      <span aria-hidden="true">{t.dashboard.loading}</span>
    </div>
  );
}

/** Spec section 8: 'Unable to load dashboard data.' when it fails. */
export function DashboardError({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center">
      <p role="alert" className="flex items-center gap-2 font-semibold text-red-800">
        <CircleAlert aria-hidden="true" className="size-5" />
        {t.dashboard.loadFailed}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {t.dashboard.retry}
      </Button>
    </div>
  );
}
