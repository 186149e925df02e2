/** Spec section 9: a bare hash longer than this many characters is taken as a reset token. */
export const BARE_HASH_TOKEN_MIN = 21;

/**
 * Finds a password-reset token in the address: `?token=…`, `#reset=…`, or a bare hash longer than
 * 20 characters (mail clients sometimes keep only the fragment). Returns null when there is none.
 */
export function readResetToken(search: string, hash: string): string | null {
  const fromQuery = new URLSearchParams(search).get('token');
  if (fromQuery) return fromQuery;
  const fragment = hash.replace(/^#/, '');
  if (!fragment) return null;
  if (fragment.startsWith('reset=')) return new URLSearchParams(fragment).get('reset') || null;
  return fragment.length >= BARE_HASH_TOKEN_MIN ? decodeURIComponent(fragment) : null;
}

/** The search string without the token, so it does not linger in the address bar or history. */
export function searchWithoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
