import { z } from 'zod';
import { currencyCodeSchema, planTypeSchema } from '../fields.js';
import { subscriptionStatusSchema } from '../billing/subscription-status.js';
import { singleLineText } from '../text.js';
import { productIdSchema } from './access.js';
import { promotionCodeInputSchema } from './promotions.js';

export { planTypeSchema, type PlanType } from '../fields.js';

/** The spec's amounts in the browser API: a decimal string with two places ('9.99'). */
export const amountStringSchema = z
  .string()
  .regex(/^\d+\.\d{2}$/, 'Amount must be a decimal string such as 9.99');

const instant = z.iso.datetime({ offset: true });

// POST /api/create-payment-intent
export const createPaymentIntentRequestSchema = z.object({
  productId: productIdSchema,
  /** "¿Tienes un código de descuento?": checked by billing; a bad code charges nothing. */
  promotionCode: promotionCodeInputSchema.optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

/** The answer of both checkout calls: the spec reads only `clientSecret`. */
export const clientSecretResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string().optional(),
  // True when no payment provider is configured and the sandbox stands in for it.
  sandbox: z.boolean().optional(),
});
export type ClientSecretResponse = z.infer<typeof clientSecretResponseSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string().optional(),
  /** What will be charged after the discount, and the discount itself (0: nothing to pay, no card). */
  amountCents: z.number().int().nonnegative(),
  discountCents: z.number().int().nonnegative(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

// POST /api/subscriptions
export const createSubscriptionRequestSchema = z.object({
  priceId: singleLineText({ trim: true, max: 255, minMessage: 'Price is required' }),
  planType: planTypeSchema,
  promotionCode: promotionCodeInputSchema.optional(),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

/** `clientSecret` is the first invoice's confirmation secret (payment_behavior default_incomplete). */
export const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string(),
  subscriptionId: z.string().optional(),
  /** The first invoice after the discount, and the discount itself. */
  amountCents: z.number().int().nonnegative(),
  discountCents: z.number().int().nonnegative(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

// POST /api/confirm-payment
export const confirmPaymentRequestSchema = z.object({
  paymentIntentId: singleLineText({ trim: true, max: 255, minMessage: 'Payment is required' }),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentRequestSchema>;

/** Stripe's PaymentIntent statuses: confirm-payment reports what the provider says. */
export const paymentIntentStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export const paymentIntentStatusSchema = z.enum(paymentIntentStatuses);
export type PaymentIntentStatus = z.infer<typeof paymentIntentStatusSchema>;

export const confirmPaymentResponseSchema = z.object({
  status: paymentIntentStatusSchema,
  /** Our payment's id, once billing has recorded the outcome. */
  paymentId: z.uuid().optional(),
  message: z.string().optional(),
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponseSchema>;

// GET /api/billing/config
/** What the checkout needs to load the payment form: Stripe.js, or the labelled sandbox. */
export const billingConfigResponseSchema = z.object({
  sandbox: z.boolean(),
  publishableKey: z.string(),
  // Payments are make-believe (the sandbox, or a Stripe test-mode key): the app shows a ribbon.
  // Absent from an older billing: not test mode.
  testMode: z.boolean().default(false),
});
export type BillingConfigResponse = z.infer<typeof billingConfigResponseSchema>;

// GET /api/billing
export const invoiceStatuses = ['succeeded', 'pending', 'failed', 'refunded', 'disputed'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);

export const billingPlanSchema = z.object({
  planType: planTypeSchema,
  status: subscriptionStatusSchema,
  currentPeriodEnd: instant,
  cancelAtPeriodEnd: z.boolean(),
  priceCents: z.number().int().nonnegative(),
  currency: currencyCodeSchema,
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const billingCardSchema = z.object({
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
});
export type BillingCard = z.infer<typeof billingCardSchema>;

export const billingInvoiceSchema = z.object({
  id: z.string(),
  createdAt: instant,
  description: z.string(),
  amount: amountStringSchema,
  status: invoiceStatusSchema,
  receiptUrl: z.url().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

/** The dashboard's Billing Management card: the signed-in user's own billing. */
export const billingOverviewResponseSchema = z.object({
  plan: billingPlanSchema.nullable(),
  trialEndsAt: instant.nullable(),
  card: billingCardSchema.nullable(),
  invoices: z.array(billingInvoiceSchema),
});
export type BillingOverviewResponse = z.infer<typeof billingOverviewResponseSchema>;

// POST /api/billing/subscription/change-plan
export const changePlanRequestSchema = z.object({ planType: planTypeSchema });
export type ChangePlanRequest = z.infer<typeof changePlanRequestSchema>;

// POST /api/billing/payment-method
/** A SetupIntent to replace the card; the browser confirms it with the provider. */
export const paymentMethodSetupResponseSchema = z.object({
  clientSecret: z.string(),
  setupIntentId: z.string(),
});
export type PaymentMethodSetupResponse = z.infer<typeof paymentMethodSetupResponseSchema>;

/**
 * POST /api/billing/payment-method/confirm: after the browser confirmed the SetupIntent, the card
 * becomes the default at once and a plan that is past due has its open invoice paid with it.
 */
export const paymentMethodConfirmRequestSchema = z.object({
  setupIntentId: singleLineText({ trim: true, max: 255, minMessage: 'setupIntentId is required' }),
});
export type PaymentMethodConfirmRequest = z.infer<typeof paymentMethodConfirmRequestSchema>;
export const paymentMethodConfirmResponseSchema = z.object({
  /** The plan after the card was saved (and its open invoice paid), or null without a plan. */
  plan: billingPlanSchema.nullable(),
});
export type PaymentMethodConfirmResponse = z.infer<typeof paymentMethodConfirmResponseSchema>;

// Admin refunds (admin role, enforced by billing)
export const adminRefundRequestSchema = z.object({
  paymentId: z.uuid('Payment is required'),
  /** Plan payments only, and required for them: end the plan now, or keep it running. */
  planAction: z.enum(['cancel_now', 'keep'], 'Choose cancel_now or keep').optional(),
  /** A partial refund of this many cents (absent: the whole remaining amount). */
  amountCents: z
    .number('Amount must be a whole number of cents')
    .int('Amount must be a whole number of cents')
    .positive('Amount must be more than zero')
    .optional(),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;

/** POST /api/admin/refunds: what billing answers and the admin panel shows. */
export const adminRefundResponseSchema = z.looseObject({
  paymentId: z.string(),
  status: z.literal('refunded'),
  amountCents: z.number().int().nonnegative(),
  refundedAt: z.string(),
  /** Whether the payment is within the 7 days of the policy (informative only). */
  withinPolicy: z.boolean(),
  /** The refund policy in words, for the admin. */
  policy: z.string(),
  /** Whether the whole payment is now refunded. */
  full: z.boolean().optional(),
  /** For a plan payment: what happened to the plan. */
  planAction: z.enum(['cancel_now', 'keep']).nullable().optional(),
});
export type AdminRefundResponse = z.infer<typeof adminRefundResponseSchema>;
