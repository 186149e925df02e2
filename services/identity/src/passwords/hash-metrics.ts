import { metricGauge } from '@mia/service-kit';
import type { PasswordHasher } from './hasher.js';

let observed: PasswordHasher | undefined;

// Read when /metrics is scraped. Password hashing is identity's costliest work by far (every
// register and sign-in), so its queue is the first place to look when identity slows down.
metricGauge({
  name: 'password_hash_tasks',
  help: 'bcrypt tasks running or waiting for a worker thread',
  collect() {
    this.set(observed?.load().pending ?? 0);
  },
});
metricGauge({
  name: 'password_hash_expected_wait_seconds',
  help: 'How long a new bcrypt task would wait for a worker (503 busy beyond BCRYPT_MAX_WAIT_MS)',
  collect() {
    this.set((observed?.load().expectedWaitMs ?? 0) / 1000);
  },
});

/** Reports `hasher`'s queue in /metrics (the one hasher of the process). */
export function observeHasher(hasher: PasswordHasher): PasswordHasher {
  observed = hasher;
  return hasher;
}
