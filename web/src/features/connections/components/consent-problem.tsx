import { CircleAlert, LayoutDashboard, RotateCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

/**
 * The request cannot be shown: gone (unknown or expired, the tool must start again) or not
 * loaded (a retry may help).
 */
export function ConsentProblem({ gone, onRetry }: { gone: boolean; onRetry: () => void }) {
  const { t } = useI18n();
  const copy = t.connections.consent;
  return (
    <div className="grid gap-4" data-testid={gone ? 'consent-gone' : 'consent-failed'}>
      <h1 className="flex items-center gap-2 text-2xl font-bold text-navy-900">
        <CircleAlert aria-hidden="true" className="size-6 shrink-0 text-red-700" />
        {gone ? copy.notFoundTitle : copy.title}
      </h1>
      <p className="text-navy-800" role="alert">
        {gone ? copy.notFoundText : copy.loadFailed}
      </p>
      <div className="flex flex-wrap gap-2">
        {gone ? null : (
          <Button onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {copy.retry}
          </Button>
        )}
        <Button asChild variant={gone ? 'primary' : 'outline'}>
          <Link to={paths.dashboard}>
            <LayoutDashboard aria-hidden="true" />
            {copy.toDashboard}
          </Link>
        </Button>
      </div>
    </div>
  );
}
