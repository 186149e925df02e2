import type { z } from 'zod';

/**
 * Every failed call raises this. The message is the spec's `status: body` (or `status: statusText`
 * when the body is empty), so it reads the same wherever it is shown or logged.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<S extends z.ZodType | undefined> {
  body?: unknown;
  /**
   * The contract schema of the answer, or a loader for it: pages that must stay light (the landing
   * page) fetch the schema, and zod with it, while the request is in flight.
   */
  schema?: S | (() => Promise<S>);
  signal?: AbortSignal;
  /**
   * Marks a POST as safe to send twice (the service gives the same result): the gateway may
   * then retry it once on another replica when its connection was refused or reset.
   */
  idempotencyKey?: string;
}

type Result<S> = S extends z.ZodType ? z.output<S> : void;

/** One way to call the browser API: JSON in, cookies sent, JSON out parsed by a contract schema. */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  method: Method,
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const hasBody = options.body !== undefined;
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  const parser = await schema;
  if (!parser) return undefined as Result<S>;
  return parser.parse(text ? JSON.parse(text) : undefined) as Result<S>;
}

export const api = {
  get: <S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: Omit<RequestOptions<S>, 'body'>,
  ) => apiRequest('GET', path, options),
  post: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<S>, 'body'>,
  ) => apiRequest('POST', path, { ...options, body }),
  put: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<S>, 'body'>,
  ) => apiRequest('PUT', path, { ...options, body }),
  patch: <S extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<S>, 'body'>,
  ) => apiRequest('PATCH', path, { ...options, body }),
  delete: <S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: Omit<RequestOptions<S>, 'body'>,
  ) => apiRequest('DELETE', path, options),
};

/**
 * The text a person should read for a failure: the server's `message` when it sent the shared
 * error body, otherwise the error's own message.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    try {
      const parsed: unknown = JSON.parse(error.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed) {
        const { message } = parsed as { message: unknown };
        if (typeof message === 'string' && message) return message;
      }
    } catch {
      // Not JSON: the status line below is the best we have.
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
