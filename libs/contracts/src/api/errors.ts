import { z } from 'zod';

/** One invalid field of a request: where it is (dotted path, '' for the whole body) and why. */
export const validationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/**
 * The one error body every service answers with. `message` is meant for people (the web app
 * shows it as is); `code` is a stable machine-readable reason when one helps a client decide.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A 400 from request validation: `details` lists every invalid field. */
export const validationErrorSchema = apiErrorSchema.extend({
  code: z.literal('validation_error'),
  details: z.array(validationIssueSchema),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

/** Codes the shared service kit itself answers with; services may add their own. */
export const API_ERROR_CODES = {
  validation: 'validation_error',
  invalidJson: 'invalid_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  crossOrigin: 'cross_origin_request',
} as const;
