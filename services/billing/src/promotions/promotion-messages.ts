import type { RefusalReason } from './promotion-decider.js';

export type Lang = 'es' | 'en';

/** `en` when the caller prefers English over Spanish (Accept-Language), else Spanish. */
export function langOf(acceptLanguage: string | undefined): Lang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'es';
}

const messages: Record<Lang, Record<RefusalReason, string>> = {
  es: {
    unknown: 'Ese código de descuento no existe. Revisa que esté bien escrito.',
    inactive: 'Ese código de descuento ya no está disponible.',
    expired: 'Ese código de descuento ha caducado.',
    exhausted: 'Ese código de descuento ya se ha usado el máximo de veces.',
    inapplicable: 'Ese código de descuento no se aplica a esta compra.',
    first_purchase_only: 'Ese código de descuento solo es válido en tu primera compra.',
    below_minimum:
      'Con ese código el total quedaría por debajo de 0,50 USD, el mínimo que podemos cobrar.',
  },
  en: {
    unknown: 'That discount code does not exist. Check that it is spelled right.',
    inactive: 'That discount code is no longer available.',
    expired: 'That discount code has expired.',
    exhausted: 'That discount code has been used the maximum number of times.',
    inapplicable: 'That discount code does not apply to this purchase.',
    first_purchase_only: 'That discount code is only valid on your first purchase.',
    below_minimum:
      'With that code the total would be below 0.50 USD, the smallest amount we can charge.',
  },
};

export const refusalMessage = (reason: RefusalReason, lang: Lang): string => messages[lang][reason];
