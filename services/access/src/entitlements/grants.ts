import { ALL_PRODUCTS, type GrantRevocationReasonV2, type GrantSourceKindV2 } from '@mia/contracts';

export type GrantStatus = 'active' | 'suspended' | 'revoked';

/**
 * One grant as both the entitlements decider and the grants read model hold it, so the same
 * `usable` answers for a decision and for a page.
 */
export interface Grant {
  grantId: string;
  /** A product id, or `all`. */
  scope: string;
  source: {
    kind: GrantSourceKindV2;
    ref: string;
    by?: string;
    reason?: string;
    /** A team seat's team name, for its label ("Incluido en el plan de {team}"). */
    teamName?: string;
    /** Who paid for a gift. */
    giftFrom?: string;
  };
  /** ISO instants; `validUntil` null is lifetime. */
  validFrom: string;
  validUntil: string | null;
  status: GrantStatus;
  revokedReason?: GrantRevocationReasonV2;
  /** A past-due plan's grace: usable until then even after `validUntil` (no money extended it). */
  graceUntil?: string;
}

/** Why a product is or is not usable; the verification API's reasons are the same words. */
export type AccessReason = 'granted' | 'no_access' | 'expired' | 'suspended' | 'revoked';

export interface AccessVerdict {
  allowed: boolean;
  reason: AccessReason;
  /** The grant that allows it (the longest-lasting one), or the one that explains a refusal. */
  grant: Grant | null;
}

const covers = (grant: Grant, productId: string) =>
  grant.scope === productId || grant.scope === ALL_PRODUCTS;

const startsBy = (grant: Grant, t: number) => Date.parse(grant.validFrom) <= t;
/** The grant's end as `usable` counts it: the paid end, or a later grace end. */
const endOf = (grant: Grant): number | null => {
  if (grant.validUntil === null) return null;
  const paid = Date.parse(grant.validUntil);
  return grant.graceUntil === undefined ? paid : Math.max(paid, Date.parse(grant.graceUntil));
};
const endsAfter = (grant: Grant, t: number) => {
  const end = endOf(grant);
  return end === null || t < end;
};
const inWindow = (grant: Grant, t: number) => startsBy(grant, t) && endsAfter(grant, t);

/** Lifetime first, then the latest end. */
function longest(grants: readonly Grant[]): Grant | null {
  let best: Grant | null = null;
  for (const grant of grants) {
    if (best === null) {
      best = grant;
      continue;
    }
    const bestEnd = endOf(best);
    const end = endOf(grant);
    if (bestEnd !== null && (end === null || end > bestEnd)) best = grant;
  }
  return best;
}

/**
 * Whether the holder of `grants` may use `productId` at time `at`: some grant covers it (that
 * product or all), is neither suspended nor revoked, and `validFrom <= at < validUntil` (or no
 * end; a past-due plan's `graceUntil` when later). Expiry, the grace's included, needs no event:
 * it is this comparison. The only place that decides access.
 */
export function usable(grants: readonly Grant[], productId: string, at: Date): AccessVerdict {
  const t = at.getTime();
  const covering = grants.filter((grant) => covers(grant, productId));
  const open = covering.filter((grant) => grant.status === 'active' && inWindow(grant, t));
  if (open.length > 0) return { allowed: true, reason: 'granted', grant: longest(open) };

  const suspended = covering.filter((g) => g.status === 'suspended' && inWindow(g, t));
  if (suspended.length > 0)
    return { allowed: false, reason: 'suspended', grant: longest(suspended) };
  const expired = covering.filter((g) => g.status === 'active' && !endsAfter(g, t));
  if (expired.length > 0) return { allowed: false, reason: 'expired', grant: longest(expired) };
  const revoked = covering.filter((g) => g.status === 'revoked');
  if (revoked.length > 0)
    return { allowed: false, reason: 'revoked', grant: revoked.at(-1) ?? null };
  return { allowed: false, reason: 'no_access', grant: null };
}
