import { brand, formatUsd } from '@mia/catalog';
import { composeMail, formatDate, type MailContent, type MailLocale } from './layout.js';

export interface GiftReceiptData {
  name: string;
  /** The tool or plan given, by its catalogue name in the mail's language. */
  itemName: string;
  recipientEmail: string;
  amountCents: number;
  paidAt: string;
  /** When the recipient's mail goes out. */
  sendAt: string;
  cardLast4: string | null;
  paymentId: string;
}

const texts = {
  es: {
    subject: (d: GiftReceiptData) => `Recibo de tu regalo: ${d.itemName} para ${d.recipientEmail}`,
    greeting: (d: GiftReceiptData) => `Hola, ${d.name}:`,
    body: `Gracias por tu regalo en ${brand.name}. Tu pago se completó. Le enviaremos a la persona que recibe el regalo un correo con el enlace para reclamarlo en la fecha indicada; puedes ver su estado en tu panel.`,
    gift: 'Regalo',
    recipient: 'Para',
    sendAt: 'Envío',
    amount: 'Importe',
    date: 'Fecha',
    card: 'Tarjeta',
    cardEnding: (last4: string) => `terminada en ${last4}`,
    reference: 'Referencia',
  },
  en: {
    subject: (d: GiftReceiptData) => `Receipt for your gift: ${d.itemName} for ${d.recipientEmail}`,
    greeting: (d: GiftReceiptData) => `Hello ${d.name},`,
    body: `Thank you for your gift at ${brand.name}. Your payment went through. We will e-mail the recipient a link to claim it on the date shown; you can follow its status in your dashboard.`,
    gift: 'Gift',
    recipient: 'For',
    sendAt: 'Delivery',
    amount: 'Amount',
    date: 'Date',
    card: 'Card',
    cardEnding: (last4: string) => `ending in ${last4}`,
    reference: 'Reference',
  },
} satisfies Record<MailLocale, unknown>;

/** The buyer's receipt for a paid gift (the recipient's own mail is access's). */
export function giftReceiptMail(locale: MailLocale, data: GiftReceiptData): MailContent {
  const t = texts[locale];
  return composeMail(locale, t.subject(data), {
    greeting: t.greeting(data),
    paragraphs: [t.body],
    rows: [
      [t.gift, data.itemName],
      [t.recipient, data.recipientEmail],
      [t.sendAt, formatDate(data.sendAt, locale)],
      [t.amount, formatUsd(data.amountCents, locale)],
      [t.date, formatDate(data.paidAt, locale)],
      ...(data.cardLast4 ? [[t.card, t.cardEnding(data.cardLast4)] as [string, string]] : []),
      [t.reference, data.paymentId],
    ],
  });
}
