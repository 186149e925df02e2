import {
  Agent,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';

// Headers that describe one connection, not the message (RFC 9110 §7.6.1): each hop sets its
// own, so neither the client's nor the upstream's may pass through. `keep-alive` from a service
// would announce its idle timeout, not the gateway's.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
]);

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const listed = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...listed]) {
    if (name in headers) delete headers[name];
  }
  return headers;
}

export interface Upstream {
  readonly host: string;
  readonly port: number;
  /** Reused connections: they double what the gateway passes through (ENVIRONMENT.md). */
  readonly agent: Agent;
}

export function upstreamOf(target: string): Upstream {
  const url = new URL(target);
  return {
    host: url.hostname,
    port: Number(url.port || 80),
    agent: new Agent({ keepAlive: true, scheduling: 'lifo', maxFreeSockets: 64 }),
  };
}

export type ForwardFailure = 'unavailable' | 'timeout';

export interface ForwardOptions {
  /** The path sent upstream (default: the request's own, unchanged). */
  path?: string;
  /** Host header sent upstream (default: the browser's own). */
  host?: string;
  /** How long the upstream may take to start answering. */
  timeoutMs: number;
  /** Called once when no answer can be relayed; the response is still untouched when `headersSent` is false. */
  onFailure(failure: ForwardFailure, error: Error): void;
}

/**
 * Streams one request to an upstream and its answer back, bytes untouched (webhook signatures
 * are computed over the raw body). A bare node:http forwarder: on the read path the gateway is
 * the first throughput ceiling, and a generic proxy library's per-request events and options
 * cost a third of what a plain forwarder passes (bench/results/platform.md).
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: Upstream,
  options: ForwardOptions,
): void {
  const headers = withoutHopByHop({ ...req.headers });
  if (options.host) headers.host = options.host;
  let settled = false;
  const fail = (failure: ForwardFailure, error: Error) => {
    if (settled) return;
    settled = true;
    // After a timeout, or while the body is still arriving (nothing will read the rest now),
    // the failure answer ends the connection: a slow client must not keep its socket.
    if (!res.headersSent && (failure === 'timeout' || !req.complete))
      res.setHeader('connection', 'close');
    options.onFailure(failure, error);
  };

  const outgoing = request(
    {
      host: upstream.host,
      port: upstream.port,
      method: req.method,
      path: options.path ?? req.url,
      headers,
      agent: upstream.agent,
    },
    (answer) => {
      clearTimeout(timer);
      settled = true;
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(res);
      answer.once('error', () => res.destroy());
    },
  );
  // A total deadline for the answer to start; a socket idle timeout would not cover connecting.
  const timer = setTimeout(() => {
    fail('timeout', new Error(`upstream did not answer within ${options.timeoutMs} ms`));
    outgoing.destroy();
  }, options.timeoutMs);
  outgoing.once('error', (error) => {
    clearTimeout(timer);
    fail('unavailable', error);
  });
  // The browser went away (a closed tab, a client timeout): free the upstream socket at once.
  res.once('close', () => {
    clearTimeout(timer);
    if (res.writableFinished) return;
    settled = true; // nobody is left to tell
    outgoing.destroy();
  });
  req.pipe(outgoing);
}
