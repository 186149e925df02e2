import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import { useUser } from '@/lib/session';

/**
 * The staff console is for admins (the role of GET /api/user) who enrolled two-step
 * verification. Support checks both on every staff call too; this only spares others a page of
 * refusals, and tells an admin without the second factor where to turn it on.
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  // The sign-in guard has already loaded the user; this reads the same cached answer.
  const { data: user } = useUser();
  if (user?.role === 'admin' && user.twoFactorEnabled) return children;
  const needsSecondFactor = user?.role === 'admin';
  return (
    <Card className="mx-auto w-full max-w-xl" data-testid="staff-forbidden">
      <CardContent className="grid justify-items-center gap-3 pt-8 pb-8 text-center">
        <ShieldAlert aria-hidden="true" className="size-10 text-gold-700" />
        <h1 className="text-xl font-bold text-navy-900">{t.staff.forbidden.title}</h1>
        <p className="text-navy-700">
          {needsSecondFactor ? t.twoFactor.adminRequired : t.staff.forbidden.text}
        </p>
      </CardContent>
    </Card>
  );
}
