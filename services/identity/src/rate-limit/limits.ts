import { tooManyRequests } from '@mia/service-kit';
import type { IdentityConfig } from '../config.js';
import type { RateLimiter, RateLimitRule } from '@mia/service-kit';

export type LimitedAction = 'login' | 'register' | 'forgot-password' | 'reset-password';

const MESSAGES: Record<LimitedAction, string> = {
  login: 'Too many sign-in attempts',
  register: 'Too many registration attempts',
  'forgot-password': 'Too many password reset requests',
  'reset-password': 'Too many password reset attempts',
};

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** The per-account counter of failed sign-ins (cleared by a success or a password reset). */
export const loginAccountKey = (email: string) => `login:account:${email}`;

export interface IdentityLimits {
  /**
   * Counts the attempt against every rule of the action (per IP, per account) and throws 429
   * with Retry-After and a readable message when one is exceeded.
   */
  check(action: LimitedAction, ip: string | undefined, email?: string): Promise<void>;
  /** Forgets an account's failed sign-ins. */
  clearLoginFailures(email: string): Promise<void>;
}

/** Identity's limits, from configuration; short windows, so no lockout outlives one window. */
export function identityLimits(limiter: RateLimiter, config: IdentityConfig): IdentityLimits {
  const windowMs = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const rules = (action: LimitedAction, ip: string, email?: string): RateLimitRule[] => {
    const rule = (key: string, limit: number) => ({ key, limit, windowMs });
    switch (action) {
      case 'login':
        return [
          rule(`login:ip:${ip}`, config.RATE_LIMIT_LOGIN_PER_IP),
          ...(email ? [rule(loginAccountKey(email), config.RATE_LIMIT_LOGIN_PER_ACCOUNT)] : []),
        ];
      case 'register':
        return [
          rule(`register:ip:${ip}`, config.RATE_LIMIT_REGISTER_PER_IP),
          ...(email
            ? [rule(`register:account:${email}`, config.RATE_LIMIT_REGISTER_PER_ACCOUNT)]
            : []),
        ];
      case 'forgot-password':
        return [
          rule(`forgot:ip:${ip}`, config.RATE_LIMIT_FORGOT_PER_IP),
          ...(email ? [rule(`forgot:account:${email}`, config.RATE_LIMIT_FORGOT_PER_ACCOUNT)] : []),
        ];
      case 'reset-password':
        return [rule(`reset:ip:${ip}`, config.RATE_LIMIT_RESET_PER_IP)];
    }
  };

  return {
    async check(action, ip, email) {
      const results = await Promise.all(
        rules(action, ip ?? 'unknown', email).map((r) => limiter.hit(r)),
      );
      const refused = results.filter((r) => !r.allowed);
      if (refused.length === 0) return;
      const retryAfter = Math.max(...refused.map((r) => r.retryAfterSec));
      throw tooManyRequests(
        retryAfter,
        `${MESSAGES[action]}. Please wait ${waitText(retryAfter)} and try again.`,
        'rate_limited',
      );
    },
    clearLoginFailures: (email) => limiter.clear(loginAccountKey(email)),
  };
}
