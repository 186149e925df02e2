import { z } from 'zod';
import { defineDomainEvent } from '../events.js';

export { PasswordChangedV1, UserRegisteredV1, UserRoleChangedV1 } from '@mia/contracts';

/**
 * Domain event: the user's bcrypt hash. It follows UserRegistered, and accompanies every
 * PasswordChanged; it never leaves identity. `resetTokenHash` names the reset link used.
 */
export const PasswordSet = defineDomainEvent(
  'PasswordSet',
  z.object({
    userId: z.uuid(),
    passwordHash: z.string().regex(/^\$2[aby]\$\d{2}\$/, 'a bcrypt hash'),
    reason: z.enum(['registration', 'reset', 'change', 'rehash']),
    resetTokenHash: z.string().optional(),
  }),
);
