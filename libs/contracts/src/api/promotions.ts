import { z } from 'zod';
import { singleLineText } from '../text.js';

/** Promotion codes (billing): the owner's administration and the checkout's discount field. */

export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

/** As typed at checkout: trimmed; billing compares codes case-insensitively. */
export const promotionCodeInputSchema = singleLineText({ trim: true, max: 40 }).regex(
  PROMOTION_CODE_PATTERN,
  'Code must be 3-40 letters, digits, hyphens or underscores',
);

export const promotionDurations = ['once', 'forever', 'repeating'] as const;
export const promotionAppliesTo = ['tools', 'plans', 'all'] as const;

// POST /api/admin/promotion-codes -> 201
export const createPromotionCodeRequestSchema = z
  .object({
    code: promotionCodeInputSchema,
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOffCents: z.number().int().min(1).max(99_900).optional(),
    duration: z.enum(promotionDurations),
    durationInMonths: z.number().int().min(1).max(36).optional(),
    maxRedemptions: z.number().int().min(1).max(1_000_000).optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    appliesTo: z.enum(promotionAppliesTo),
    firstPurchaseOnly: z.boolean().optional(),
  })
  .refine((v) => (v.percentOff === undefined) !== (v.amountOffCents === undefined), {
    message: 'Give either percentOff or amountOffCents',
    path: ['percentOff'],
  })
  .refine((v) => (v.duration === 'repeating') === (v.durationInMonths !== undefined), {
    message: 'durationInMonths is required with duration "repeating" and only then',
    path: ['durationInMonths'],
  });
export type CreatePromotionCodeRequest = z.infer<typeof createPromotionCodeRequestSchema>;

export const promotionCodeViewSchema = z.object({
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOffCents: z.number().nullable(),
  duration: z.enum(promotionDurations),
  durationInMonths: z.number().nullable(),
  maxRedemptions: z.number().nullable(),
  expiresAt: z.string().nullable(),
  appliesTo: z.enum(promotionAppliesTo),
  firstPurchaseOnly: z.boolean(),
  active: z.boolean(),
  redemptions: z.number().int(),
  createdAt: z.string(),
});
export type PromotionCodeView = z.infer<typeof promotionCodeViewSchema>;

// GET /api/admin/promotion-codes
export const promotionCodesResponseSchema = z.object({
  promotionCodes: z.array(promotionCodeViewSchema),
});
export type PromotionCodesResponse = z.infer<typeof promotionCodesResponseSchema>;

/** 400 body when a code cannot be used; `message` is in the user's language. */
export const INVALID_PROMOTION_CODE = 'invalid_promotion_code';
