import { DomainError, isDomainError } from '@mia/service-kit';
import { langOf, type Lang } from '../promotions/promotion-messages.js';
import {
  NO_TEAM_PLAN,
  PLAN_PAST_DUE,
  SEATS_IN_USE,
} from '../subscriptions/subscription-decider.js';

export const TEAM_NOT_FOUND = 'No encontramos ese equipo.';
export const SEATS_CHANGE_DECLINED = 'Tu tarjeta fue rechazada: los asientos no cambiaron.';

/** The team endpoints' refusals, by code: the deciders' Spanish, and English. */
const messages: Record<Lang, Record<string, string>> = {
  es: {
    team_not_found: TEAM_NOT_FOUND,
    no_team_plan: NO_TEAM_PLAN,
    seats_in_use: SEATS_IN_USE,
    plan_past_due: PLAN_PAST_DUE,
  },
  en: {
    team_not_found: 'We could not find that team.',
    no_team_plan: 'That team has no active plan.',
    seats_in_use:
      'You cannot go below the seats in use: remove members or withdraw invitations first.',
    plan_past_due: 'Update your card first.',
    seats_change_declined: 'Your card was declined: the seats did not change.',
  },
};

/**
 * A team refusal in the caller's language (Accept-Language; Spanish by default), same status
 * and code. The card's own decline message (the provider's) is kept in Spanish requests.
 */
export async function inTeamLanguage<T>(
  acceptLanguage: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const text = messages[langOf(acceptLanguage)][error.code];
    if (!text) throw error;
    throw new DomainError(error.kind, error.code, text, error.details);
  }
}
