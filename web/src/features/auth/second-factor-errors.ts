import type { Messages } from '@/i18n/es';
import { ApiError, errorText } from '@/lib/api-client';

type Codes = keyof Messages['twoFactor']['errors'];

/**
 * A refusal of the second-factor routes in the visitor's language: identity answers in English
 * with a stable `code`, which the catalogue translates; anything else is shown as it came.
 */
export function secondFactorErrorText(error: unknown, t: Messages): string {
  if (error instanceof ApiError) {
    try {
      const { code } = JSON.parse(error.body) as { code?: string };
      if (code && code in t.twoFactor.errors) return t.twoFactor.errors[code as Codes];
    } catch {
      // Not the shared error body: the generic text below.
    }
  }
  return errorText(error);
}

/** A TOTP code (six digits) or a recovery code (`xxxxx-xxxxx`), as the contract accepts them. */
export const looksLikeSecondFactorCode = (value: string): boolean =>
  /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/.test(value.replace(/\s/g, ''));
