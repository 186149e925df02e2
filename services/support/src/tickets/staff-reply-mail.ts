import { escapeHtml } from '@mia/service-kit';
import { brand } from '@mia/catalog';
import type { Mail } from '@mia/service-kit';
import type { Language } from '../language.js';

export interface StaffReplyMailInput {
  to: string;
  name: string;
  language: Language;
  ticketNumber: number;
  title: string;
  body: string;
  ticketsUrl: string;
}

const COPY = {
  es: {
    subject: (n: number, title: string) => `Respuesta a tu ticket #${n}: ${title}`,
    hello: (name: string) => `Hola, ${name}:`,
    intro: (n: number, title: string) =>
      `El equipo de soporte respondió a tu ticket #${n} "${title}":`,
    follow: 'Puedes ver la conversación completa y responder aquí:',
    button: 'Ver mi ticket',
    bye: ['Bendiciones,', `El equipo de ${brand.name}`],
  },
  en: {
    subject: (n: number, title: string) => `Reply to your ticket #${n}: ${title}`,
    hello: (name: string) => `Hello ${name},`,
    intro: (n: number, title: string) =>
      `The support team replied to your ticket #${n} "${title}":`,
    follow: 'You can read the whole conversation and reply here:',
    button: 'Open my ticket',
    bye: ['Blessings,', `The ${brand.name} team`],
  },
} as const;

/** "Staff replied to your ticket", in the language the customer wrote in (Spanish by default). */
export function staffReplyMail(input: StaffReplyMailInput): Mail {
  const copy = COPY[input.language];
  const text = [
    copy.hello(input.name),
    '',
    copy.intro(input.ticketNumber, input.title),
    '',
    input.body,
    '',
    copy.follow,
    input.ticketsUrl,
    '',
    ...copy.bye,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${input.language}">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>${escapeHtml(copy.hello(input.name))}</p>
    <p>${escapeHtml(copy.intro(input.ticketNumber, input.title))}</p>
    <blockquote style="margin: 0 0 16px; padding: 8px 16px; border-left: 4px solid #4f46e5; white-space: pre-wrap">${escapeHtml(input.body)}</blockquote>
    <p>${escapeHtml(copy.follow)}</p>
    <p>
      <a href="${escapeHtml(input.ticketsUrl)}"
         style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #ffffff;
                text-decoration: none; border-radius: 6px">${escapeHtml(copy.button)}</a>
    </p>
    <p>${copy.bye.map(escapeHtml).join('<br />')}</p>
  </body>
</html>
`;
  return { to: input.to, subject: copy.subject(input.ticketNumber, input.title), text, html };
}
