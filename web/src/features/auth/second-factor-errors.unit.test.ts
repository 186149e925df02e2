import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';
import { ApiError } from '@/lib/api-client';
import { looksLikeSecondFactorCode, secondFactorErrorText } from './second-factor-errors';

const refusal = (code: string, message = 'English text from identity') =>
  new ApiError(401, JSON.stringify({ message, code }), 'Unauthorized');

describe('second-factor refusals', () => {
  it("are shown in the visitor's language by their code", () => {
    expect(secondFactorErrorText(refusal('code_already_used'), es)).toBe(
      es.twoFactor.errors.code_already_used,
    );
    expect(secondFactorErrorText(refusal('invalid_code'), en)).toBe(
      en.twoFactor.errors.invalid_code,
    );
  });

  it("show the server's message for a code the catalogue does not know", () => {
    expect(secondFactorErrorText(refusal('something_else', 'Busy'), es)).toBe('Busy');
  });
});

describe('a second-factor code', () => {
  it('is six digits or a recovery code, spaces aside', () => {
    expect(looksLikeSecondFactorCode('123 456')).toBe(true);
    expect(looksLikeSecondFactorCode('abcde-fghjk')).toBe(true);
    expect(looksLikeSecondFactorCode('ABCDEFGHJK')).toBe(true);
    expect(looksLikeSecondFactorCode('12345')).toBe(false);
    expect(looksLikeSecondFactorCode('')).toBe(false);
  });
});
