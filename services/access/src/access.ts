import type pg from 'pg';
import {
  GrantRevocationList,
  mailerFromConfig,
  type AccessTokenVerifier,
  type Clock,
  type CommandHandler,
  type EventStore,
  type Logger,
  type Mailer,
  type SessionAuth,
  type ServiceContext,
} from '@mia/service-kit';
import { configureEntitlements } from './entitlements/entitlements-policy.js';
import { createCodeVault, type CodeVault } from './access-codes/code-vault.js';
import { codeOwnerLookup, type CodeOwnerLookup } from './access-codes/access-codes.js';
import { createGrantsCache, type GrantsCache } from './entitlements/grants-cache.js';
import { ProductCatalog } from './catalog/product-catalog.js';
import type { AccessConfig } from './config.js';
import { dashboardReader, type DashboardRows } from './dashboard/dashboard-read.js';
import type { AccessTx } from './db.js';
import type { PrismaClient } from './generated/prisma/client.js';
import { createRateLimiter, type RateLimiter } from '@mia/service-kit';
import { createGptKeys, type GptKeys } from './verification/gpt-keys.js';
import { createGptLimits, type GptLimits } from './verification/gpt-limits.js';
import { createUserTokens } from './verification/user-tokens.js';
import { verificationStore } from './verification/verification-store.js';
import {
  codeOwnerWithEntitlements,
  type CodeOwnerWithEntitlements,
} from './verification/code-owner.js';

/** What access's routes work with, built once per running service (ServiceDefinition.setup). */
export interface Access {
  config: AccessConfig;
  /** The service's schema (its event store's tables live there). */
  schema: string;
  logger: Logger;
  db: PrismaClient;
  /** Plain pg, for the sweeps' advisory locks. */
  pool: pg.Pool;
  events: EventStore<AccessTx>;
  commands: CommandHandler<AccessTx>;
  clock: Clock;
  auth: SessionAuth;
  vault: CodeVault;
  /** A code's owner by its lookup hash (plain pg: the verification call's first read). */
  codeOwner: CodeOwnerLookup;
  /** A code's owner and their entitlements stream's version, in one read (the GPT API's). */
  codeOwnerWithEntitlements: CodeOwnerWithEntitlements;
  /** The verification call's store: the usage stream's appends on plain pg. */
  verificationEvents: EventStore<unknown>;
  /** Users' grants folded from their entitlements streams, read on from the last version. */
  grantsCache: GrantsCache;
  /** Exact counters in PostgreSQL, for the public access page's per-IP limit. */
  limiter: RateLimiter;
  /** The verification API's limits, in memory (no write per call). */
  gptLimits: GptLimits;
  /** Billing's catalogue as this replica knows it (catalog/catalog-feed.ts keeps it). */
  catalog: ProductCatalog;
  gptKeys: GptKeys;
  /** OAuth grants revoked (identity's OAuthGrantRevoked, read by every replica). */
  grantRevocations: GrantRevocationList;
  /** Checks user access tokens (connected apps) and tells them from API keys. */
  userTokens: AccessTokenVerifier;
  mailer: Mailer;
  /** The dashboard's rows in one round trip. */
  readDashboard(userId: string): Promise<DashboardRows>;
}

export function setupAccess(ctx: ServiceContext<AccessConfig, AccessTx, PrismaClient>): Access {
  const { config } = ctx;
  configureEntitlements({ pastDueGraceDays: config.PAST_DUE_GRACE_DAYS });
  const verificationEvents = verificationStore(ctx.pool, ctx.schema, ctx.clock);
  const grantRevocations = new GrantRevocationList(
    config.OAUTH_REVOCATION_LOOKBACK_HOURS * 3_600_000,
  );
  return {
    config,
    schema: ctx.schema,
    logger: ctx.logger,
    db: ctx.db,
    pool: ctx.pool,
    events: ctx.events,
    commands: ctx.commands,
    clock: ctx.clock,
    auth: ctx.auth,
    vault: createCodeVault(config.ACCESS_CODE_SECRET),
    codeOwner: codeOwnerLookup(ctx.pool, ctx.schema),
    codeOwnerWithEntitlements: codeOwnerWithEntitlements(ctx.pool, ctx.schema),
    verificationEvents,
    grantsCache: createGrantsCache(verificationEvents.readStream),
    limiter: createRateLimiter(ctx.runner.sql),
    gptLimits: createGptLimits(config, ctx.clock),
    catalog: new ProductCatalog(),
    gptKeys: createGptKeys(config.GPT_API_KEYS),
    grantRevocations,
    userTokens: createUserTokens(config, grantRevocations),
    mailer: mailerFromConfig(config, ctx.logger),
    readDashboard: dashboardReader(ctx.pool, ctx.schema),
  };
}
