import { brand } from '@mia/catalog';
import { composeMail, formatDate, type MailContent, type MailLocale } from './layout.js';

export interface TrialReminderData {
  name: string;
  /** Where the app is served (PUBLIC_ORIGIN). */
  siteUrl: string;
  endsAt: string;
}

const texts = {
  es: {
    subject: 'Tu prueba gratuita termina mañana',
    greeting: (d: TrialReminderData) => `Hola, ${d.name}:`,
    body: (d: TrialReminderData) =>
      `Tu prueba gratuita de ${brand.name} termina el ${formatDate(d.endsAt, 'es')}. Hasta entonces puedes usar todas las herramientas.`,
    next: (d: TrialReminderData) =>
      `Para seguir usándolas, elige el plan mensual o anual, o compra las herramientas que más uses, desde ${d.siteUrl}.`,
  },
  en: {
    subject: 'Your free trial ends tomorrow',
    greeting: (d: TrialReminderData) => `Hello ${d.name},`,
    body: (d: TrialReminderData) =>
      `Your ${brand.name} free trial ends on ${formatDate(d.endsAt, 'en')}. Until then every tool is yours to use.`,
    next: (d: TrialReminderData) =>
      `To keep using them, choose the monthly or annual plan, or buy the tools you use most, at ${d.siteUrl}.`,
  },
} satisfies Record<MailLocale, unknown>;

/** Sent once, the day before a trial ends. */
export function trialReminderMail(locale: MailLocale, data: TrialReminderData): MailContent {
  const t = texts[locale];
  return composeMail(locale, t.subject, {
    greeting: t.greeting(data),
    paragraphs: [t.body(data), t.next(data)],
  });
}
