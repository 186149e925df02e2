import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import { CustomerLookup } from './customer-lookup';
import { DisputesPanel } from './disputes-panel';
import { GrantForm } from './grant-form';

/** For the admin role only (the route decides): grants, customer lookup, revoke, refund, disputes. */
export function AdminPanel({ onChanged }: { onChanged: () => void }) {
  const { t } = useI18n();
  return (
    <Card data-testid="admin-panel" className="border-navy-200">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-xl font-bold text-navy-900">
          <ShieldCheck aria-hidden="true" className="size-5 text-gold-600" />
          {t.admin.heading}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-2">
        <GrantForm onGranted={onChanged} />
        <CustomerLookup onChanged={onChanged} />
        <DisputesPanel />
      </CardContent>
    </Card>
  );
}
