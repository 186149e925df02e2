import { z } from 'zod';
import { defineDomainEvent } from '../events.js';

/** Domain event: a reset link was mailed. Only the token's SHA-256 is recorded. */
export const PasswordResetRequested = defineDomainEvent(
  'PasswordResetRequested',
  z.object({
    userId: z.uuid(),
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);
