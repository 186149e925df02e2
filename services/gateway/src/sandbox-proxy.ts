import type { RequestHandler } from 'express';
import { forward } from './forward.js';
import { sendJson } from './responses.js';
import { createUpstreamPool } from './upstream-pool.js';

/** Where the browser reaches the Stripe sandbox, the way it reaches Stripe.js's API in production. */
export const SANDBOX_PATH = '/sandbox/stripe';

/**
 * Forwards `/sandbox/stripe/*` to the local Stripe sandbox (development and tests without
 * Stripe keys), so the checkout's sandbox card form posts to the same origin exactly as
 * Stripe.js posts to api.stripe.com. The sandbox accepts the prefix itself.
 */
export function createSandboxProxy(
  target: string,
  timeoutMs = 30_000,
): { handler: RequestHandler; close(): void } {
  // One address, never probed: the sandbox is a development stand-in, not a replicated service.
  const upstream = createUpstreamPool([target], { probeIntervalMs: 0, probeTimeoutMs: timeoutMs });
  const host = new URL(target).host;
  const handler: RequestHandler = (req, res) => {
    forward(req, res, upstream, {
      // Express strips the mount path; the sandbox expects the full one.
      path: `${SANDBOX_PATH}${req.url}`,
      host,
      timeoutMs,
      onFailure: () => {
        if (res.headersSent || res.destroyed) res.destroy();
        else sendJson(res, 502, { message: 'Sandbox unavailable', code: 'upstream_unavailable' });
      },
    });
  };
  return { handler, close: () => upstream.close() };
}
