import { z } from 'zod';
import { emailSchema } from './auth.js';

const ACCESS_FORM_MESSAGE = 'Por favor, ingresa tu email y selecciona un producto.';

export const productIdSchema = z.string().trim().min(1, 'Product is required').max(100);

export const accessGptRequestSchema = z.object({ productId: productIdSchema });
export type AccessGptRequest = z.infer<typeof accessGptRequestSchema>;

export const accessGptResponseSchema = z.object({
  gptUrl: z.url(),
  productName: z.string(),
  totalUsage: z.number().int().nonnegative(),
});
export type AccessGptResponse = z.infer<typeof accessGptResponseSchema>;

/** The access page: both fields required, with the spec's single Spanish message. */
export const verifyGptAccessRequestSchema = z.object({
  email: z
    .string({ error: ACCESS_FORM_MESSAGE })
    .trim()
    .min(1, ACCESS_FORM_MESSAGE)
    .pipe(emailSchema),
  productId: z.string({ error: ACCESS_FORM_MESSAGE }).trim().min(1, ACCESS_FORM_MESSAGE),
});
export type VerifyGptAccessRequest = z.infer<typeof verifyGptAccessRequestSchema>;

export const adminGrantRequestSchema = z.object({ email: emailSchema, productId: productIdSchema });
export type AdminGrantRequest = z.infer<typeof adminGrantRequestSchema>;
