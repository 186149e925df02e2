import { createLocalLimiter, type LocalLimiter, type RateLimitRule } from '@mia/service-kit';
import type { Clock } from '@mia/service-kit';
import type { AccessConfig } from '../config.js';

/** Which budget refused a lookup (its 429's `code`, and the sentence the GPT relays). */
export type GptLimitKind = 'key' | 'code' | 'failures';

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
 *   to refill, so guessing codes slows to that rate.
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
  };
}
