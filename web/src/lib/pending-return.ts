import { safeNextPath } from './next-path';

// An invitation's or a gift's page may send someone off to register and confirm their address:
// the confirmation link opens /verify-email, possibly in another tab, so the page to come back to
// is kept in localStorage (a session's storage would not reach that tab) for a week at most.

const KEY = 'mia_pending_return';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function rememberReturn(path: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the link in the mail still leads back.
  }
}

/** The page to come back to, if one was kept recently and is a page of this site. */
export function pendingReturn(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || Date.now() - at > MAX_AGE_MS) {
      return null;
    }
    return safeNextPath(path);
  } catch {
    return null;
  }
}

export function forgetReturn(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
