import { escapeHtml } from '@mia/service-kit';
import { brand } from '@mia/catalog';
import type { Mail } from '@mia/service-kit';

export type MailLanguage = 'es' | 'en';

export interface UsageAlertMailInput {
  to: string;
  name: string;
  language: MailLanguage;
  /** Verifications counted in the hour. */
  uses: number;
  /** Where the user rotates the code (the dashboard). */
  dashboardUrl: string;
}

const COPY = {
  es: {
    subject: 'Tu código MIA se está usando más de lo habitual',
    hello: (name: string) => `Hola, ${name}:`,
    body: (uses: number) =>
      `Tu código MIA se ha verificado ${uses} veces en la última hora, más de lo habitual.`,
    advice:
      'Si no fuiste tú o compartiste tu código, genera uno nuevo desde tu panel: el anterior dejará de funcionar al instante.',
    button: 'Ir a mi panel',
    off: 'Puedes desactivar estas alertas en la configuración de tu cuenta.',
    bye: ['Bendiciones,', `El equipo de ${brand.name}`],
  },
  en: {
    subject: 'Your MIA code is being used more than usual',
    hello: (name: string) => `Hello ${name},`,
    body: (uses: number) =>
      `Your MIA code was verified ${uses} times in the last hour, more than usual.`,
    advice:
      'If this was not you, or you shared your code, generate a new one from your dashboard: the old one stops working at once.',
    button: 'Open my dashboard',
    off: 'You can turn these alerts off in your account settings.',
    bye: ['Blessings,', `The ${brand.name} team`],
  },
} as const;

/** The usage alert, sent at most once per hour to a user who turned usage alerts on. */
export function usageAlertMail(input: UsageAlertMailInput): Omit<Mail, 'meta'> {
  const copy = COPY[input.language];
  const lines = [copy.hello(input.name), copy.body(input.uses), copy.advice];
  const text = [...lines, input.dashboardUrl, copy.off, '', ...copy.bye, ''].join('\n\n');
  const html = `<!doctype html>
<html lang="${input.language}">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    ${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n    ')}
    <p><a href="${escapeHtml(input.dashboardUrl)}">${escapeHtml(copy.button)}</a></p>
    <p style="font-size: 12px; color: #6b7280">${escapeHtml(copy.off)}</p>
    <p>${copy.bye.map(escapeHtml).join('<br>')}</p>
  </body>
</html>`;
  return { to: input.to, subject: copy.subject, text, html };
}
