import { brand, formatUsd } from '@mia/catalog';
import { teamPlanLabel } from '../../teams/team-plan-label.js';
import { composeMail, formatDate, type MailContent, type MailLocale } from './layout.js';

export interface TeamReceiptData {
  name: string;
  teamName: string;
  seats: number;
  amountCents: number;
  paidAt: string;
  cardLast4: string | null;
  paymentId: string;
}

const texts = {
  es: {
    subject: (d: TeamReceiptData) => `Recibo del plan de tu iglesia: ${d.teamName}`,
    greeting: (d: TeamReceiptData) => `Hola, ${d.name}:`,
    body: (d: TeamReceiptData) =>
      `Gracias por equipar a tu equipo con ${brand.name}. El pago del plan de «${d.teamName}» se completó: ${d.seats} asientos.`,
    next: 'Invita a tu equipo desde «Mi iglesia» en tu panel: cada persona que acepte podrá usar todas las herramientas mientras ocupe un asiento. Este plan no abre las herramientas a tu cuenta; para usarlas tú, acepta también una invitación a tu equipo.',
    plan: 'Plan',
    seats: 'Asientos',
    amount: 'Importe',
    date: 'Fecha',
    card: 'Tarjeta',
    cardEnding: (last4: string) => `terminada en ${last4}`,
    reference: 'Referencia',
  },
  en: {
    subject: (d: TeamReceiptData) => `Receipt for your church's plan: ${d.teamName}`,
    greeting: (d: TeamReceiptData) => `Hello ${d.name},`,
    body: (d: TeamReceiptData) =>
      `Thank you for equipping your team with ${brand.name}. The payment for “${d.teamName}”'s plan went through: ${d.seats} seats.`,
    next: 'Invite your team from "My church" in your dashboard: each person who accepts may use every tool while they hold a seat. This plan does not open the tools to your own account; to use them yourself, accept an invitation to your team too.',
    plan: 'Plan',
    seats: 'Seats',
    amount: 'Amount',
    date: 'Date',
    card: 'Card',
    cardEnding: (last4: string) => `ending in ${last4}`,
    reference: 'Reference',
  },
} satisfies Record<MailLocale, unknown>;

/** The receipt of a church's team plan (its first invoice, renewals, added seats), to its owner. */
export function teamReceiptMail(locale: MailLocale, data: TeamReceiptData): MailContent {
  const t = texts[locale];
  return composeMail(locale, t.subject(data), {
    greeting: t.greeting(data),
    paragraphs: [t.body(data), t.next],
    rows: [
      [t.plan, teamPlanLabel({ name: data.teamName, seats: data.seats }, locale)],
      [t.seats, String(data.seats)],
      [t.amount, formatUsd(data.amountCents, locale)],
      [t.date, formatDate(data.paidAt, locale)],
      ...(data.cardLast4 ? [[t.card, t.cardEnding(data.cardLast4)] as [string, string]] : []),
      [t.reference, data.paymentId],
    ],
  });
}
