import type Stripe from 'stripe';
import { teamPlanSchema, type TeamPlan } from '@mia/contracts';

/**
 * The team a provider subscription pays for, from the ids billing wrote on it (`teamId`,
 * `teamName`) and its quantity (the seats billed now); null for a personal plan.
 */
export function teamOfSubscription(
  sub: Pick<Stripe.Subscription, 'metadata' | 'items'>,
): TeamPlan | null {
  const { teamId, teamName } = sub.metadata ?? {};
  if (!teamId) return null;
  const parsed = teamPlanSchema.safeParse({
    teamId,
    name: teamName,
    seats: sub.items.data[0]?.quantity ?? 0,
  });
  return parsed.success ? parsed.data : null;
}
