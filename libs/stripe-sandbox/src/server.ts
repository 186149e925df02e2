import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerKey, originAllowed, sameKey } from './access.js';
import type { ControlAnswer } from './control.js';
import { API_VERSION, type Core } from './core.js';
import { authenticationError, invalidRequest, StripeApiError } from './errors.js';
import { decodeForm, FormDecodeError, type FormObject } from './form.js';
import { fingerprint, IdempotencyStore, isReplayable, type StoredResponse } from './idempotency.js';
import { newId } from './ids.js';
import { expandParam } from './params.js';
import { compileRoutes, type Route, type RouteContext } from './router.js';

const MAX_BODY_BYTES = 1024 * 1024;

export interface RequestHandlerDeps {
  core: Core;
  routes: Route[];
  control: (
    method: string,
    pathname: string,
    body: unknown,
    query: URLSearchParams,
  ) => Promise<ControlAnswer | null>;
  /** Also answered under this prefix (`/sandbox/stripe/v1/...`), as the gateway forwards it. */
  pathPrefix: string;
  /** Origins whose pages may call the sandbox directly (see access.ts). */
  allowedOrigins: readonly string[];
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'stripe-version': API_VERSION,
    'cache-control': 'no-cache, no-store',
    ...headers,
  });
  res.end(text);
}

function errorAnswer(error: unknown, core: Core): StoredResponse {
  if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
  if (error instanceof FormDecodeError) {
    return { status: 400, body: { error: invalidRequest(error.message, error.param).body } };
  }
  core.log('error', 'sandbox request failed', {
    error: error instanceof Error ? error.stack : String(error),
  });
  return {
    status: 500,
    body: {
      error: { type: 'api_error', message: 'An unexpected error occurred in the Stripe sandbox.' },
    },
  };
}

/** The API key of a request: `Authorization: Bearer <key>` (or Basic, key as user), or `key=` from Stripe.js. */
function apiKeyOf(req: IncomingMessage, params: FormObject): string | null {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  if (bearer) return bearer[1]!.trim();
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] ?? null;
  return typeof params.key === 'string' ? params.key : null;
}

const redact = (key: string) =>
  key.length > 8
    ? `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}`
    : key;

function authorize(
  core: Core,
  route: Route,
  path: Record<string, string>,
  key: string | null,
  params: FormObject,
): RouteContext['auth'] {
  if (key === null) {
    throw authenticationError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (sameKey(key, core.options.secretKey)) return 'secret';
  if (key !== core.options.publishableKey)
    throw authenticationError(`Invalid API Key provided: ${redact(key)}`);
  if (!route.clientSecret) {
    throw authenticationError(
      'This API call cannot be made with a publishable API key. Please use a secret API key.',
    );
  }
  const expected = route.clientSecret(core, path);
  // An unknown object falls through to the handler, which answers resource_missing.
  const given = typeof params.client_secret === 'string' ? params.client_secret : '';
  if (expected && !sameKey(given, expected)) {
    throw invalidRequest(
      'The client_secret provided does not match any associated object.',
      'client_secret',
    );
  }
  return 'publishable';
}

/**
 * Why a control request is refused, or null. Everything but `/_health` moves the clock, closes
 * disputes, reads the webhook log (customers' data) or redirects webhooks: the secret key as a
 * bearer, as Stripe's own API wants it. A body must say it is JSON, which a plain form or a
 * `text/plain` post (what a page may send without asking) cannot.
 */
function controlRefusal(
  req: IncomingMessage,
  pathname: string,
  secretKey: string,
): { status: number; message: string } | null {
  if (req.method === 'GET' && pathname === '/_health') return null;
  const key = bearerKey(req);
  if (key === null) {
    return {
      status: 401,
      message:
        "Sandbox control endpoints need the sandbox's secret key: 'Authorization: Bearer <key>' (npm start writes it to .data/stripe-sandbox/secret-key).",
    };
  }
  if (!sameKey(key, secretKey)) return { status: 401, message: 'Invalid API Key provided.' };
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const hasBody =
    req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
  if ((hasBody || req.headers['transfer-encoding']) && type !== 'application/json') {
    return { status: 415, message: 'The body must be JSON (content-type: application/json).' };
  }
  return null;
}

/**
 * The HTTP side: Stripe's form-encoded `/v1` API with its auth, idempotency keys, errors and
 * headers, plus the sandbox's JSON control endpoints under `/_`.
 */
export function createRequestHandler(deps: RequestHandlerDeps) {
  const { core } = deps;
  const match = compileRoutes(deps.routes);
  const idempotency = new IdempotencyStore();

  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    pathname: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const requestId = newId('req');
    const headers: Record<string, string> = { 'request-id': requestId };
    let answer: StoredResponse;
    try {
      const raw = method === 'POST' ? await readBody(req) : '';
      const params: FormObject = { ...decodeForm(url.searchParams), ...decodeForm(raw) };
      const found = match(method, pathname);
      if (found.kind === 'not_found') {
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${pathname}). The Stripe sandbox answers only the part of Stripe's API this product uses.`,
        });
      }
      const auth = authorize(core, found.route, found.path, apiKeyOf(req, params), params);
      const apiKey = apiKeyOf(req, params)!;
      const key =
        method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      const print = key ? fingerprint(method, pathname, params) : '';
      const stored = key ? idempotency.lookup(apiKey, key, print) : null;
      if (key) headers['idempotency-key'] = key;
      if (stored) {
        send(res, stored.status, stored.body, { ...headers, 'idempotent-replayed': 'true' });
        return;
      }
      const expand = expandParam(params);
      core.request = { id: requestId, idempotency_key: key ?? null };
      try {
        const body = found.route.handle({ core, params, path: found.path, auth, expand });
        answer = { status: 200, body };
      } catch (error) {
        answer = errorAnswer(error, core);
      } finally {
        core.request = null;
      }
      if (key && isReplayable(answer.status)) idempotency.save(apiKey, key, print, answer);
    } catch (error) {
      answer =
        error instanceof BodyTooLarge
          ? { status: 413, body: { error: invalidRequest('Request body too large.').body } }
          : errorAnswer(error, core);
    }
    send(res, answer.status, answer.body, headers);
  }

  async function handleControl(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    pathname: string,
  ): Promise<void> {
    const refused = controlRefusal(req, pathname, core.options.secretKey);
    if (refused) {
      req.resume();
      send(res, refused.status, {
        error: { type: 'invalid_request_error', message: refused.message },
      });
      return;
    }
    let body: unknown;
    try {
      const raw = req.method === 'POST' ? await readBody(req) : '';
      body = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      send(res, 400, {
        error: { type: 'invalid_request_error', message: 'The body must be JSON.' },
      });
      return;
    }
    const answer = await deps.control(req.method ?? 'GET', pathname, body, url.searchParams);
    if (answer) send(res, answer.status, answer.body);
    else
      send(res, 404, {
        error: { type: 'invalid_request_error', message: `No sandbox control at ${pathname}` },
      });
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!originAllowed(req, deps.allowedOrigins)) {
      req.resume();
      send(res, 403, {
        error: {
          type: 'invalid_request_error',
          message: `Requests from ${String(req.headers.origin)} are not allowed (SANDBOX_ALLOWED_ORIGINS).`,
        },
      });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    let pathname = url.pathname;
    if (
      deps.pathPrefix &&
      (pathname === deps.pathPrefix || pathname.startsWith(`${deps.pathPrefix}/`))
    ) {
      pathname = pathname.slice(deps.pathPrefix.length) || '/';
    }
    const handled = pathname.startsWith('/_')
      ? handleControl(req, res, url, pathname)
      : handleApi(req, res, url, pathname);
    handled.catch((error: unknown) => {
      core.log('error', 'sandbox response failed', { error: String(error) });
      if (!res.headersSent)
        send(res, 500, { error: { type: 'api_error', message: 'Internal error' } });
      else res.destroy();
    });
  };
}
