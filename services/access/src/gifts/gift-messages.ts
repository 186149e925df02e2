import { DomainError, isDomainError } from '@mia/service-kit';
import type { MailLanguage } from './gift-events.js';

/** Every refusal of the gift routes, in the caller's language (the decider's codes). */
const MESSAGES: Record<string, Record<MailLanguage, string>> = {
  gift_not_found: { es: 'No encontramos ese regalo.', en: 'We could not find that gift.' },
  gift_claimed: {
    es: 'Este regalo ya fue recibido: ya no se puede cambiar ni reenviar.',
    en: 'This gift has already been received: it can no longer be changed or sent again.',
  },
  gift_refunded: {
    es: 'Este regalo fue reembolsado.',
    en: 'This gift was refunded.',
  },
  gift_already_claimed: {
    es: 'Este regalo ya fue recibido.',
    en: 'This gift has already been received.',
  },
  gift_link_invalid: {
    es: 'Este enlace de regalo ya no es válido. Pide a quien te lo regaló que te lo envíe de nuevo.',
    en: 'This gift link is no longer valid. Ask the person who gave it to you to send it again.',
  },
  gift_wrong_account: {
    es: 'Este regalo es para otra dirección de correo. Inicia sesión (o regístrate) con la dirección a la que se envió.',
    en: 'This gift is for another e-mail address. Sign in (or register) with the address it was sent to.',
  },
  email_not_verified: {
    es: 'Verifica tu dirección de correo para recibir el regalo: abre el enlace que te enviamos al registrarte.',
    en: 'Verify your e-mail address to receive the gift: open the link we sent you when you registered.',
  },
};

/** The same refusal with its message in `language`; any other error unchanged. */
export function inLanguage(error: unknown, language: MailLanguage): unknown {
  if (!isDomainError(error)) return error;
  const message = MESSAGES[error.code]?.[language];
  return message ? new DomainError(error.kind, error.code, message, error.details) : error;
}
