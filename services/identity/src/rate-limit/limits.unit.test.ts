import { HttpError, loadConfig } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { identityConfigSchema } from '../config.js';
import { identityLimits } from './limits.js';
import type { LoginThrottle } from './login-throttle.js';
import type { RateLimiter, RateLimitRule } from '@mia/service-kit';

/** In-memory stand-in with the same fixed-window semantics as the PostgreSQL limiter. */
function memoryLimiter() {
  let now = 0;
  const counters = new Map<string, { start: number; hits: number }>();
  const limiter: RateLimiter = {
    async hit({ key, limit, windowMs }: RateLimitRule) {
      const current = counters.get(key);
      const fresh = !current || current.start + windowMs <= now;
      const entry = fresh ? { start: now, hits: 1 } : { ...current, hits: current.hits + 1 };
      counters.set(key, entry);
      return {
        allowed: entry.hits <= limit,
        hits: entry.hits,
        retryAfterSec: Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000)),
      };
    },
    async clear(key) {
      counters.delete(key);
    },
  };
  return { limiter, advance: (ms: number) => (now += ms), counters };
}

const config = loadConfig(identityConfigSchema, {
  MIA_ENV: 'test',
  RATE_LIMIT_LOGIN_PER_IP: '5',
  RATE_LIMIT_REGISTER_PER_ACCOUNT: '3',
  RATE_LIMIT_WINDOW_MINUTES: '15',
});

/** The login throttle's calls, recorded (its own tests cover it against PostgreSQL). */
function recordingThrottle() {
  const calls: string[] = [];
  const throttle: LoginThrottle = {
    async attempt(account, ip, message) {
      calls.push(`attempt ${account} ${ip} (${message(2)})`);
    },
    async succeeded(account, ip) {
      calls.push(`succeeded ${account} ${ip}`);
    },
    async forgetAccount(account) {
      calls.push(`forget ${account}`);
    },
  };
  return { throttle, calls };
}

async function refusal(promise: Promise<void>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected a 429');
}

describe('identity rate limits', () => {
  it('has no sign-in limit per account alone: it slows the client and account pair instead', async () => {
    const { limiter, counters } = memoryLimiter();
    const { throttle, calls } = recordingThrottle();
    const limits = identityLimits(limiter, throttle, config);
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4', '5.5.5.5', '6.6.6.6']) {
      await limits.check('login', ip, 'ana@x.org');
    }
    expect([...counters.keys()].some((k) => k.includes('ana@x.org'))).toBe(false);
    await limits.passwordAttempt('ana@x.org', '1.1.1.1');
    await limits.passwordAccepted('ana@x.org', undefined);
    await limits.clearLoginFailures('ana@x.org');
    expect(calls).toEqual([
      'attempt ana@x.org 1.1.1.1 (Too many sign-in attempts. Please wait 2 seconds and try again.)',
      'succeeded ana@x.org unknown',
      'forget ana@x.org',
    ]);
  });

  it('refuses an IP past its limit whatever the account, with 429, Retry-After and a message', async () => {
    const { limiter } = memoryLimiter();
    const limits = identityLimits(limiter, recordingThrottle().throttle, config);
    for (let i = 0; i < 5; i++) await limits.check('login', '9.9.9.9', `user${i}@x.org`);
    const error = await refusal(limits.check('login', '9.9.9.9', 'new@x.org'));
    expect(error.status).toBe(429);
    expect(error.headers['retry-after']).toBe('900');
    expect(error.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });

  it('frees a limited key when the window ends, and says seconds when the wait is short', async () => {
    const { limiter, advance } = memoryLimiter();
    const limits = identityLimits(limiter, recordingThrottle().throttle, config);
    for (let i = 0; i < 3; i++) await limits.check('register', `10.0.0.${i}`, 'ana@x.org');
    advance(15 * 60_000 - 30_000);
    const error = await refusal(limits.check('register', '10.0.0.9', 'ana@x.org'));
    expect(error.headers['retry-after']).toBe('30');
    expect(error.message).toContain('30 seconds');
    advance(30_000);
    await limits.check('register', '10.0.1.1', 'ana@x.org');
  });

  it('limits new verification links per account', async () => {
    const { limiter } = memoryLimiter();
    const limits = identityLimits(limiter, recordingThrottle().throttle, config);
    for (let i = 0; i < 3; i++)
      await limits.check('resend-verification', `10.0.0.${i}`, 'ana@x.org');
    const error = await refusal(limits.check('resend-verification', '10.0.0.9', 'ana@x.org'));
    expect(error.message).toBe(
      'Too many verification emails requested. Please wait 15 minutes and try again.',
    );
  });
});
