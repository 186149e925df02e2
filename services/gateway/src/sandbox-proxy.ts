import { Agent } from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { sendJson } from './responses.js';

/** Where the browser reaches the Stripe sandbox, the way it reaches Stripe.js's API in production. */
export const SANDBOX_PATH = '/sandbox/stripe';

/**
 * Forwards `/sandbox/stripe/*` to the local Stripe sandbox (development and tests without
 * Stripe keys), so the checkout's sandbox card form posts to the same origin exactly as
 * Stripe.js posts to api.stripe.com. The sandbox accepts the prefix itself.
 */
export function createSandboxProxy(target: string): { handler: RequestHandler; close(): void } {
  const agent = new Agent({ keepAlive: true });
  const proxy = createProxyMiddleware({
    target,
    agent,
    changeOrigin: true,
    xfwd: false,
    // Express strips the mount path; the sandbox expects the full one.
    pathRewrite: (path) => `${SANDBOX_PATH}${path}`,
    on: {
      error: (_err, _req, res) => {
        if ('writeHead' in res && !res.headersSent) {
          sendJson(res, 502, { message: 'Sandbox unavailable', code: 'upstream_unavailable' });
        }
      },
    },
  }) as unknown as RequestHandler;
  return { handler: proxy, close: () => agent.destroy() };
}
