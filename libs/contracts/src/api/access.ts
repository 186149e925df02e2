import { z } from 'zod';
import { accessScopeSchema } from '../fields.js';
import { grantSourceKindV2Schema } from '../access/grant-fields.js';
import { singleLineText } from '../text.js';
import { emailSchema } from './auth.js';

const ACCESS_FORM_MESSAGE = 'Por favor, ingresa tu email y selecciona un producto.';

/** A product id as the browser sends it; the owning service checks it against the catalogue. */
export const productIdSchema = singleLineText({
  trim: true,
  max: 100,
  minMessage: 'Product is required',
});

/**
 * The user's personal access code (the "código MIA"), typed into a GPT. Its format belongs to
 * the access service; the contract only bounds it.
 */
export const accessCodeSchema = singleLineText({
  trim: true,
  max: 64,
  minMessage: 'Access code is required',
});

// POST /api/access-gpt
export const accessGptRequestSchema = z.object({ productId: productIdSchema });
export type AccessGptRequest = z.infer<typeof accessGptRequestSchema>;

export const accessGptResponseSchema = z.object({
  gptUrl: z.url(),
  productName: z.string(),
  totalUsage: z.number().int().nonnegative(),
});
export type AccessGptResponse = z.infer<typeof accessGptResponseSchema>;

// POST /api/verify-gpt-access
/**
 * The access page: e-mail and product required, with the spec's single Spanish message. A
 * definite answer needs a session for that e-mail or the user's access code, so the public
 * check never reveals who owns what.
 */
export const verifyGptAccessRequestSchema = z.object({
  email: z
    .string({ error: ACCESS_FORM_MESSAGE })
    .trim()
    .min(1, ACCESS_FORM_MESSAGE)
    .pipe(emailSchema),
  productId: singleLineText({
    trim: true,
    max: 100,
    requiredMessage: ACCESS_FORM_MESSAGE,
    minMessage: ACCESS_FORM_MESSAGE,
  }),
  accessCode: accessCodeSchema.optional(),
});
export type VerifyGptAccessRequest = z.infer<typeof verifyGptAccessRequestSchema>;

/** The signed-in user's personal access code, shown on the dashboard and rotatable. */
export const accessCodeResponseSchema = z.object({ accessCode: z.string() });
export type AccessCodeResponse = z.infer<typeof accessCodeResponseSchema>;

// POST /api/gpt/v1/verify (bearer key; the GPT Action and the MCP tool)
export const gptVerifyRequestSchema = z.object({
  accessCode: accessCodeSchema,
  productId: productIdSchema,
});
export type GptVerifyRequest = z.infer<typeof gptVerifyRequestSchema>;

/** Why the answer is what it is; `granted` is the only reason with `allowed: true`. */
export const gptVerifyReasons = [
  'granted',
  'invalid_code',
  'unknown_product',
  'no_access',
  'expired',
  'suspended',
  'revoked',
] as const;
export const gptVerifyReasonSchema = z.enum(gptVerifyReasons);
export type GptVerifyReason = z.infer<typeof gptVerifyReasonSchema>;

export const gptVerifyResponseSchema = z.object({
  allowed: z.boolean(),
  reason: gptVerifyReasonSchema,
  productName: z.string(),
  /** When the access ends; null for lifetime access or when not allowed. */
  validUntil: z.iso.datetime({ offset: true }).nullable(),
  /** A sentence the GPT can relay to the user as is (Spanish). */
  message: z.string(),
});
export type GptVerifyResponse = z.infer<typeof gptVerifyResponseSchema>;

// POST /api/admin/grant-access (admin role, enforced by access)
/** One catalogue product id or `all`; access checks membership of the catalogue. */
export const adminGrantScopeSchema = z
  .string()
  .trim()
  .min(1, 'Product is required')
  .pipe(accessScopeSchema);

export const adminGrantRequestSchema = z.object({
  email: emailSchema,
  productId: adminGrantScopeSchema,
  /** Absent: lifetime. */
  until: z.iso.datetime({ offset: true }).optional(),
  reason: singleLineText({ trim: true, max: 500 }).optional(),
});
export type AdminGrantRequest = z.infer<typeof adminGrantRequestSchema>;

// Admin revoke (admin role, enforced by access)
export const adminRevokeRequestSchema = z.object({
  email: emailSchema,
  productId: adminGrantScopeSchema,
});
export type AdminRevokeRequest = z.infer<typeof adminRevokeRequestSchema>;

/** How a user holds a product, as the dashboard shows it. */
export const productAccessSchema = z.object({
  /** What gives it (ADR 0020 adds a team's seat and a gift). */
  source: grantSourceKindV2Schema,
  /** The team's name when the source is a team seat ("Incluido en el plan de {team}"). */
  teamName: z.string().optional(),
  /** When access ends; null for lifetime. */
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type ProductAccess = z.infer<typeof productAccessSchema>;
