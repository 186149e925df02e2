import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { GptOpenedV1 } from './gpt-opened.v1.js';

/**
 * v1 plus how the GPT identified the user: `code` (the código MIA, with the GPT's API key) or
 * `oauth` (a user access token; then `clientId` and `grantId` name the connected app, which
 * identity uses to keep the connection's last use). Appended with its v1 twin while a consumer
 * declares v1 (as ADR 0016's refund events are), so every use has exactly one v1 event.
 * Dashboard opens (`via: dashboard`) identify no one through a GPT: they stay v1 only.
 */
export const GptOpenedV2 = defineEvent({
  type: 'GptOpened',
  version: 2,
  producer: 'access',
  schema: GptOpenedV1.schema.extend({
    auth: z.enum(['code', 'oauth']),
    clientId: z.string().min(1).max(255).optional(),
    grantId: z.string().min(1).max(255).optional(),
  }),
});
export type GptOpenedV2Data = z.infer<typeof GptOpenedV2.schema>;
