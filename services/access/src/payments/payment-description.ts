import { planName, type PlanType } from '@mia/catalog';
import type { PaymentPurpose } from '@mia/contracts';

/**
 * What a payment paid for, as the history names it (billing's failed payments carry no text).
 * `productName`: the tool's name in billing's catalogue, when access knows it.
 */
export function describePurpose(purpose: PaymentPurpose, productName?: string): string {
  if (purpose.kind === 'product') return productName ?? purpose.productId;
  return planName(purpose.plan as PlanType);
}

export const purposeFields = (purpose: PaymentPurpose) => ({
  productId: purpose.kind === 'product' ? purpose.productId : null,
  plan: purpose.kind === 'subscription' ? purpose.plan : null,
});
