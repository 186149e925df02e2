import { createLocalLimiter, type LocalLimiter, type RateLimitRule } from '@mia/service-kit';
import type { Clock } from '@mia/service-kit';
import type { AccessConfig } from '../config.js';

/** Which budget refused a lookup (its 429's `code`, and the sentence the GPT relays). */
export type GptLimitKind = 'key' | 'code' | 'failures' | 'client' | 'user';

export interface GptLimitRefusal {
  kind: GptLimitKind;
  retryAfterSec: number;
}

/**
 * The verification API's budgets (Action and MCP tool alike), counted in this replica's memory
 * so a lookup writes no row (the kit's local limiter states the tolerance across replicas):
 *
 * - per API key (`GPT_VERIFY_RATE_LIMIT_MAX`): a ceiling for the whole GPT, sized for many
 *   customers;
 * - per access code (`GPT_VERIFY_PER_CODE_MAX`), whatever the key: one customer's heavy use
 *   spends their own budget, never the one the key's other customers share;
 * - wrong codes per key (`GPT_VERIFY_FAILURES_MAX`): once spent, the key's lookups wait for it
 *   to refill, so guessing codes slows to that rate;
 * - with a user access token (OAuth) instead of a key and a code: per client id
 *   (`OAUTH_VERIFY_PER_CLIENT_MAX`, the app's ceiling, like the key's) and per user
 *   (`OAUTH_VERIFY_PER_USER_MAX`, like the code's). No wrong-code budget: a token that does not
 *   verify is refused before anything is looked up.
 */
export interface GptLimits {
  /** Counts a request with the key; before anything else is read. */
  key(keyId: string): GptLimitRefusal | null;
  /**
   * Before a code is looked up: the key's wrong-code budget (not spent) and the code's own
   * (`codeKey` null for input that is no code at all: nothing to count per code).
   */
  lookup(keyId: string, codeKey: string | null): GptLimitRefusal | null;
  /** A lookup found no one: spends one of the key's wrong-code tokens. */
  failed(keyId: string): void;
  /** Counts a call with a user access token: the app's budget, then the user's. */
  oauth(clientId: string, userId: string): GptLimitRefusal | null;
}

export function createGptLimits(config: AccessConfig, clock: Clock): GptLimits {
  const limiter: LocalLimiter = createLocalLimiter({
    now: () => clock().getTime(),
    replicas: config.GPT_VERIFY_REPLICAS,
  });
  const windowMs = config.GPT_VERIFY_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const rules = {
    key: (keyId: string): RateLimitRule => ({
      key: `gpt:key:${keyId}`,
      limit: config.GPT_VERIFY_RATE_LIMIT_MAX,
      windowMs,
    }),
    code: (codeKey: string): RateLimitRule => ({
      key: `gpt:code:${codeKey}`,
      limit: config.GPT_VERIFY_PER_CODE_MAX,
      windowMs,
    }),
    client: (clientId: string): RateLimitRule => ({
      key: `gpt:client:${clientId}`,
      limit: config.OAUTH_VERIFY_PER_CLIENT_MAX,
      windowMs,
    }),
    user: (userId: string): RateLimitRule => ({
      key: `gpt:user:${userId}`,
      limit: config.OAUTH_VERIFY_PER_USER_MAX,
      windowMs,
    }),
    failures: (keyId: string): RateLimitRule => ({
      key: `gpt:failures:${keyId}`,
      limit: config.GPT_VERIFY_FAILURES_MAX,
      windowMs,
    }),
  };
  const refusal = (
    kind: GptLimitKind,
    result: { allowed: boolean; retryAfterSec: number },
  ): GptLimitRefusal | null =>
    result.allowed ? null : { kind, retryAfterSec: result.retryAfterSec };

  return {
    key: (keyId) => refusal('key', limiter.take(rules.key(keyId))),
    lookup: (keyId, codeKey) =>
      refusal('failures', limiter.peek(rules.failures(keyId))) ??
      (codeKey === null ? null : refusal('code', limiter.take(rules.code(codeKey)))),
    failed: (keyId) => {
      limiter.take(rules.failures(keyId));
    },
    oauth: (clientId, userId) =>
      refusal('client', limiter.take(rules.client(clientId))) ??
      refusal('user', limiter.take(rules.user(userId))),
  };
}
