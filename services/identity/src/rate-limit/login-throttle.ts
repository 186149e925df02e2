import { tooManyRequests, type TransactionRunner } from '@mia/service-kit';
import { decideLoginAttempt, type LoginDelayPolicy } from './login-delay.js';

export interface LoginThrottle {
  /**
   * Counts a sign-in attempt of `ip` on `account` (a normalised e-mail, known or not), or
   * throws 429 with Retry-After while the pair must still wait. Call before the password check.
   */
  attempt(account: string, ip: string, message: (waitSec: number) => string): Promise<void>;
  /** The right password from this pair: its count starts again. */
  succeeded(account: string, ip: string): Promise<void>;
  /** Forgets every pair of the account (its password was reset through the mailbox). */
  forgetAccount(account: string): Promise<void>;
}

interface PairRow {
  attempts: number;
  last_attempt_at: Date;
  now: Date;
}

const SWEEP_PROBABILITY = 0.01;

/**
 * The progressive delay of login-delay.ts over the `login_throttle` table. The pair's row is
 * locked while it is decided, so concurrent attempts of one pair are counted one by one; the
 * database clock decides, so replicas' clocks do not matter.
 */
export function createLoginThrottle(
  runner: TransactionRunner,
  policy: LoginDelayPolicy,
  random: () => number = Math.random,
): LoginThrottle {
  return {
    async attempt(account, ip, message) {
      const refusedFor = await runner.transaction(async ({ sql }) => {
        await sql.query(
          `INSERT INTO login_throttle (account, ip, attempts, last_attempt_at)
           VALUES ($1, $2, 0, clock_timestamp()) ON CONFLICT DO NOTHING`,
          [account, ip],
        );
        const [row] = await sql.query<PairRow>(
          `SELECT attempts, last_attempt_at, clock_timestamp() AS now FROM login_throttle
           WHERE account = $1 AND ip = $2 FOR UPDATE`,
          [account, ip],
        );
        const decision = decideLoginAttempt(
          row && row.attempts > 0
            ? { attempts: row.attempts, lastAttemptAt: new Date(row.last_attempt_at) }
            : null,
          new Date(row?.now ?? Date.now()),
          policy,
        );
        if (!decision.allowed) return decision.retryAfterSec;
        await sql.query(
          `UPDATE login_throttle SET attempts = $3, last_attempt_at = clock_timestamp()
           WHERE account = $1 AND ip = $2`,
          [account, ip, decision.attempts],
        );
        return 0;
      });
      if (random() < SWEEP_PROBABILITY) {
        await runner.sql.query(
          `DELETE FROM login_throttle WHERE last_attempt_at < clock_timestamp() - interval '1 day'`,
        );
      }
      if (refusedFor > 0) throw tooManyRequests(refusedFor, message(refusedFor), 'rate_limited');
    },
    async succeeded(account, ip) {
      await runner.sql.query('DELETE FROM login_throttle WHERE account = $1 AND ip = $2', [
        account,
        ip,
      ]);
    },
    async forgetAccount(account) {
      await runner.sql.query('DELETE FROM login_throttle WHERE account = $1', [account]);
    },
  };
}
