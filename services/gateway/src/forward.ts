import {
  Agent,
  request,
  type ClientRequest,
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

/** Where a request can go: the replicas of one service (see upstream-pool.ts). */
export interface ForwardTarget<M extends Upstream & { inFlight: number }> {
  pick(avoid?: M): M;
  markFailing(member: M, problem: string): void;
}

// The connection failed before the request could have been processed: nothing was answered, so
// an idempotent request may go again (to another replica when there is one).
const RETRY_ON = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
// Errors that say the member itself is unreachable (not that this one request went wrong).
const UNREACHABLE = new Set([...RETRY_ON, 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Largest POST body kept in memory to be sent again; larger ones stream and are not retried. */
export const MAX_RETRY_BODY_BYTES = 256 * 1024;

/**
 * Whether a request may be sent a second time: GET and HEAD without a body, and POSTs with an
 * `Idempotency-Key` whose declared body is small (the service deduplicates by that key or by
 * what the request names; the gateway only resends what it was given). Chunked bodies stream.
 */
function retryability(req: IncomingMessage): 'empty' | 'buffer' | 'no' {
  const { method, headers } = req;
  const length = headers['content-length'];
  if (method === 'GET' || method === 'HEAD') {
    return headers['transfer-encoding'] === undefined && (length === undefined || length === '0')
      ? 'empty'
      : 'no';
  }
  if (method === 'POST' && headers['idempotency-key'] !== undefined && length !== undefined) {
    return headers['transfer-encoding'] === undefined && Number(length) <= MAX_RETRY_BODY_BYTES
      ? 'buffer'
      : 'no';
  }
  return 'no';
}

const EMPTY = Buffer.alloc(0);

/**
 * Streams one request to a member of `target` and its answer back, bytes untouched (webhook
 * signatures are computed over the raw body). A bare node:http forwarder: on the read path the
 * gateway is the first throughput ceiling, and a generic proxy library's per-request events and
 * options cost a third of what a plain forwarder passes (bench/results/platform.md).
 *
 * A connection refused or reset before any answer arrived sends an idempotent request (see
 * retryability) once more, to another member when there is one: a replica that is restarting
 * or just crashed costs no failed request. Everything else fails as before (502/504).
 */
export function forward<M extends Upstream & { inFlight: number }>(
  req: IncomingMessage,
  res: ServerResponse,
  target: ForwardTarget<M>,
  options: ForwardOptions,
): void {
  const headers = withoutHopByHop({ ...req.headers });
  if (options.host) headers.host = options.host;
  const path = options.path ?? req.url;
  const retry = retryability(req);
  let settled = false;
  let retried = false;
  let outgoing: ClientRequest | undefined;
  let releaseCurrent: (() => void) | undefined;

  const fail = (failure: ForwardFailure, error: Error) => {
    if (settled) return;
    settled = true;
    // After a timeout, or while the body is still arriving (nothing will read the rest now),
    // the failure answer ends the connection: a slow client must not keep its socket.
    if (!res.headersSent && (failure === 'timeout' || !req.complete))
      res.setHeader('connection', 'close');
    options.onFailure(failure, error);
  };

  /** One attempt; `body` null streams the request itself (then there is no second attempt). */
  const send = (body: Buffer | null, avoid?: M) => {
    const member = target.pick(avoid);
    member.inFlight += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      member.inFlight -= 1;
    };
    releaseCurrent = release;
    let answered = false;
    const attempt = request(
      {
        host: member.host,
        port: member.port,
        method: req.method,
        path,
        headers,
        agent: member.agent,
      },
      (answer) => {
        answered = true;
        clearTimeout(timer);
        if (settled) {
          answer.resume();
          return;
        }
        settled = true;
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(res);
        answer.once('error', () => res.destroy());
      },
    );
    outgoing = attempt;
    attempt.once('error', (error: Error & { code?: string }) => {
      release();
      if (answered || settled) return;
      const code = error.code ?? '';
      if (UNREACHABLE.has(code)) target.markFailing(member, code);
      if (body !== null && !retried && RETRY_ON.has(code) && !res.destroyed) {
        retried = true;
        send(body, member);
        return;
      }
      clearTimeout(timer);
      fail('unavailable', error);
    });
    if (body === null) req.pipe(attempt);
    else if (body.length === 0) attempt.end();
    else attempt.end(body);
  };

  // A total deadline for the answer to start (over both attempts); a socket idle timeout would
  // not cover connecting.
  const timer = setTimeout(() => {
    fail('timeout', new Error(`upstream did not answer within ${options.timeoutMs} ms`));
    outgoing?.destroy();
  }, options.timeoutMs);
  // The browser went away (a closed tab, a client timeout): free the upstream socket at once.
  res.once('close', () => {
    clearTimeout(timer);
    releaseCurrent?.();
    if (res.writableFinished) return;
    settled = true; // nobody is left to tell
    outgoing?.destroy();
  });

  if (retry === 'no') {
    send(null);
  } else if (retry === 'empty') {
    req.resume();
    send(EMPTY);
  } else {
    // Kept to be sent again; the declared length bounds it (Node's parser delivers no more).
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      if (!settled) send(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
  }
}
