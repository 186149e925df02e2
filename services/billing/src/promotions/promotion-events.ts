import { promotionAppliesTo, promotionDurations } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// Billing's own record of one promotion code (one stream per code, `promotion-<lower-case code>`):
// its terms, whether it is still offered, and every payment that took it. Redemptions live on
// the code's stream so the decider counts them: two checkouts racing for the last one conflict
// on the stream and the second is decided again, seeing the first.

const instant = z.iso.datetime({ offset: true });

export const PromotionCodeCreated = defineDomainEvent(
  'PromotionCodeCreated',
  z.object({
    /** As the owner typed it; compared in lower case. */
    code: z.string().min(1),
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOffCents: z.number().int().positive().nullable(),
    duration: z.enum(promotionDurations),
    durationInMonths: z.number().int().positive().nullable(),
    maxRedemptions: z.number().int().positive().nullable(),
    expiresAt: instant.nullable(),
    appliesTo: z.enum(promotionAppliesTo),
    firstPurchaseOnly: z.boolean(),
    /** The provider's promotion code for plans (`promo_...`); null when plans are excluded. */
    providerPromotionCodeId: z.string().min(1).nullable(),
    createdBy: z.uuid(),
    createdAt: instant,
  }),
);

export const PromotionCodeDeactivated = defineDomainEvent(
  'PromotionCodeDeactivated',
  z.object({ code: z.string().min(1), by: z.uuid(), at: instant }),
);

/** A checkout took the code (reserved when the checkout starts; see apply-promotion.ts). */
export const PromotionCodeRedeemed = defineDomainEvent(
  'PromotionCodeRedeemed',
  z.object({
    code: z.string().min(1),
    paymentId: z.string().min(1),
    userId: z.uuid(),
    amountCents: z.number().int().nonnegative(),
    discountCents: z.number().int().nonnegative(),
    at: instant,
  }),
);

/** The checkout that took the code was started again without it: the redemption is given back. */
export const PromotionCodeReleased = defineDomainEvent(
  'PromotionCodeReleased',
  z.object({ code: z.string().min(1), paymentId: z.string().min(1), at: instant }),
);

export type PromotionEvent =
  | EventOf<typeof PromotionCodeCreated>
  | EventOf<typeof PromotionCodeDeactivated>
  | EventOf<typeof PromotionCodeRedeemed>
  | EventOf<typeof PromotionCodeReleased>;

export const promotionEventDefinitions = [
  PromotionCodeCreated,
  PromotionCodeDeactivated,
  PromotionCodeRedeemed,
  PromotionCodeReleased,
] as const;

/** Codes are compared case-insensitively: the stream is named by the lower-case code. */
export const promotionKey = (code: string): string => code.trim().toLowerCase();
export const promotionStreamId = (code: string): string => `promotion-${promotionKey(code)}`;
