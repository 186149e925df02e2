import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  PASSWORD_IS_IDENTITY_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  commonPasswordCount,
  isCommonPassword,
  passwordProblem,
} from './policy.js';

describe('password policy', () => {
  it('ships a list of common passwords, English and Spanish', () => {
    expect(commonPasswordCount).toBeGreaterThan(9_000);
    for (const p of ['123456', 'password', 'qwerty123', 'iloveyou', 'contraseña', 'jesucristo']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('refuses a common password whatever its case, with a clear message', () => {
    expect(passwordProblem('PassWord')).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordProblem('Aleluya123')).toBe(COMMON_PASSWORD_MESSAGE);
    expect(COMMON_PASSWORD_MESSAGE).toMatch(/too common/);
  });

  it('accepts an uncommon password of the minimum length', () => {
    expect(passwordProblem('k7#Qm2')).toBeNull();
    expect(passwordProblem('salmo 23 es mi favorito, dijo Ana')).toBeNull();
  });

  it('refuses more than 72 bytes (bcrypt would drop the rest), counting bytes not characters', () => {
    expect(passwordProblem('x'.repeat(72))).toBeNull();
    expect(passwordProblem('x'.repeat(73))).toBe(PASSWORD_TOO_LONG_MESSAGE);
    // 36 two-byte characters = 72 bytes: fine; one more character is 74 bytes.
    expect(passwordProblem('ñ'.repeat(36))).toBeNull();
    expect(passwordProblem('ñ'.repeat(37))).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });

  it('refuses the account e-mail, its local part or the username as password', () => {
    const owner = { email: 'pastor.juan@iglesia.org', username: 'juanito77' };
    expect(passwordProblem('Pastor.Juan@iglesia.org', owner)).toBe(PASSWORD_IS_IDENTITY_MESSAGE);
    expect(passwordProblem('pastor.juan', owner)).toBe(PASSWORD_IS_IDENTITY_MESSAGE);
    expect(passwordProblem('JUANITO77', owner)).toBe(PASSWORD_IS_IDENTITY_MESSAGE);
    expect(passwordProblem('juanito77 y sus ovejas', owner)).toBeNull();
  });
});
