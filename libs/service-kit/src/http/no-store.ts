import type { Response } from 'express';

/**
 * What a signed-in route answers is one person's (a dashboard with the plaintext código MIA, a
 * billing history, tickets): no browser, proxy or CDN may keep it for the next user of the
 * machine or the cache. The kit sets it on every `user`/`admin` route (route(), requireUser,
 * requireAdmin), so no route can forget it.
 */
export function noStore(res: Response): void {
  res.set('cache-control', 'no-store');
}
