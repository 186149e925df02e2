import { randomBytes } from 'node:crypto';
import { BcryptPool, type BcryptPoolOptions } from './bcrypt-pool.js';

/** bcrypt reads at most 72 bytes of a password and silently ignores the rest. */
export const BCRYPT_MAX_BYTES = 72;

/** Thrown by hash(): the password would be truncated, so it is refused instead. */
export class PasswordTooLongError extends Error {
  override readonly name = 'PasswordTooLongError';
  constructor() {
    super(`Password must be at most ${BCRYPT_MAX_BYTES} bytes`);
  }
}

/**
 * Passwords are compared in Unicode NFC, so "ñ" typed as one code point or as n + combining
 * tilde (some keyboards and operating systems) is the same password.
 */
export const normalizePassword = (password: string): string => password.normalize('NFC');

export const passwordBytes = (password: string): number =>
  Buffer.byteLength(normalizePassword(password), 'utf8');

export const exceedsBcryptLimit = (password: string): boolean =>
  passwordBytes(password) > BCRYPT_MAX_BYTES;

/** The cost factor recorded in a bcrypt hash (`$2b$11$...` -> 11), or undefined. */
export function bcryptCost(hash: string): number | undefined {
  const match = /^\$2[abxy]\$(\d{2})\$/.exec(hash);
  return match ? Number(match[1]) : undefined;
}

export interface PasswordHasher {
  readonly cost: number;
  /** bcrypt hash of the (NFC) password; throws PasswordTooLongError past 72 bytes. */
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `hash`. Without a hash (unknown account) or with a password
   * bcrypt would truncate, a dummy hash of the same cost is compared, so every failure takes
   * as long as a real check.
   */
  verify(password: string, hash: string | null | undefined): Promise<boolean>;
  /** True when a hash was made with another cost than the current one (re-hash on sign-in). */
  needsRehash(hash: string): boolean;
  /** Prepares the dummy hash, so the first unknown-account check is not slower than others. */
  warmUp(): Promise<void>;
  /** Hashing work running or waiting, and what a new one would wait (for /metrics). */
  load(): { pending: number; expectedWaitMs: number };
  close(): Promise<void>;
}

export interface PasswordHasherOptions extends BcryptPoolOptions {
  cost: number;
}

/**
 * What one task of `cost` takes before the pool has measured one: 125 ms at cost 11 on the
 * reference machine, doubling per step (2^cost rounds). Start-up's warm-up hash replaces it
 * with a measurement before the first request.
 */
export const guessBcryptMs = (cost: number): number => 125 * 2 ** (cost - 11);

export function createPasswordHasher({
  cost,
  ...poolOptions
}: PasswordHasherOptions): PasswordHasher {
  const pool = new BcryptPool({ initialTaskMs: guessBcryptMs(cost), ...poolOptions });
  let dummy: Promise<string> | undefined;
  const dummyHash = () =>
    (dummy ??= pool.run({
      op: 'hash',
      password: randomBytes(18).toString('base64'),
      cost,
    }) as Promise<string>);

  const compare = async (password: string, hash: string) =>
    (await pool.run({ op: 'compare', password, hash })) === true;

  return {
    cost,
    async hash(password) {
      if (exceedsBcryptLimit(password)) throw new PasswordTooLongError();
      return (await pool.run({
        op: 'hash',
        password: normalizePassword(password),
        cost,
      })) as string;
    },
    async verify(password, hash) {
      const usable = typeof hash === 'string' && bcryptCost(hash) !== undefined;
      if (!usable || exceedsBcryptLimit(password)) {
        await compare(normalizePassword(password).slice(0, BCRYPT_MAX_BYTES), await dummyHash());
        return false;
      }
      return compare(normalizePassword(password), hash);
    },
    needsRehash: (hash) => bcryptCost(hash) !== cost,
    warmUp: async () => {
      await dummyHash();
    },
    load: () => ({ pending: pool.pending, expectedWaitMs: pool.expectedWaitMs }),
    close: () => pool.close(),
  };
}
