import { instantSchema, ownIdSchema, productRefSchema } from '@mia/contracts';
import { defineDomainEvent } from '@mia/service-kit';
import { z } from 'zod';

// A user's usage stream holds GptOpened (integration event: a use, counted) and GptAccessDenied
// (kept in access: a GPT checked the user's code and was told no), the record a dispute or a
// support question needs.

export const GptAccessDenied = defineDomainEvent(
  'GptAccessDenied',
  z.object({
    userId: ownIdSchema,
    productId: productRefSchema,
    via: z.enum(['dashboard', 'gpt_action', 'mcp']),
    reason: z.enum(['no_access', 'expired', 'suspended', 'revoked']),
    at: instantSchema,
  }),
);

/** One stream per user; appended without a version check (each use stands alone). */
export const usageStreamId = (userId: string): string => `usage-${userId}`;
