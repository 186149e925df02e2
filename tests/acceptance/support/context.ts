import { inject, type TestContext } from 'vitest';
import { ApiClient } from './api.js';

/** The target and what the global setup found it to offer. */
export const target = () => inject('target');

/** A client of the target's API with no session yet. */
export const client = () => new ApiClient(target().baseUrl);

/**
 * A journey the target cannot take is skipped, never passed: the reason shows beside the test
 * in the output, and JUnit marks it skipped. The global setup also lists every skip up front.
 */
function skipUnless(ctx: TestContext, offered: boolean, reason: string): void {
  if (offered) return;
  // Also into the test's output, which the JUnit report keeps (its <skipped/> has no reason).
  console.log(`SKIPPED: ${reason}`);
  ctx.skip(reason);
}

/** Card payments with Stripe's test cards exist only in sandbox mode (no real Stripe keys). */
export const needsSandbox = (ctx: TestContext) =>
  skipUnless(
    ctx,
    target().sandbox,
    'target takes real payments: GET /api/billing/config says sandbox: false',
  );

/** The staff journeys sign in as the admin the environment names. */
export const needsAdmin = (ctx: TestContext) =>
  skipUnless(
    ctx,
    target().admin,
    'no admin account: set ACCEPTANCE_ADMIN_EMAIL and ACCEPTANCE_ADMIN_PASSWORD',
  );
