import { brand } from '@mia/catalog';
import { escapeHtml, type Mail } from '@mia/service-kit';
import type { MailLanguage } from './gift-events.js';

export interface GiftMailInput {
  to: string;
  language: MailLanguage;
  /** The buyer's name, as the directory knows it. */
  fromName: string;
  /** What the gift gives, in the mail's language ("Estudio de Apocalipsis", "un año del plan"). */
  itemName: string;
  /** The buyer's words, as typed: escaped here, never trusted as HTML. */
  message: string | null;
  /** `${PUBLIC_ORIGIN}/regalo?token=…` */
  claimUrl: string;
}

/** Who the gift is from when the directory does not know the buyer (yet). */
export const SOMEONE = { es: 'Alguien', en: 'Someone' } as const;

const COPY = {
  es: {
    subject: (from: string) => `${from} te ha hecho un regalo en ${brand.name}`,
    hello: 'Hola:',
    body: (from: string, item: string) => `${from} te ha regalado ${item}.`,
    messageIntro: (from: string) => `${from} te escribe:`,
    howTo: (to: string) =>
      `Para recibirlo, abre el enlace e inicia sesión (o regístrate) con esta dirección, ${to}, y verifícala.`,
    button: 'Recibir mi regalo',
    once: 'El enlace sirve una sola vez. Si no esperabas este mensaje, puedes ignorarlo.',
    bye: ['Bendiciones,', `El equipo de ${brand.name}`],
  },
  en: {
    subject: (from: string) => `${from} sent you a gift on ${brand.name}`,
    hello: 'Hello,',
    body: (from: string, item: string) => `${from} has given you ${item}.`,
    messageIntro: (from: string) => `${from} writes:`,
    howTo: (to: string) =>
      `To receive it, open the link and sign in (or register) with this address, ${to}, and verify it.`,
    button: 'Receive my gift',
    once: 'The link works once. If you were not expecting this message, you can ignore it.',
    bye: ['Blessings,', `The ${brand.name} team`],
  },
} as const;

/** The recipient's mail with the claim link, in the buyer's language. */
export function giftMail(input: GiftMailInput): Omit<Mail, 'meta'> {
  const copy = COPY[input.language];
  const message = input.message?.trim() ? input.message.trim() : null;
  const text = [
    copy.hello,
    copy.body(input.fromName, input.itemName),
    ...(message ? [copy.messageIntro(input.fromName), message] : []),
    copy.howTo(input.to),
    input.claimUrl,
    copy.once,
    '',
    ...copy.bye,
    '',
  ].join('\n\n');
  // The message keeps its line breaks, each line escaped on its own.
  const messageHtml = message
    ? `<p>${escapeHtml(copy.messageIntro(input.fromName))}</p>
    <blockquote style="margin: 0 0 16px; padding-left: 12px; border-left: 3px solid #d1d5db">${message
      .split('\n')
      .map(escapeHtml)
      .join('<br>')}</blockquote>`
    : '';
  const html = `<!doctype html>
<html lang="${input.language}">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>${escapeHtml(copy.hello)}</p>
    <p>${escapeHtml(copy.body(input.fromName, input.itemName))}</p>
    ${messageHtml}
    <p>${escapeHtml(copy.howTo(input.to))}</p>
    <p><a href="${escapeHtml(input.claimUrl)}">${escapeHtml(copy.button)}</a></p>
    <p style="font-size: 12px; color: #6b7280">${escapeHtml(copy.once)}</p>
    <p>${copy.bye.map(escapeHtml).join('<br>')}</p>
  </body>
</html>`;
  return { to: input.to, subject: copy.subject(input.fromName), text, html };
}

/** `${origin}/regalo?token=…`: the page that previews the gift and claims it. */
export const claimUrlOf = (publicOrigin: string, token: string): string => {
  const url = new URL('/regalo', publicOrigin);
  url.searchParams.set('token', token);
  return url.toString();
};
