import { HttpError, loadConfig } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { identityConfigSchema } from '../config.js';
import { identityLimits } from './limits.js';
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
  RATE_LIMIT_LOGIN_PER_IP: '5',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
  RATE_LIMIT_WINDOW_MINUTES: '15',
});

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
  it('refuses an account past its limit from any IP, with 429, Retry-After and a clear message', async () => {
    const { limiter } = memoryLimiter();
    const limits = identityLimits(limiter, config);
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      await limits.check('login', ip, 'ana@x.org');
    const error = await refusal(limits.check('login', '4.4.4.4', 'ana@x.org'));
    expect(error.status).toBe(429);
    expect(error.headers['retry-after']).toBe('900');
    expect(error.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    // Another account from the same IPs is unaffected.
    await limits.check('login', '4.4.4.4', 'luis@x.org');
  });

  it('refuses an IP past its limit whatever the account', async () => {
    const { limiter } = memoryLimiter();
    const limits = identityLimits(limiter, config);
    for (let i = 0; i < 5; i++) await limits.check('login', '9.9.9.9', `user${i}@x.org`);
    expect((await refusal(limits.check('login', '9.9.9.9', 'new@x.org'))).status).toBe(429);
  });

  it('frees the account when the window ends, and at once after a reset or a success', async () => {
    const { limiter, advance } = memoryLimiter();
    const limits = identityLimits(limiter, config);
    for (let i = 0; i < 3; i++) await limits.check('login', `10.0.0.${i}`, 'ana@x.org');
    await refusal(limits.check('login', '10.0.1.1', 'ana@x.org'));
    advance(15 * 60_000);
    await limits.check('login', '10.0.1.1', 'ana@x.org');
    for (let i = 0; i < 3; i++)
      await limits.check('login', `10.0.2.${i}`, 'ana@x.org').catch(() => {});
    await limits.clearLoginFailures('ana@x.org');
    await limits.check('login', '10.0.3.1', 'ana@x.org');
  });

  it('says seconds when the wait is short', async () => {
    const { limiter, advance } = memoryLimiter();
    const limits = identityLimits(limiter, config);
    for (let i = 0; i < 3; i++) await limits.check('login', `10.0.0.${i}`, 'ana@x.org');
    advance(15 * 60_000 - 30_000);
    const error = await refusal(limits.check('login', '10.0.0.9', 'ana@x.org'));
    expect(error.headers['retry-after']).toBe('30');
    expect(error.message).toContain('30 seconds');
  });
});
