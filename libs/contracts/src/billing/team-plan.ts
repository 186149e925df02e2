import { z } from 'zod';
import { ownIdSchema } from '../fields.js';
import { singleLineText } from '../text.js';

/** The fewest and most seats a church's plan may have (issue 25). */
export const TEAM_MIN_SEATS = 2;
export const TEAM_MAX_SEATS = 200;

export const teamNameSchema = singleLineText({ min: 2, max: 80 });
export const teamSeatsSchema = z.number().int().min(TEAM_MIN_SEATS).max(TEAM_MAX_SEATS);

/**
 * A plan bought for a church's team rather than for the buyer (ADR 0020). Carried by every
 * subscription event from v2 on, so a consumer never guesses whose plan it is: with `team` the
 * plan opens nothing to the buyer; access seats the team's members instead.
 */
export const teamPlanSchema = z.object({
  teamId: ownIdSchema,
  name: teamNameSchema,
  /** Paid seats: the provider subscription's quantity. */
  seats: teamSeatsSchema,
});
export type TeamPlan = z.infer<typeof teamPlanSchema>;
