import { createHash } from 'node:crypto';
import { idempotencyError, invalidRequest } from './errors.js';
import type { FormObject } from './form.js';

export interface StoredResponse {
  status: number;
  body: unknown;
}

interface Entry {
  fingerprint: string;
  response: StoredResponse;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** What makes two requests "the same": method, path and parameters, in any order. */
export function fingerprint(method: string, path: string, params: FormObject): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(params)]))
    .digest('hex');
}

/**
 * Stripe's idempotency keys: per API key, a key replays the first answer to the same request and
 * refuses a different one. Like Stripe, only requests that ran are remembered (not those refused
 * before doing anything), and keys are forgotten after a day.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Entry & { at: number }>();

  constructor(
    private readonly ttlMs = 24 * 60 * 60 * 1000,
    private readonly wallNow: () => number = Date.now,
  ) {}

  /** The stored answer for this key, or null to run the request; throws when reused differently. */
  lookup(apiKey: string, key: string, print: string): StoredResponse | null {
    if (key.length > 255) {
      throw invalidRequest(
        'Idempotency-Key must be at most 255 characters long.',
        'Idempotency-Key',
      );
    }
    const entry = this.entries.get(`${apiKey}\u0000${key}`);
    if (!entry || this.wallNow() - entry.at > this.ttlMs) return null;
    if (entry.fingerprint !== print) throw idempotencyError(key);
    return entry.response;
  }

  save(apiKey: string, key: string, print: string, response: StoredResponse): void {
    this.entries.set(`${apiKey}\u0000${key}`, { fingerprint: print, response, at: this.wallNow() });
  }
}

/** Answers that Stripe keeps for a key: successes, and card declines (the request did run). */
export function isReplayable(status: number): boolean {
  return (status >= 200 && status < 300) || status === 402;
}
