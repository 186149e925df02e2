import { ALL_PRODUCTS, type SubscriptionStatus } from '@mia/contracts';
import { grantIds, type EntitlementEvent } from './entitlement-events.js';
import type { EntitlementsState } from './entitlements-state.js';

// A plan's grant follows paid periods only (COMMERCE.md §3): a paid invoice (activation,
// renewal) sets the end of the paid period; billing's other reports (SubscriptionChanged) only
// say how the plan stands. Past due opens a grace window counted from the failed period's start
// (the paid period's end); unpaid, incomplete and paused end access until an invoice is paid.

/** A paid invoice of the plan (SubscriptionActivated / SubscriptionRenewed). */
export interface PaidTermCommand {
  kind: 'note-subscription-term';
  userId: string;
  subscriptionId: string;
  /** The end of the period the invoice paid for. */
  periodEnd: string;
  /** The billing event's position in the subscription's stream (0 when unknown). */
  sourceVersion: number;
  /** When billing recorded it. */
  at: string;
}

/** How the plan stands (SubscriptionChanged): never extends access, may shorten it. */
export interface StandingCommand {
  kind: 'note-subscription-standing';
  userId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  sourceVersion: number;
  /** PAST_DUE_GRACE_DAYS when the report was handled. */
  graceDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses under which a plan gives nothing, whatever was paid before. */
const NO_ACCESS: readonly SubscriptionStatus[] = ['unpaid', 'incomplete', 'paused'];

const earlier = (a: string, b: Date): string =>
  Date.parse(a) <= b.getTime() ? a : b.toISOString();
const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/** Whether a report from `sourceVersion` is older than the standing already known. */
function staleStanding(state: EntitlementsState, grantId: string, sourceVersion: number): boolean {
  const known = state.standing[grantId];
  return known !== undefined && sourceVersion <= known.sourceVersion && sourceVersion > 0;
}

export function notePaidTerm(
  command: PaidTermCommand,
  state: EntitlementsState,
  now: Date,
): EntitlementEvent[] {
  const { userId, sourceVersion } = command;
  const grantId = grantIds.subscription(command.subscriptionId);
  if (state.revoked[grantId]) return [];
  const term = state.terms[grantId];
  const newer =
    !term ||
    sourceVersion > term.sourceVersion ||
    // Same version (unknown versions are all 0): only an extension is taken.
    (sourceVersion === term.sourceVersion &&
      Date.parse(command.periodEnd) > Date.parse(term.periodEnd));
  const end = newer ? command.periodEnd : (term?.periodEnd ?? command.periodEnd);
  const events: EntitlementEvent[] = [];
  if (newer) {
    events.push({
      type: 'SubscriptionTermNoted',
      data: { grantId, userId, periodEnd: command.periodEnd, sourceVersion },
    });
  }
  // A paid invoice means the plan is in good standing from this version on (unless billing
  // already reported something newer).
  const current = newer && !staleStanding(state, grantId, sourceVersion);
  if (current) {
    events.push({
      type: 'SubscriptionStandingNoted',
      data: { grantId, userId, status: 'active', sourceVersion },
    });
  }
  const grant = state.grants[grantId];
  if (!grant) {
    events.push({
      type: 'AccessGranted',
      data: {
        grantId,
        userId,
        scope: ALL_PRODUCTS,
        source: { kind: 'subscription', ref: command.subscriptionId },
        validFrom: earlier(command.at, now),
        validUntil: end,
      },
    });
    // A chargeback on the plan's payment that arrived before its paid invoice keeps the new
    // grant suspended, as it does a purchase's (the bank has not decided yet).
    if (Object.values(state.disputes[grantId] ?? {}).includes('open')) {
      events.push({ type: 'AccessSuspended', data: { grantId, userId, reason: 'dispute' } });
    }
    return events;
  }
  if (!sameInstant(grant.validUntil, end)) {
    events.push({ type: 'AccessExtended', data: { grantId, userId, validUntil: end } });
  }
  if (current && grant.graceUntil !== undefined) {
    events.push({ type: 'SubscriptionGraceClosed', data: { grantId, userId } });
  }
  return events;
}

export function noteStanding(
  command: StandingCommand,
  state: EntitlementsState,
  now: Date,
): EntitlementEvent[] {
  const { userId, status, sourceVersion } = command;
  const grantId = grantIds.subscription(command.subscriptionId);
  if (state.revoked[grantId] || staleStanding(state, grantId, sourceVersion)) return [];
  const known = state.standing[grantId];
  const events: EntitlementEvent[] = [];
  if (!known || known.status !== status || sourceVersion > known.sourceVersion) {
    events.push({
      type: 'SubscriptionStandingNoted',
      data: { grantId, userId, status, sourceVersion },
    });
  }
  const grant = state.grants[grantId];
  const term = state.terms[grantId];
  // A report never opens access: only a paid invoice does.
  if (!grant || !term) return events;

  if (status === 'past_due') {
    // The failed period starts where the paid one ends.
    const graceUntil = new Date(
      Date.parse(term.periodEnd) + command.graceDays * DAY_MS,
    ).toISOString();
    if (!sameInstant(grant.graceUntil ?? null, graceUntil)) {
      events.push({ type: 'SubscriptionGraceOpened', data: { grantId, userId, graceUntil } });
    }
    return events;
  }
  if (grant.graceUntil !== undefined) {
    events.push({ type: 'SubscriptionGraceClosed', data: { grantId, userId } });
  }
  if (NO_ACCESS.includes(status) && grant.validUntil !== null) {
    // Shortened to now: a later paid invoice extends it again to its period's end.
    const until = earlier(grant.validUntil, now);
    if (!sameInstant(grant.validUntil, until)) {
      events.push({ type: 'AccessExtended', data: { grantId, userId, validUntil: until } });
    }
  }
  return events;
}
