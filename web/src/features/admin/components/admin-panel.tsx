import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import { CustomerLookup } from './customer-lookup';
import { DisputesPanel } from './disputes-panel';
import { GrantForm } from './grant-form';
import { IncidentsForm } from './incidents-form';
import { PaymentsReviewPanel } from './payments-review-panel';
import { RoleForm } from './role-form';

/**
 * For the admin role only (the route decides): grants, customer lookup, revoke, refund, disputes,
 * payments to review, roles, the status page's incidents.
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
      <CardHeader>
        <h2 className="flex items-center gap-2 text-xl font-bold text-navy-900">
          <ShieldCheck aria-hidden="true" className="size-5 text-gold-600" />
          {t.admin.heading}
        </h2>
      </CardHeader>
      {secondFactor ? (
        <CardContent className="grid gap-8 lg:grid-cols-2">
          <GrantForm onGranted={onChanged} />
          <CustomerLookup onChanged={onChanged} />
          <DisputesPanel />
          <PaymentsReviewPanel />
          <RoleForm />
          <IncidentsForm />
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
