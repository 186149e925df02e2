import { register } from 'prom-client';
import { expect, it } from 'vitest';
import { observeHasher } from './hash-metrics.js';
import type { PasswordHasher } from './hasher.js';

it('serves the hash queue in /metrics as it is when scraped', async () => {
  let load = { pending: 0, expectedWaitMs: 0 };
  observeHasher({ load: () => load } as unknown as PasswordHasher);
  expect(await register.metrics()).toMatch(/^password_hash_tasks 0$/m);

  load = { pending: 37, expectedWaitMs: 4_625 };
  const text = await register.metrics();
  expect(text).toMatch(/^password_hash_tasks 37$/m);
  expect(text).toMatch(/^password_hash_expected_wait_seconds 4\.625$/m);
});
