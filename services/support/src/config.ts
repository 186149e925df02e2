import { z } from 'zod';
import { baseConfigSchema, portSchema, defaultMailDir, mailConfigShape } from '@mia/service-kit';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
// "http://a:1,http://b:2" -> two URLs; unset or empty -> none.
const urlList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })));

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
  // The status page's background probes (ADR 0019). Each STATUS_PROBE_*_URL is a comma-separated
  // list of base URLs of one component's replicas (the component is up when one answers); unset:
  // not probed, and its rows rely on staff-posted incidents only. Services are asked /readyz,
  // the gateway /healthz (its /readyz fails with any service), the payment provider anything
  // (any HTTP answer below 500 means reachable).
  STATUS_PROBE_GATEWAY_URL: urlList,
  STATUS_PROBE_IDENTITY_URL: urlList,
  STATUS_PROBE_BILLING_URL: urlList,
  STATUS_PROBE_ACCESS_URL: urlList,
  STATUS_PROBE_PAYMENT_PROVIDER_URL: urlList,
  // How often a probe round runs (one replica probes per round).
  STATUS_PROBE_INTERVAL_MS: positiveInt(5_000),
  // How long one probe may take before it counts as failed.
  STATUS_PROBE_TIMEOUT_MS: positiveInt(2_000),
  // Failed rounds in a row before a component counts as down: with the defaults a stopped
  // service shows within 2 rounds plus a timeout (about 12 s).
  STATUS_PROBE_FAILURES: positiveInt(2),
  // SMTP_URL, MAIL_FROM, MAIL_DIR: where mail goes (the kit's mail module).
  ...mailConfigShape({
    mailDir: defaultMailDir(import.meta.url),
    from: 'Ministerio IA <soporte@ministerioia.com>',
  }),
});

export type SupportConfig = z.output<typeof configSchema>;
