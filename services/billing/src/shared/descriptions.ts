import type { PaymentPurpose } from '@mia/contracts';
import { findProduct, planFor } from '@mia/catalog';

/** What receipts and the payment history call a payment: the Spanish catalogue name. */
export function describePurpose(purpose: PaymentPurpose): string {
  if (purpose.kind === 'product') return findProduct(purpose.productId)?.name ?? purpose.productId;
  return planFor(purpose.plan).name;
}
