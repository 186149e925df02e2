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
