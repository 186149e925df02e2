import { LayoutDashboard, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { CustomerLookup } from './customer-lookup';
import { GrantForm } from './grant-form';

/**
 * For the admin role only (the route decides): the spec's grants and customer lookup (revoke,
 * refund), and the way to the admin console (/admin), where every other staff tool lives so the
 * customer's dashboard does not grow with each of them.
 * Every staff call needs a session made with the second factor: until the admin enrols, the
 * panel says where to do it instead of offering forms that would be refused.
 */
export function AdminPanel({
  onChanged,
  secondFactor = true,
}: {
  onChanged: () => void;
  secondFactor?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Card data-testid="admin-panel" className="border-navy-200">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-xl font-bold text-navy-900">
          <ShieldCheck aria-hidden="true" className="size-5 text-gold-600" />
          {t.admin.heading}
        </h2>
        <Link
          to={paths.admin}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          data-testid="open-admin-console"
        >
          <LayoutDashboard aria-hidden="true" />
          {t.admin.openConsole}
        </Link>
      </CardHeader>
      {secondFactor ? (
        <CardContent className="grid gap-8 lg:grid-cols-2">
          <GrantForm onGranted={onChanged} />
          <CustomerLookup onChanged={onChanged} />
        </CardContent>
      ) : (
        <CardContent>
          <p className="text-sm text-navy-800" data-testid="admin-needs-second-factor">
            {t.twoFactor.adminRequired}
          </p>
        </CardContent>
      )}
    </Card>
  );
}
