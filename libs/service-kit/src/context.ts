import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What follows one unit of work across services: the request id of the HTTP request
 * that started it, the correlation id shared by everything it caused, and the id of
 * the event (if any) that directly caused the current work.
 */
export interface RequestContext {
  requestId: string;
  correlationId: string;
  causationId: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const HEADER_REQUEST_ID = 'x-request-id';
export const HEADER_CORRELATION_ID = 'x-correlation-id';

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current context, or a fresh one for work that starts outside any request. */
export function contextOrNew(): RequestContext {
  const ctx = storage.getStore();
  if (ctx) return ctx;
  const id = randomUUID();
  return { requestId: id, correlationId: id, causationId: null };
}

// Ids arrive from clients and other services; anything odd is replaced, never trusted.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const sanitizeId = (value: unknown): string | undefined =>
  typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
