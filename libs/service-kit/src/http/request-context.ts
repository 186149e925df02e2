import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import {
  HEADER_CORRELATION_ID,
  HEADER_REQUEST_ID,
  runWithContext,
  sanitizeId,
  type RequestContext,
} from '../context.js';

/**
 * Takes the request and correlation ids a caller (the gateway, another service) sent, or makes
 * new ones, echoes the request id, and runs the rest of the request inside that context so
 * logs and published events carry them.
 */
export const requestContext: RequestHandler = (req, res, next) => {
  const requestId = sanitizeId(req.headers[HEADER_REQUEST_ID]) ?? randomUUID();
  const correlationId = sanitizeId(req.headers[HEADER_CORRELATION_ID]) ?? requestId;
  const ctx: RequestContext = { requestId, correlationId, causationId: null };
  res.setHeader(HEADER_REQUEST_ID, requestId);
  runWithContext(ctx, next);
};

/** Headers to pass the current ids on to a downstream HTTP call. */
export function contextHeaders(ctx: RequestContext): Record<string, string> {
  return { [HEADER_REQUEST_ID]: ctx.requestId, [HEADER_CORRELATION_ID]: ctx.correlationId };
}
