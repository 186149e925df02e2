/**
 * Redirect URIs a client may register (RFC 7591 dynamic clients and the configured ones alike):
 * https anywhere, or plain http only on the loopback interface, where a native client (desktop
 * assistant) listens for the code (RFC 8252 §7.3). No fragment (RFC 6749 §3.1.2). They are
 * compared exactly when used: oidc-provider matches the registered string byte for byte.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function redirectUriProblem(uri: string): string | undefined {
  if (!URL.canParse(uri)) return 'must be an absolute URL';
  const url = new URL(uri);
  if (url.hash || uri.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return 'must use https (or http on a loopback address for native apps)';
}
