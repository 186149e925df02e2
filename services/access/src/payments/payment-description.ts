import { findProduct, planFor, type PlanType } from '@mia/catalog';
import type { PaymentPurpose } from '@mia/contracts';

/** What a payment paid for, as the history names it (billing's failed payments carry no text). */
export function describePurpose(purpose: PaymentPurpose): string {
  if (purpose.kind === 'product') return findProduct(purpose.productId)?.name ?? purpose.productId;
  return planFor(purpose.plan as PlanType).name;
}

export const purposeFields = (purpose: PaymentPurpose) => ({
  productId: purpose.kind === 'product' ? purpose.productId : null,
  plan: purpose.kind === 'subscription' ? purpose.plan : null,
});
