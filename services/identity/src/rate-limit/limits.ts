import { tooManyRequests } from '@mia/service-kit';
import type { IdentityConfig } from '../config.js';
import type { RateLimiter, RateLimitRule } from '@mia/service-kit';
import type { LoginThrottle } from './login-throttle.js';

export type LimitedAction =
  | 'login'
  | 'register'
  | 'forgot-password'
  | 'reset-password'
  | 'verify-email'
  | 'resend-verification'
  | 'second-factor'
  | 'oauth-register'
  | 'account-export';

const MESSAGES: Record<LimitedAction, string> = {
  login: 'Too many sign-in attempts',
  register: 'Too many registration attempts',
  'forgot-password': 'Too many password reset requests',
  'reset-password': 'Too many password reset attempts',
  'verify-email': 'Too many verification attempts',
  'resend-verification': 'Too many verification emails requested',
  'second-factor': 'Too many verification codes tried',
  'oauth-register': 'Too many app registrations',
  'account-export': 'Too many account exports requested',
};

const limitMessage = (action: LimitedAction, seconds: number) =>
  `${MESSAGES[action]}. Please wait ${waitText(seconds)} and try again.`;

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

export interface IdentityLimits {
  /**
   * Counts the attempt against every rule of the action (per IP, per account) and throws 429
   * with Retry-After and a readable message when one is exceeded.
   */
  check(action: LimitedAction, ip: string | undefined, email?: string): Promise<void>;
  /**
   * Before a password check: the client's attempts on this account (known or not) count, and
   * a client that kept failing waits longer each time (429). There is no limit per account
   * alone: guesses from one client never keep the owner out from another.
   */
  passwordAttempt(email: string, ip: string | undefined): Promise<void>;
  /** The right password: this client's count on the account starts again. */
  passwordAccepted(email: string, ip: string | undefined): Promise<void>;
  /** Forgets every client's failures on the account (after a reset through the mailbox). */
  clearLoginFailures(email: string): Promise<void>;
}

/** Identity's limits, from configuration; short windows, so no lockout outlives one window. */
export function identityLimits(
  limiter: RateLimiter,
  throttle: LoginThrottle,
  config: IdentityConfig,
): IdentityLimits {
  const windowMs = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const rules = (action: LimitedAction, ip: string, email?: string): RateLimitRule[] => {
    const rule = (key: string, limit: number) => ({ key, limit, windowMs });
    switch (action) {
      case 'login':
        return [rule(`login:ip:${ip}`, config.RATE_LIMIT_LOGIN_PER_IP)];
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
      case 'verify-email':
        return [rule(`verify:ip:${ip}`, config.RATE_LIMIT_VERIFY_PER_IP)];
      case 'resend-verification':
        return [
          rule(`verify-resend:ip:${ip}`, config.RATE_LIMIT_VERIFY_PER_IP),
          ...(email
            ? [rule(`verify-resend:account:${email}`, config.RATE_LIMIT_VERIFY_RESEND_PER_ACCOUNT)]
            : []),
        ];
      case 'second-factor':
        // Per account too: codes are six digits, so guesses from many addresses must not add up.
        return [
          rule(`second-factor:ip:${ip}`, config.RATE_LIMIT_LOGIN_PER_IP),
          ...(email
            ? [rule(`second-factor:account:${email}`, config.RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT)]
            : []),
        ];
      case 'oauth-register':
        return [rule(`oauth-register:ip:${ip}`, config.RATE_LIMIT_OAUTH_REGISTER_PER_IP)];
      case 'account-export':
        // Per account (the third argument is the user id here), over a day.
        return email
          ? [
              {
                key: `account-export:user:${email}`,
                limit: config.RATE_LIMIT_EXPORT_PER_DAY,
                windowMs: 24 * 60 * 60_000,
              },
            ]
          : [];
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
      throw tooManyRequests(retryAfter, limitMessage(action, retryAfter), 'rate_limited');
    },
    passwordAttempt: (email, ip) =>
      throttle.attempt(email, ip ?? 'unknown', (wait) => limitMessage('login', wait)),
    passwordAccepted: (email, ip) => throttle.succeeded(email, ip ?? 'unknown'),
    clearLoginFailures: (email) => throttle.forgetAccount(email),
  };
}
