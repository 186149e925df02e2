import { z } from 'zod';
import { baseConfigSchema, portSchema, defaultMailDir, mailConfigShape } from '@mia/service-kit';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Support's configuration. Each variable is documented where it is declared; the README's
 * table is built from these comments.
 */
export const configSchema = baseConfigSchema.extend({
  PORT: portSchema.default(8084),
  // Key for the AI support chat's model. Unset: the built-in triage answers every message (same
  // answer shape, from the same help articles and account summary).
  OPENAI_API_KEY: z.string().min(1).optional(),
  // OpenAI-compatible endpoint, e.g. a proxy or a local server; unset: OpenAI's own.
  OPENAI_BASE_URL: z.url().optional(),
  // Model asked for structured answers.
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  // How long one model answer may take before the built-in triage answers instead.
  OPENAI_TIMEOUT_MS: positiveInt(8_000),
  // Most tokens one model answer may use (max_completion_tokens): bounds what one message costs.
  // An answer cut short fails the schema and the built-in triage answers instead.
  OPENAI_MAX_COMPLETION_TOKENS: positiveInt(1_000),
  // Chat messages one user may send per rolling hour (429 beyond it). Counted before the model
  // is asked.
  CHAT_QUOTA_PER_HOUR: positiveInt(30),
  // Tickets one user may open per hour, from the form, the chat or a reply to a closed ticket
  // (429 with Retry-After beyond it).
  SUPPORT_TICKETS_PER_HOUR: positiveInt(10),
  // Replies a customer may post on one ticket per hour (429 with Retry-After beyond it).
  SUPPORT_REPLIES_PER_HOUR: positiveInt(20),
  // How often a replica looks for resolved tickets to close after 7 quiet days (one replica
  // acts at a time).
  TICKET_SWEEP_INTERVAL_MS: positiveInt(10 * 60_000),
  // SMTP_URL, MAIL_FROM, MAIL_DIR: where mail goes (the kit's mail module).
  ...mailConfigShape({
    mailDir: defaultMailDir(import.meta.url),
    from: 'Ministerio IA <soporte@ministerioia.com>',
  }),
});

export type SupportConfig = z.output<typeof configSchema>;
