import { z } from 'zod';
import { giftItemSchema, GIFT_MESSAGE_MAX } from '../billing/gift-item.js';
import { instantSchema, ownIdSchema, planTypeSchema } from '../fields.js';
import { multiLineText } from '../text.js';
import { productIdSchema } from './access.js';
import { emailSchema } from './auth.js';
import { invitationTokenSchema } from './teams.js';

// Gifts (issue 25, ADR 0020). Billing owns POST /api/gifts (the money); access owns the rest of
// /api/gifts (the buyer's list, resend, change of recipient, the claim).

/** The furthest ahead a gift may be scheduled. */
export const GIFT_SEND_AT_MAX_DAYS = 366;

// POST /api/gifts (billing): exactly one of productId and planType.
export const createGiftRequestSchema = z
  .object({
    productId: productIdSchema.optional(),
    planType: planTypeSchema.optional(),
    recipientEmail: emailSchema,
    message: multiLineText({ max: GIFT_MESSAGE_MAX }).optional(),
    /** When the recipient's mail goes out; absent: as soon as the payment succeeds. */
    sendAt: instantSchema.optional(),
  })
  .refine((body) => (body.productId === undefined) !== (body.planType === undefined), {
    message: 'Choose a tool or a plan',
    path: ['productId'],
  });
export type CreateGiftRequest = z.infer<typeof createGiftRequestSchema>;

export const createGiftResponseSchema = z.object({
  giftId: ownIdSchema,
  clientSecret: z.string(),
  amountCents: z.number().int().nonnegative(),
});
export type CreateGiftResponse = z.infer<typeof createGiftResponseSchema>;

export const giftStatuses = ['scheduled', 'sent', 'claimed', 'refunded'] as const;
export const giftStatusSchema = z.enum(giftStatuses);
export type GiftStatus = z.infer<typeof giftStatusSchema>;

export const sentGiftSchema = z.object({
  giftId: ownIdSchema,
  item: giftItemSchema,
  recipientEmail: z.string(),
  status: giftStatusSchema,
  sendAt: instantSchema,
  sentAt: instantSchema.nullable(),
  claimedAt: instantSchema.nullable(),
});
export type SentGift = z.infer<typeof sentGiftSchema>;

// GET /api/gifts (access): the gifts the signed-in user paid for, newest first.
export const myGiftsResponseSchema = z.object({ sent: z.array(sentGiftSchema) });
export type MyGiftsResponse = z.infer<typeof myGiftsResponseSchema>;

// PATCH /api/gifts/{giftId} {recipientEmail} (buyer, before the claim; 409 `gift_claimed` after)
// and POST /api/gifts/{giftId}/resend (buyer): a new link to the (new) address; the old one ends.
export const changeGiftRecipientRequestSchema = z.object({ recipientEmail: emailSchema });
export type ChangeGiftRecipientRequest = z.infer<typeof changeGiftRecipientRequestSchema>;

// POST /api/gifts/preview {token} (no session): what the claim page shows.
// POST /api/gifts/claim {token} (signed in with the recipient's verified address).
export const giftTokenRequestSchema = z.object({ token: invitationTokenSchema });
export type GiftTokenRequest = z.infer<typeof giftTokenRequestSchema>;

export const giftPreviewSchema = z.object({
  item: giftItemSchema,
  fromName: z.string(),
  message: z.string().nullable(),
  recipientEmail: z.string(),
});
export type GiftPreview = z.infer<typeof giftPreviewSchema>;

export const claimGiftResponseSchema = z.object({
  giftId: ownIdSchema,
  item: giftItemSchema,
  /** The recipient already held it: the claim still succeeds (staff can refund the buyer). */
  alreadyOwned: z.boolean(),
});
export type ClaimGiftResponse = z.infer<typeof claimGiftResponseSchema>;
