import { instantSchema, ownIdSchema } from '@mia/contracts';
import { defineDomainEvent } from '@mia/service-kit';
import { z } from 'zod';

/** A user got their first access code (the code itself is never in an event). */
export const AccessCodeIssued = defineDomainEvent(
  'AccessCodeIssued',
  z.strictObject({ userId: ownIdSchema, issuedAt: instantSchema }),
);

/** One stream per user: issued once, then AccessCodeRotated for each replacement. */
export const accessCodeStreamId = (userId: string): string => `access-code-${userId}`;
