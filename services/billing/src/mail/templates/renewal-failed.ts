import { formatUsd } from '@mia/catalog';
import { composeMail, type MailContent, type MailLocale } from './layout.js';

export interface RenewalFailedData {
  name: string;
  /** Where the app is served (PUBLIC_ORIGIN). */
  siteUrl: string;
  planName: string;
  amountCents: number;
  /** The provider's reason, as it gave it. */
  reason: string;
}

const texts = {
  es: {
    subject: (d: RenewalFailedData) => `No pudimos renovar tu ${d.planName}`,
    greeting: (d: RenewalFailedData) => `Hola, ${d.name}:`,
    body: (d: RenewalFailedData) =>
      `Intentamos cobrar ${formatUsd(d.amountCents, 'es')} para renovar tu ${d.planName}, pero el pago fue rechazado.`,
    reason: 'Motivo',
    next: (d: RenewalFailedData) =>
      `Actualiza tu tarjeta en la sección de facturación de tu panel (${d.siteUrl}/dashboard). Volveremos a intentarlo en los próximos días; si no lo logramos, la suscripción terminará.`,
  },
  en: {
    subject: (d: RenewalFailedData) => `We could not renew your ${d.planName}`,
    greeting: (d: RenewalFailedData) => `Hello ${d.name},`,
    body: (d: RenewalFailedData) =>
      `We tried to charge ${formatUsd(d.amountCents, 'en')} to renew your ${d.planName}, but the payment was declined.`,
    reason: 'Reason',
    next: (d: RenewalFailedData) =>
      `Update your card in the billing section of your dashboard (${d.siteUrl}/dashboard). We will try again over the next days; if it still fails, the subscription will end.`,
  },
} satisfies Record<MailLocale, unknown>;

/** Sent once per renewal whose charge was declined. */
export function renewalFailedMail(locale: MailLocale, data: RenewalFailedData): MailContent {
  const t = texts[locale];
  return composeMail(locale, t.subject(data), {
    greeting: t.greeting(data),
    paragraphs: [t.body(data), t.next(data)],
    rows: [[t.reason, data.reason]],
  });
}
