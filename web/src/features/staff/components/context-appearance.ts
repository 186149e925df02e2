import type { StaffGrant, StaffPayment } from '@/features/staff/api/staff-schemas';

type BadgeVariant = 'gold' | 'navy' | 'success' | 'warning' | 'danger' | 'neutral';

export const grantStateVariant: Record<StaffGrant['state'], BadgeVariant> = {
  active: 'success',
  suspended: 'warning',
  revoked: 'danger',
};

/** Failures, refunds and disputes stand out: they are usually why the customer wrote. */
export const paymentStatusVariant: Record<StaffPayment['status'], BadgeVariant> = {
  succeeded: 'success',
  pending: 'neutral',
  failed: 'danger',
  refunded: 'warning',
  disputed: 'danger',
};

/** The browser API's amounts are decimal strings ('9.99'); money is shown from cents. */
export const toCents = (amount: string): number => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};
