import { Agent, request, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { sendJson } from './responses.js';
import {
  confirmRefusal,
  sameOrigin,
  sandboxRouteOf,
  type SandboxRoute,
} from './sandbox-proxy-rules.js';

/** Where the browser reaches the Stripe sandbox, the way it reaches Stripe.js's API in production. */
export const SANDBOX_PATH = '/sandbox/stripe';

// A confirm's form is a few hundred bytes, a clock move a few dozen: anything larger is not one.
const MAX_BODY_BYTES = 8 * 1024;

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const stripeError = (res: Response, status: number, message: string, param?: string) =>
  sendJson(res, status, {
    error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
  });

const mediaType = (req: IncomingMessage) =>
  (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The request that goes to the sandbox, built from what the route needs rather than copied: no
 * cookies (the session stays with the site), no Origin (checked here), and the secret key only
 * where the route takes one.
 */
function upstreamHeaders(req: IncomingMessage, route: SandboxRoute, body: Buffer, host: string) {
  const headers: OutgoingHttpHeaders = {
    host,
    accept: 'application/json',
    'content-length': body.length,
  };
  if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
  if (route.kind === 'clock' && req.headers.authorization)
    headers.authorization = req.headers.authorization;
  return headers;
}

/**
 * `/sandbox/stripe/*` in sandbox mode (development and tests without Stripe keys). Only the
 * browser's card confirmation and the clock control pass (see sandbox-proxy-rules.ts), from
 * this site's own pages or from programs; the rest is 404. The sandbox checks the keys and the
 * whole client secret itself.
 */
export function createSandboxProxy(
  target: string,
  timeoutMs = 30_000,
): { handler: RequestHandler; close(): void } {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 8 });

  const relay = (req: IncomingMessage, res: Response, route: SandboxRoute, body: Buffer) => {
    // Express strips the mount path; the sandbox answers under the full one. No query string:
    // every parameter is in the checked body.
    const path =
      route.kind === 'clock'
        ? `${SANDBOX_PATH}/_clock/advance`
        : `${SANDBOX_PATH}/v1/${route.collection}/${route.id}/confirm`;
    const outgoing = request(
      {
        host: upstream.hostname,
        port: Number(upstream.port || 80),
        method: 'POST',
        path,
        headers: upstreamHeaders(req, route, body, upstream.host),
        agent,
        timeout: timeoutMs,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          'content-type': answer.headers['content-type'] ?? 'application/json',
          'cache-control': 'no-store',
        });
        answer.pipe(res);
        answer.once('error', () => res.destroy());
      },
    );
    outgoing.once('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.once('error', () => {
      if (res.headersSent || res.destroyed) res.destroy();
      else sendJson(res, 502, { message: 'Sandbox unavailable', code: 'upstream_unavailable' });
    });
    outgoing.end(body);
  };

  const handler: RequestHandler = (req, res) => {
    const pathname = new URL(req.url, 'http://gateway.local').pathname;
    const route = sandboxRouteOf(req.method, pathname);
    if (!route) {
      req.resume();
      sendJson(res, 404, { message: 'Not found', code: 'not_found' });
      return;
    }
    if (!sameOrigin(req.headers.origin, req.headers.host)) {
      req.resume();
      sendJson(res, 403, { message: 'Cross-origin request refused', code: 'cross_origin' });
      return;
    }
    const expected =
      route.kind === 'clock' ? 'application/json' : 'application/x-www-form-urlencoded';
    if (mediaType(req) !== expected) {
      req.resume();
      stripeError(res, 415, `The body must be ${expected}.`);
      return;
    }
    if (route.kind === 'clock' && !req.headers.authorization) {
      req.resume();
      stripeError(
        res,
        401,
        "Moving the sandbox's clock needs its secret key: 'Authorization: Bearer <key>'.",
      );
      return;
    }
    readBody(req).then(
      (body) => {
        if (route.kind === 'confirm') {
          const refused = confirmRefusal(route.id, new URLSearchParams(body.toString('utf8')));
          if (refused) {
            stripeError(res, refused.status, refused.message, refused.param);
            return;
          }
        }
        relay(req, res, route, body);
      },
      (error: unknown) => {
        if (error instanceof BodyTooLarge) {
          res.setHeader('connection', 'close');
          stripeError(res, 413, 'Request body too large.');
        } else res.destroy();
      },
    );
  };
  return { handler, close: () => agent.destroy() };
}
