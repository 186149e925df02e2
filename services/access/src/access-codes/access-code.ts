import { randomInt } from 'node:crypto';

/**
 * Characters that cannot be mistaken for one another when read aloud or typed from a screen:
 * no 0/O, 1/I/L, nor U (V). 30 symbols, 12 of them: 30^12 ≈ 2^58.9 codes.
 */
export const ACCESS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const BODY_LENGTH = GROUPS * GROUP_LENGTH;
const PREFIX = 'MIA';

/** Bits of randomness in one code (at least 50 are required). */
export const ACCESS_CODE_BITS = BODY_LENGTH * Math.log2(ACCESS_CODE_ALPHABET.length);

/** A fresh code, `MIA-XXXX-XXXX-XXXX`, from a cryptographic source. */
export function generateAccessCode(pick: (max: number) => number = randomInt): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++)
    body += ACCESS_CODE_ALPHABET[pick(ACCESS_CODE_ALPHABET.length)];
  return formatBody(body);
}

const formatBody = (body: string) =>
  [
    PREFIX,
    ...Array.from({ length: GROUPS }, (_, i) =>
      body.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH),
    ),
  ].join('-');

/**
 * The canonical form of what a person typed (any case, with or without dashes, spaces or the
 * `MIA` prefix), or null when it cannot be a code: lookups then skip the database.
 */
export function normalizeAccessCode(input: string): string | null {
  let body = input.toUpperCase().replace(/[\s\-_.]/g, '');
  if (body.length === BODY_LENGTH + PREFIX.length && body.startsWith(PREFIX)) {
    body = body.slice(PREFIX.length);
  }
  if (body.length !== BODY_LENGTH) return null;
  for (const ch of body) if (!ACCESS_CODE_ALPHABET.includes(ch)) return null;
  return formatBody(body);
}
