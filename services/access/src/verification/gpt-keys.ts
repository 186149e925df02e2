import { createHash, timingSafeEqual } from 'node:crypto';
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

/**
 * The 401 for a call without a valid API key (today's answer; `challenge` lets the MCP server
 * point OAuth clients at its metadata as well).
 */
export const invalidApiKeyError = (challenge = 'Bearer realm="mia-gpt"') =>
  new HttpError(
    401,
    'Falta la clave de la API o no es válida (Authorization: Bearer <clave>).',
    'invalid_api_key',
    undefined,
    { 'www-authenticate': challenge },
  );
