import type { PaymentPurpose } from '@mia/contracts';
import { planName } from '@mia/catalog';

/**
 * What receipts and the payment history call a payment when nothing better is known: a plan's
 * Spanish name, or the tool's id (a tool's payment carries its catalogue name from checkout).
 */
export function describePurpose(purpose: PaymentPurpose): string {
  if (purpose.kind === 'product') return purpose.productId;
  return planName(purpose.plan);
}
