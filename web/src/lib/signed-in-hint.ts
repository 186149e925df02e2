// Apart from session.ts so the landing page can read it without the query cache (session.ts's
// hooks) in its first download.

/**
 * Identity sets this readable, non-secret cookie with the session cookie (which scripts cannot
 * see) and clears it with it. Without it there is no session to ask about, so an anonymous
 * visit makes no request whose only possible answer is a 401 (logged as a console error).
 */
export const SIGNED_IN_HINT_COOKIE = 'mia_signed_in';

export const hasSignedInHint = (): boolean =>
  typeof document !== 'undefined' &&
  document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/** Forgets a hint the server no longer backs (it clears it too, as it answers 401). */
export const clearSignedInHint = () => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
};
