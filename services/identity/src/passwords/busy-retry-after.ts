import type { BcryptBusyError } from './bcrypt-pool.js';

/**
 * Retry-After (whole seconds, at least 1) for a refused password check: the wait the pool
 * expects for a task arriving now, i.e. how long the work already queued needs. A client that
 * comes back after it finds that backlog worked off instead of being refused again at once.
 */
export const busyRetryAfterSeconds = (error: BcryptBusyError): number =>
  Math.max(1, Math.ceil(error.expectedWaitMs / 1000));
