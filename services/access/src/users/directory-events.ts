import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// Access's own record of who is who, appended by reactions to identity's events, so the user
// directory is a projection of access's store and replay rebuilds it.

const role = z.enum(['user', 'admin']);

export const CustomerRecorded = defineDomainEvent(
  'CustomerRecorded',
  z.object({
    userId: z.uuid(),
    email: z.string().min(1),
    name: z.string(),
    role,
    registeredAt: z.iso.datetime({ offset: true }),
  }),
);

export const CustomerRoleRecorded = defineDomainEvent(
  'CustomerRoleRecorded',
  z.object({
    userId: z.uuid(),
    role,
    /** Position of the role change in identity's user stream: the newest one wins. */
    sourceVersion: z.number().int().nonnegative(),
  }),
);

export type DirectoryEvent =
  EventOf<typeof CustomerRecorded> | EventOf<typeof CustomerRoleRecorded>;

/** One stream per user for what access knows of them from identity. */
export const directoryStreamId = (userId: string): string => `directory-${userId}`;
