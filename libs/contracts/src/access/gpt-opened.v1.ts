import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema, productRefSchema } from '../fields.js';

/** A user with access used a tool; the dashboard's usage counts and last access come from it. */
export const GptOpenedV1 = defineEvent({
  type: 'GptOpened',
  version: 1,
  producer: 'access',
  schema: z.object({
    userId: ownIdSchema,
    productId: productRefSchema,
    /** `dashboard`: the Usar button; `gpt_action` / `mcp`: the GPT checked the user's code. */
    via: z.enum(['dashboard', 'gpt_action', 'mcp']),
    at: instantSchema,
  }),
});
export type GptOpenedV1Data = z.infer<typeof GptOpenedV1.schema>;
