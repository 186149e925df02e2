import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';

/**
 * How many of a team's paid seats are taken, after a member joined or left or an invitation was
 * sent or ended (ADR 0020). Billing reads it to refuse a seat change below what is in use. No
 * address crosses the bus: who was invited stays in access.
 */
export const TeamRosterChangedV1 = defineEvent({
  type: 'TeamRosterChanged',
  version: 1,
  producer: 'access',
  schema: z.object({
    teamId: ownIdSchema,
    members: z.number().int().nonnegative(),
    pendingInvitations: z.number().int().nonnegative(),
    /** members + pendingInvitations: what a seat reduction may not go below. */
    seatsTaken: z.number().int().nonnegative(),
    /** The team stream's version after the change: newest wins when deliveries reorder. */
    rosterVersion: z.number().int().positive(),
    at: instantSchema,
  }),
});
export type TeamRosterChangedV1Data = z.infer<typeof TeamRosterChangedV1.schema>;
