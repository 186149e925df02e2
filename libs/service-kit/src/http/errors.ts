import type { ApiError } from '@mia/contracts';

/**
 * An error meant for the client: its status and message are sent as is. Anything else that
 * reaches the error handler is a bug and answers 500 without details.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiError {
    const body: ApiError = { message: this.message };
    if (this.code !== undefined) body.code = this.code;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export const badRequest = (message: string, code?: string, details?: unknown) =>
  new HttpError(400, message, code, details);

export const unauthorized = (message = 'Unauthorized', code?: string) =>
  new HttpError(401, message, code);

export const forbidden = (message = 'Forbidden', code?: string) =>
  new HttpError(403, message, code);

export const notFound = (message = 'Not found', code?: string) => new HttpError(404, message, code);

export const conflict = (message: string, code?: string, details?: unknown) =>
  new HttpError(409, message, code, details);

/** 429 with Retry-After in whole seconds. */
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many requests, try again later',
  code?: string,
) =>
  new HttpError(429, message, code, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
