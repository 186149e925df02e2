import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER_CORRELATION_ID, HEADER_REQUEST_ID, sanitizeId } from '@mia/service-kit';

export interface ForwardingOptions {
  /** Whether the peer is a proxy trusted to tell the client address and scheme (`TRUST_PROXY`). */
  readonly trustsPeer: (req: IncomingMessage) => boolean;
  /** The client address as Express computes it with its `trust proxy` setting. */
  readonly clientIp: (req: IncomingMessage) => string | undefined;
}

export interface ForwardedIds {
  requestId: string;
  correlationId: string;
}

// Headers services believe because "only the gateway can set them": a client must never supply them.
const isInternal = (name: string): boolean =>
  name.startsWith('x-internal-') || name.startsWith('x-user-');
const isForwarding = (name: string): boolean =>
  name.startsWith('x-forwarded-') || name === 'x-real-ip' || name === 'forwarded';

/**
 * Rewrites the incoming headers in place into what the upstream service may believe:
 * internal headers removed, request and correlation ids present and well-formed, and the
 * client address taken from the socket (or from a trusted proxy's headers).
 */
export function prepareForwarding(
  req: IncomingMessage,
  res: ServerResponse,
  options: ForwardingOptions,
): ForwardedIds {
  const headers = req.headers;
  const trusted = options.trustsPeer(req);
  const clientForwardedFor = trusted ? headers['x-forwarded-for'] : undefined;
  const clientProto = trusted ? headers['x-forwarded-proto'] : undefined;
  const clientHost = trusted ? headers['x-forwarded-host'] : undefined;
  // Read before the headers it is computed from are removed below.
  const trustedClientIp = trusted ? options.clientIp(req) : undefined;

  for (const name of Object.keys(headers)) {
    if (isInternal(name) || isForwarding(name)) delete headers[name];
  }

  const requestId = sanitizeId(headers[HEADER_REQUEST_ID]) ?? randomUUID();
  const correlationId = sanitizeId(headers[HEADER_CORRELATION_ID]) ?? requestId;
  headers[HEADER_REQUEST_ID] = requestId;
  headers[HEADER_CORRELATION_ID] = correlationId;
  res.setHeader(HEADER_REQUEST_ID, requestId);

  const peer = req.socket.remoteAddress ?? '';
  const forwardedFor = typeof clientForwardedFor === 'string' ? clientForwardedFor : undefined;
  headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${peer}` : peer;
  headers['x-real-ip'] = trustedClientIp ?? peer;
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  headers['x-forwarded-proto'] =
    typeof clientProto === 'string' ? clientProto : encrypted ? 'https' : 'http';
  const host = typeof clientHost === 'string' ? clientHost : headers.host;
  if (host) headers['x-forwarded-host'] = host;

  return { requestId, correlationId };
}
