import { paths } from '@/config/paths';

// An arbitrary base: only used to see where a relative path would lead.
const BASE = 'https://same-origin.invalid';

/**
 * The page a sign-in returns to (`/auth?next=…`), or null when `raw` is not a path of this site.
 * Only a relative path starting with one `/` passes: `//evil.example` and `/\evil.example` (which
 * browsers read as another host), absolute URLs, control characters (the URL parser drops tabs
 * and newlines, so `/\t/evil.example` would become `//evil.example`) and the sign-in page itself
 * (it would loop) are refused, so the link cannot send someone off-site after they sign in.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === paths.auth || url.pathname === paths.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, coming back to `next` afterwards. */
export const signInPath = (next: string): string =>
  `${paths.auth}?next=${encodeURIComponent(next)}`;
