import type { PlanType } from '@mia/contracts';
import { formatUsd } from '@mia/catalog';
import { composeMail, formatDate, type MailContent, type MailLocale } from './layout.js';

export interface PlanPriceChangeData {
  name: string;
  /** Where the app is served (PUBLIC_ORIGIN). */
  siteUrl: string;
  plan: PlanType;
  /** What the subscriber pays now (null: not known; the sentence leaves it out). */
  previousPriceCents: number | null;
  priceCents: number;
  /** The notice plus 7 days: the first renewal on or after it charges the new price. */
  effectiveFrom: string;
}

const texts = {
  es: {
    plan: { monthly: 'Plan Mensual', annual: 'Plan Anual' },
    per: { monthly: 'al mes', annual: 'al año' },
    subject: (plan: string) => `Cambia el precio de tu ${plan}`,
    greeting: (d: PlanPriceChangeData) => `Hola, ${d.name}:`,
    change: (plan: string, d: PlanPriceChangeData, per: string) =>
      d.previousPriceCents === null
        ? `El precio de tu ${plan} pasa a ${formatUsd(d.priceCents, 'es')} ${per}.`
        : `El precio de tu ${plan} pasa de ${formatUsd(d.previousPriceCents, 'es')} a ${formatUsd(d.priceCents, 'es')} ${per}.`,
    when: (d: PlanPriceChangeData) =>
      `Hasta entonces pagas lo mismo que hoy: el nuevo precio se cobra desde tu primera renovación a partir del ${formatDate(d.effectiveFrom, 'es')}.`,
    cancel: (d: PlanPriceChangeData) =>
      `Si prefieres no continuar, puedes cancelar la renovación antes de esa fecha en la sección de facturación de tu panel (${d.siteUrl}/dashboard).`,
    newPrice: 'Nuevo precio',
    from: 'Desde la primera renovación a partir del',
  },
  en: {
    plan: { monthly: 'Monthly Plan', annual: 'Annual Plan' },
    per: { monthly: 'a month', annual: 'a year' },
    subject: (plan: string) => `The price of your ${plan} is changing`,
    greeting: (d: PlanPriceChangeData) => `Hello ${d.name},`,
    change: (plan: string, d: PlanPriceChangeData, per: string) =>
      d.previousPriceCents === null
        ? `The price of your ${plan} becomes ${formatUsd(d.priceCents, 'en')} ${per}.`
        : `The price of your ${plan} goes from ${formatUsd(d.previousPriceCents, 'en')} to ${formatUsd(d.priceCents, 'en')} ${per}.`,
    when: (d: PlanPriceChangeData) =>
      `Until then you pay what you pay today: the new price is charged from your first renewal on or after ${formatDate(d.effectiveFrom, 'en')}.`,
    cancel: (d: PlanPriceChangeData) =>
      `If you would rather not continue, you can cancel the renewal before that date in the billing section of your dashboard (${d.siteUrl}/dashboard).`,
    newPrice: 'New price',
    from: 'From the first renewal on or after',
  },
} satisfies Record<MailLocale, unknown>;

/** The notice a subscriber gets when the owner changes their plan's price (7 days ahead at least). */
export function planPriceChangeMail(locale: MailLocale, data: PlanPriceChangeData): MailContent {
  const t = texts[locale];
  const plan = t.plan[data.plan];
  return composeMail(locale, t.subject(plan), {
    greeting: t.greeting(data),
    paragraphs: [t.change(plan, data, t.per[data.plan]), t.when(data), t.cancel(data)],
    rows: [
      [t.newPrice, `${formatUsd(data.priceCents, locale)} ${t.per[data.plan]}`],
      [t.from, formatDate(data.effectiveFrom, locale)],
    ],
  });
}
