import { GRACE_DAYS } from './reference.js';
import { sharedClock, type SharedClock } from './shared-clock.js';
import { startProofStack, type ProofStack } from '../support/proof-stack.js';

/** The proof stack with billing and access on the sandbox's time and the model's grace. */
export async function startModelStack(
  options: { poolMax?: number } = {},
): Promise<{ stack: ProofStack; clock: SharedClock }> {
  const clock = await sharedClock();
  // A smaller pool when asked: the suite's PostgreSQL is shared with everything else running.
  const onClock = {
    MIA_TEST_CLOCK_FILE: clock.file,
    ...(options.poolMax ? { DATABASE_POOL_MAX: String(options.poolMax) } : {}),
  };
  const stack = await startProofStack({
    env: {
      // Disputes open shortly after the charge (real time), not within the 2 s default.
      sandbox: { SANDBOX_DISPUTE_DELAY_MS: '100' },
      billing: onClock,
      access: { ...onClock, PAST_DUE_GRACE_DAYS: String(GRACE_DAYS) },
    },
  }).catch(async (err: unknown) => {
    await clock.dispose();
    throw err;
  });
  await clock.attach(stack);
  return { stack, clock };
}
