import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { HttpError } from '@mia/service-kit';

const digest = (value: string) => createHash('sha256').update(value).digest();

export interface GptKeys {
  /**
   * The matching key's id (a short fingerprint: rate-limit buckets and logs never hold the key),
   * or null. Every configured key is compared in constant time.
   */
  match(presented: string | undefined): string | null;
  /** The first configured key: what the development stand-in page calls the API with. */
  readonly primary: string;
}

export function createGptKeys(keys: readonly string[]): GptKeys {
  const [primary] = keys;
  if (primary === undefined) throw new Error('GPT_API_KEYS needs at least one key');
  const known = keys.map((key) => ({
    digest: digest(key),
    id: digest(key).toString('hex').slice(0, 12),
  }));
  return {
    primary,
    match(presented) {
      if (!presented) return null;
      const candidate = digest(presented);
      let id: string | null = null;
      for (const key of known) if (timingSafeEqual(candidate, key.digest)) id = key.id;
      return id;
    },
  };
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The calling GPT's key id, or 401 with the bearer challenge. */
export function requireGptKey(keys: GptKeys, req: Request): string {
  const presented = BEARER.exec(req.headers.authorization ?? '')?.[1];
  const id = keys.match(presented);
  if (id) return id;
  throw new HttpError(
    401,
    'Falta la clave de la API o no es válida (Authorization: Bearer <clave>).',
    'invalid_api_key',
    undefined,
    { 'www-authenticate': 'Bearer realm="mia-gpt"' },
  );
}
