import { z } from 'zod';
import { singleLineText } from '../text.js';

/**
 * A grant's id is derived from what granted it (`purchase:<paymentId>`,
 * `subscription:<subscriptionId>`, `trial:<trialId>`, `admin:<uuid>`), so a redelivered
 * payment or subscription event grants nothing twice.
 */
export const grantIdSchema = singleLineText({ max: 200 });

export const grantSourceKinds = ['purchase', 'subscription', 'trial', 'admin'] as const;
export const grantSourceKindSchema = z.enum(grantSourceKinds);
export type GrantSourceKind = z.infer<typeof grantSourceKindSchema>;

export const grantRevocationReasons = ['refund', 'dispute', 'subscription_ended', 'admin'] as const;
export const grantRevocationReasonSchema = z.enum(grantRevocationReasons);
export type GrantRevocationReason = z.infer<typeof grantRevocationReasonSchema>;

/**
 * v2 of the grant events (ADR 0020) adds the sources of issue 25: a seat on a church's team
 * (`ref` = teamId) and a gift (`ref` = giftId). v1 keeps its own list, so its schema is unchanged.
 */
export const grantSourceKindsV2 = [...grantSourceKinds, 'team', 'gift'] as const;
export const grantSourceKindV2Schema = z.enum(grantSourceKindsV2);
export type GrantSourceKindV2 = z.infer<typeof grantSourceKindV2Schema>;

/** v2 adds `team_seat_ended`: the member was removed from the team, or left it. */
export const grantRevocationReasonsV2 = [...grantRevocationReasons, 'team_seat_ended'] as const;
export const grantRevocationReasonV2Schema = z.enum(grantRevocationReasonsV2);
export type GrantRevocationReasonV2 = z.infer<typeof grantRevocationReasonV2Schema>;
