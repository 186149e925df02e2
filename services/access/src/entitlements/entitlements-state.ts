import type { DisputeOutcome, GrantRevocationReasonV2, SubscriptionStatus } from '@mia/contracts';
import type { Grant } from './grants.js';

// The entitlements decider's state, apart from its rules, so the rules it delegates (plan terms)
// can read it without importing the decider.

export type DisputeStatus = 'open' | 'inquiry' | DisputeOutcome;

export interface EntitlementsState {
  grants: Record<string, Grant>;
  /** Every revocation, including those that arrived before their grant (which then never opens). */
  revoked: Record<string, GrantRevocationReasonV2>;
  /** Disputes per grant id, whether or not the grant has arrived yet. */
  disputes: Record<string, Record<string, DisputeStatus>>;
  /** The newest known end of each subscription's period, and the billing version it came from. */
  terms: Record<string, { periodEnd: string; sourceVersion: number }>;
  /** Each plan's standing as billing last reported it, and the billing version it came from. */
  standing: Record<string, { status: SubscriptionStatus; sourceVersion: number }>;
}
