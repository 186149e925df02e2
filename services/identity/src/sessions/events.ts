import { z } from 'zod';
import { defineDomainEvent } from '../events.js';

export { SessionsRevokedV1 } from '@mia/contracts';

/** Domain event: a sign-in (or registration) opened a login session; tokens carry its id as `sid`. */
export const SessionStarted = defineDomainEvent(
  'SessionStarted',
  z.object({
    userId: z.uuid(),
    sessionId: z.uuid(),
    /** Absolute end of the session; no token of it is valid afterwards. */
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);
