import { centsToAmountString } from '@mia/catalog';
import type { BillingInvoice, GiftItem, PlanType } from '@mia/contracts';
import type { Request } from 'express';
import type { Billing } from '../billing.js';
import { langOf } from '../promotions/promotion-messages.js';
import { describeGiftItem, type GiftLang } from './gift-descriptions.js';

/** `?lang=` (the web app's choice) wins, then Accept-Language; Spanish by default. */
export function requestLang(req: Pick<Request, 'query' | 'headers'>): GiftLang {
  const asked = req.query?.lang;
  if (asked === 'en' || asked === 'es') return asked;
  return langOf(req.headers['accept-language']);
}

const SHOWN = ['succeeded', 'refunded', 'disputed'];

/**
 * The buyer's gift payments for the payment history, newest first ("Regalo: {tool or plan}
 * para {address}" in the asker's language, named through the catalogue). Checkouts never paid,
 * and payments under review, are left out, as for purchases.
 */
export async function giftInvoices(
  billing: Billing,
  buyerId: string,
  lang: GiftLang,
  limit: number,
): Promise<BillingInvoice[]> {
  const rows = await billing.db.giftPayment.findMany({
    where: { buyerId, status: { in: SHOWN } },
    orderBy: { createdAt: 'desc' },
    take: limit,
  });
  return Promise.all(
    rows.map(async (row) => {
      const item: GiftItem =
        row.itemKind === 'plan'
          ? { kind: 'plan', plan: row.plan as PlanType }
          : { kind: 'product', productId: row.productId ?? '' };
      return {
        id: row.giftId,
        createdAt: (row.paidAt ?? row.createdAt).toISOString(),
        description: await describeGiftItem(billing, item, row.recipientEmail, lang),
        amount: centsToAmountString(row.amountCents),
        status: row.status as BillingInvoice['status'],
        receiptUrl: row.receiptUrl,
      };
    }),
  );
}
