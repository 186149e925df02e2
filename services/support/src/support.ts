import {
  createRateLimiter,
  mailerFromConfig,
  type CommandHandler,
  type EventStore,
  type IdGenerator,
  type Clock,
  type Logger,
  type Mailer,
  type ServiceContext,
  type SessionAuth,
} from '@mia/service-kit';
import { createChatModel, type ChatModel } from './chat/model.js';
import type { SupportConfig } from './config.js';
import type { SupportDb, SupportTx } from './db.js';
import { createKnowledgeBase, type KnowledgeBase } from './knowledge/knowledge-base.js';
import { createStatusProber, type StatusProber } from './status/prober.js';
import { probeTargets } from './status/probe-targets.js';
import { createAutoCloseSweeper, type AutoCloseSweeper } from './tickets/auto-close.js';
import { createTicketLimits, type TicketLimits } from './tickets/ticket-limits.js';

/** Support's own dependencies, built once per running service from the kit's context. */
export interface Support {
  config: SupportConfig;
  logger: Logger;
  db: SupportDb;
  events: EventStore<SupportTx>;
  commands: CommandHandler<SupportTx>;
  clock: Clock;
  newId: IdGenerator;
  auth: SessionAuth;
  mailer: Mailer;
  knowledge: KnowledgeBase;
  /** The configured model; null without OPENAI_API_KEY (the built-in triage answers). */
  model: ChatModel | null;
  /** Tickets per user and replies per ticket per hour. */
  limits: TicketLimits;
  /** Closes resolved tickets after 7 quiet days (started in onStart). */
  sweeper: AutoCloseSweeper;
  /** The status page's background probes (started in onStart). */
  prober: StatusProber;
}

export function setupSupport(ctx: ServiceContext<SupportConfig, SupportTx, SupportDb>): Support {
  const { config, logger } = ctx;
  const support: Omit<Support, 'sweeper' | 'prober'> = {
    config,
    logger,
    db: ctx.db,
    events: ctx.events,
    commands: ctx.commands,
    clock: ctx.clock,
    newId: ctx.newId,
    auth: ctx.auth,
    mailer: mailerFromConfig(config, logger),
    knowledge: createKnowledgeBase(),
    limits: createTicketLimits(createRateLimiter(ctx.runner.sql), config),
    model: config.OPENAI_API_KEY
      ? createChatModel({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          model: config.OPENAI_MODEL,
          timeoutMs: config.OPENAI_TIMEOUT_MS,
          maxCompletionTokens: config.OPENAI_MAX_COMPLETION_TOKENS,
        })
      : null,
  };
  return {
    ...support,
    sweeper: createAutoCloseSweeper(support, ctx.pool),
    prober: createStatusProber({ ...support, targets: probeTargets(config) }),
  };
}
