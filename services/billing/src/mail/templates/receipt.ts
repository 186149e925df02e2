import { brand, formatUsd } from '@mia/catalog';
import { composeMail, formatDate, type MailContent, type MailLocale } from './layout.js';

export interface ReceiptData {
  name: string;
  /** The tool or plan, by its catalogue name. */
  description: string;
  amountCents: number;
  paidAt: string;
  cardLast4: string | null;
  paymentId: string;
  /** Taken off by a promotion code (0 or absent without one); amountCents is after it. */
  discountCents?: number;
  promotionCode?: string | null;
}

const texts = {
  es: {
    subject: (d: ReceiptData) => `Recibo de tu pago: ${d.description}`,
    greeting: (d: ReceiptData) => `Hola, ${d.name}:`,
    body: `Gracias por tu compra en ${brand.name}. Tu pago se completó y tu acceso ya está activo en tu panel.`,
    product: 'Producto',
    amount: 'Importe',
    date: 'Fecha',
    card: 'Tarjeta',
    cardEnding: (last4: string) => `terminada en ${last4}`,
    reference: 'Referencia',
    discount: 'Descuento',
    discountWith: (amount: string, code: string) => `-${amount} (código ${code})`,
  },
  en: {
    subject: (d: ReceiptData) => `Receipt for your payment: ${d.description}`,
    greeting: (d: ReceiptData) => `Hello ${d.name},`,
    body: `Thank you for your purchase at ${brand.name}. Your payment went through and your access is already active in your dashboard.`,
    product: 'Product',
    amount: 'Amount',
    date: 'Date',
    card: 'Card',
    cardEnding: (last4: string) => `ending in ${last4}`,
    reference: 'Reference',
    discount: 'Discount',
    discountWith: (amount: string, code: string) => `-${amount} (code ${code})`,
  },
} satisfies Record<MailLocale, unknown>;

/** The receipt sent for each successful payment (tool, plan or renewal). */
export function receiptMail(locale: MailLocale, data: ReceiptData): MailContent {
  const t = texts[locale];
  return composeMail(locale, t.subject(data), {
    greeting: t.greeting(data),
    paragraphs: [t.body],
    rows: [
      [t.product, data.description],
      ...(data.discountCents && data.promotionCode
        ? [
            [
              t.discount,
              t.discountWith(formatUsd(data.discountCents, locale), data.promotionCode),
            ] as [string, string],
          ]
        : []),
      [t.amount, formatUsd(data.amountCents, locale)],
      [t.date, formatDate(data.paidAt, locale)],
      ...(data.cardLast4 ? [[t.card, t.cardEnding(data.cardLast4)] as [string, string]] : []),
      [t.reference, data.paymentId],
    ],
  });
}
