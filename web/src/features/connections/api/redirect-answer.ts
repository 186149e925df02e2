import { z } from 'zod';

/**
 * Where the browser goes after the answer: back into the authorization server, which sends it on
 * to the tool. It is assigned to `window.location`, so anything but an http(s) address (a
 * `javascript:` URL) is refused here rather than followed.
 */
export const redirectAnswerSchema = z.object({
  redirectTo: z
    .string()
    .refine(
      (value) => URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol),
      'redirectTo must be an http(s) address',
    ),
});

export type RedirectAnswer = z.infer<typeof redirectAnswerSchema>;
