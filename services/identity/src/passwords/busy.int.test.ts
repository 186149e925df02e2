import { afterAll, beforeAll, expect, it } from 'vitest';
import { startIdentity, uniqueUser, type IdentityUnderTest } from '../identity-harness.fixture.js';

let identity: IdentityUnderTest;
beforeAll(async () => {
  // One worker and a 100 ms budget: a cost-10 check takes longer than that here, so of a
  // burst only the first one or two fit and the rest must be refused at once.
  identity = await startIdentity({ BCRYPT_WORKERS: '1', BCRYPT_MAX_WAIT_MS: '100' });
});
afterAll(() => identity?.stop());

it('answers sign-ins that would wait past the budget 503 busy with Retry-After', async () => {
  const client = identity.client();
  const answers = await Promise.all(
    Array.from({ length: 8 }, () => {
      const { email, password } = uniqueUser();
      return client.post('/api/login', { username: email, password });
    }),
  );
  expect(answers.filter((a) => a.status === 401).length).toBeGreaterThan(0);
  const busy = answers.filter((a) => a.status === 503);
  expect(busy.length).toBeGreaterThan(0);
  for (const answer of busy) {
    expect(answer.body).toEqual({
      message: 'The server is busy. Please try again in a moment.',
      code: 'busy',
    });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
  expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
});
