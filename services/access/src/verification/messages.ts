import type { GptVerifyReason } from '@mia/contracts';

export type Lang = 'es' | 'en';

/** `en` when the caller prefers English over Spanish (Accept-Language), else Spanish. */
export function langOf(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'es';
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'es';
}

const dateText = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));

/**
 * The sentence a GPT (or a page) relays as is: what the answer means for the user and what to
 * do next.
 */
export function verdictMessage(
  reason: GptVerifyReason,
  productName: string,
  validUntil: string | null,
  lang: Lang = 'es',
): string {
  const until = validUntil ? dateText(validUntil, lang) : null;
  if (lang === 'en') {
    switch (reason) {
      case 'granted':
        return `Access verified: you can use ${productName}.${until ? ` Your access lasts until ${until}.` : ''}`;
      case 'invalid_code':
        return 'That access code is not valid. Find your code on your Ministerio IA dashboard and try again.';
      case 'unknown_product':
        return 'This tool is not in the Ministerio IA catalogue.';
      case 'no_access':
        return `You do not have access to ${productName}. You can buy it from your Ministerio IA dashboard.`;
      case 'expired':
        return `Your access to ${productName} ended${until ? ` on ${until}` : ''}. Renew your plan or buy the tool from your dashboard.`;
      case 'suspended':
        return `Your access to ${productName} is on hold while a claim about the payment is reviewed. Contact support if you need help.`;
      case 'revoked':
        return `Your access to ${productName} was withdrawn. Contact support if you think this is a mistake.`;
    }
  }
  switch (reason) {
    case 'granted':
      return `Acceso verificado: puedes usar ${productName}.${until ? ` Tu acceso es válido hasta el ${until}.` : ''}`;
    case 'invalid_code':
      return 'El código de acceso no es válido. Encuéntralo en tu panel de Ministerio IA e inténtalo de nuevo.';
    case 'unknown_product':
      return 'Esta herramienta no está en el catálogo de Ministerio IA.';
    case 'no_access':
      return `No tienes acceso a ${productName}. Puedes comprarlo desde tu panel de Ministerio IA.`;
    case 'expired':
      return `Tu acceso a ${productName} terminó${until ? ` el ${until}` : ''}. Renueva tu plan o compra la herramienta desde tu panel.`;
    case 'suspended':
      return `Tu acceso a ${productName} está en pausa mientras se revisa un reclamo sobre el pago. Escribe a soporte si necesitas ayuda.`;
    case 'revoked':
      return `Tu acceso a ${productName} fue retirado. Escribe a soporte si crees que es un error.`;
  }
}

/** What a GPT relays when a verification budget is spent (429 / MCP error), and when to retry. */
export function limitMessage(
  kind: 'key' | 'code' | 'failures' | 'client' | 'user',
  retryAfterSec: number,
  lang: Lang = 'es',
): string {
  if (lang === 'en') {
    switch (kind) {
      case 'key':
      case 'client':
        return `Too many verifications right now. Try again in ${retryAfterSec} s.`;
      case 'user':
        return `Your access was checked too many times in a short while. Try again in ${retryAfterSec} s.`;
      case 'code':
        return `This access code was checked too many times in a short while. Try again in ${retryAfterSec} s.`;
      case 'failures':
        return `Too many wrong access codes. Wait ${retryAfterSec} s and check your code on your Ministerio IA dashboard.`;
    }
  }
  switch (kind) {
    case 'key':
    case 'client':
      return `Demasiadas verificaciones en este momento. Vuelve a intentarlo en ${retryAfterSec} s.`;
    case 'user':
      return `Tu acceso se ha verificado demasiadas veces en poco tiempo. Vuelve a intentarlo en ${retryAfterSec} s.`;
    case 'code':
      return `Este código de acceso se ha verificado demasiadas veces en poco tiempo. Vuelve a intentarlo en ${retryAfterSec} s.`;
    case 'failures':
      return `Demasiados códigos de acceso incorrectos. Espera ${retryAfterSec} s y revisa tu código en tu panel de Ministerio IA.`;
  }
}

/**
 * The 401 a GPT or assistant relays when its user access token is refused (expired, revoked,
 * for another resource): the person connects the tool again.
 */
export function invalidTokenMessage(lang: Lang = 'es'): string {
  return lang === 'en'
    ? 'Your sign-in with Ministerio IA is no longer valid. Connect the tool again.'
    : 'Tu inicio de sesión con Ministerio IA ya no es válido. Vuelve a conectar la herramienta.';
}
