import type { GiftItem, PlanType } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { describeGiftItem } from './gift-descriptions.js';

/**
 * The sales CSV's columns for a gift's payment (joined as `g`): a gift has no row in `payments`,
 * so its status, refunds and provider id come from `gift_payments`.
 */
export const GIFT_EXPORT_COLUMNS = `g.item_kind AS gift_item_kind, g.product_id AS gift_product_id,
  g.plan AS gift_plan, g.recipient_email AS gift_recipient_email, g.status AS gift_status,
  g.refunded_cents AS gift_refunded_cents, g.provider_payment_id AS gift_provider_payment_id`;
export const GIFT_EXPORT_JOIN = 'LEFT JOIN gift_payments g ON g.gift_id = s.payment_id';

export interface GiftExportColumns {
  gift_item_kind: string | null;
  gift_product_id: string | null;
  gift_plan: string | null;
  gift_recipient_email: string | null;
  gift_status: string | null;
  gift_refunded_cents: unknown;
  gift_provider_payment_id: string | null;
}

/** "Regalo: {tool or plan} para {address}" for a gift's row; null for any other payment. */
export async function giftExportDescription(
  billing: Pick<Billing, 'catalog'>,
  row: GiftExportColumns,
): Promise<string | null> {
  if (!row.gift_item_kind || !row.gift_recipient_email) return null;
  const item: GiftItem =
    row.gift_item_kind === 'plan'
      ? { kind: 'plan', plan: row.gift_plan as PlanType }
      : { kind: 'product', productId: row.gift_product_id ?? '' };
  return describeGiftItem(billing, item, row.gift_recipient_email, 'es');
}
