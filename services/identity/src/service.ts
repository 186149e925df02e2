import { fileURLToPath } from 'node:url';
import { HttpError, type ServiceContext, type ServiceDefinition } from '@mia/service-kit';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { applyAdminRoles } from './admin/admin-roles.js';
import { identityConfigSchema, type IdentityConfig } from './config.js';
import { emailVerificationRoutes } from './email-verification/routes.js';
import { verificationTokensProjection } from './email-verification/verification-tokens-projection.js';
import { identityDatabase, type IdentityDb, type IdentityTx } from './db.js';
import type { Identity } from './identity.js';
import { resetTokensProjection } from './password-reset/reset-tokens-projection.js';
import { passwordResetRoutes } from './password-reset/routes.js';
import { BcryptBusyError } from './passwords/bcrypt-pool.js';
import { busyRetryAfterSeconds } from './passwords/busy-retry-after.js';
import { observeHasher } from './passwords/hash-metrics.js';
import { createPasswordHasher } from './passwords/hasher.js';
import { identityLimits } from './rate-limit/limits.js';
import { createLoginThrottle } from './rate-limit/login-throttle.js';
import { createRateLimiter } from '@mia/service-kit';
import { sessionRoutes } from './sessions/routes.js';
import { sessionReader } from './shared/session-read.js';
import { sessionsProjection } from './sessions/sessions-projection.js';
import { BackgroundTasks } from './shared/background.js';
import { mailerFromConfig } from '@mia/service-kit';
import { createSessionTokens } from './shared/session-tokens.js';
import { userRoutes } from './users/routes.js';
import { pendingSignInCookie } from './shared/pending-sign-in.js';
import { twoFactorRoutes } from './two-factor/routes.js';
import { roleRoutes } from './admin/routes.js';
import { usersProjection } from './users/users-projection.js';
import { connectedAppsRoutes } from './oauth/connected-apps-routes.js';
import { noteConnectionUsed } from './oauth/connected-apps.js';
import { identityConsumers } from './integration/consumers.js';
import { revokeConnection } from './oauth/connections.js';
import { oauthConnectionsProjection } from './oauth/connections-projection.js';
import { createAuthorizationServer } from './oauth/provider.js';
import { mountAuthorizationServer } from './oauth/routes.js';
import { accountExportConsumer } from './privacy/consumers.js';
import { accountExportsProjection } from './privacy/exports-projection.js';
import { accountExportRoutes } from './privacy/routes.js';

/** Identity's own dependencies, built once per running service from the kit's context. */
function setupIdentity(ctx: ServiceContext<IdentityConfig, IdentityTx, IdentityDb>): Identity {
  const { config, logger } = ctx;
  const oauth = createAuthorizationServer(
    config,
    ctx.runner.sql,
    {
      grantRevoked: async (grantId, reason) => {
        await revokeConnection(ctx, grantId, reason);
      },
      grantUsed: (grantId) => noteConnectionUsed(ctx.runner.sql, grantId, ctx.clock()),
    },
    logger,
  );
  return {
    oauth,
    config,
    logger,
    db: ctx.db,
    readSession: sessionReader(ctx.pool, ctx.schema),
    commands: ctx.commands,
    clock: ctx.clock,
    newId: ctx.newId,
    auth: ctx.auth,
    revocations: ctx.revocations,
    hasher: observeHasher(
      createPasswordHasher({
        cost: config.BCRYPT_COST,
        workers: config.BCRYPT_WORKERS,
        maxWaitMs: config.BCRYPT_MAX_WAIT_MS,
      }),
    ),
    // Tokens too: a session's times and its tokens' times come from the one clock.
    tokens: createSessionTokens(config, () => ctx.clock().getTime()),
    pendingSignIn: pendingSignInCookie(config),
    limits: identityLimits(
      createRateLimiter(ctx.runner.sql),
      createLoginThrottle(ctx.runner, {
        freeAttempts: config.RATE_LIMIT_LOGIN_FREE_FAILURES,
        windowMs: config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      }),
      config,
    ),
    // Identity mails after its decisions commit (reset, verification), never under a lock,
    // so it sends directly; the explicit SMTP timeouts still bound each send.
    mailer: mailerFromConfig(config, logger),
    background: new BackgroundTasks(logger),
  };
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('cache-control', 'no-store');
  next();
};

// Password checks queue for the bcrypt workers; one that could not be served within the wait
// budget is told to come back instead of waiting into a timeout.
const serverBusy: ErrorRequestHandler = (err, _req, _res, next) => {
  if (!(err instanceof BcryptBusyError)) return next(err);
  next(
    new HttpError(503, 'The server is busy. Please try again in a moment.', 'busy', undefined, {
      'retry-after': String(busyRetryAfterSeconds(err)),
    }),
  );
};

export const identityService: ServiceDefinition<
  typeof identityConfigSchema,
  IdentityTx,
  IdentityDb,
  Identity
> = {
  name: 'identity',
  configSchema: identityConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  database: identityDatabase,
  projections: () => [
    usersProjection,
    sessionsProjection,
    resetTokensProjection,
    verificationTokensProjection,
    oauthConnectionsProjection,
    accountExportsProjection,
  ],
  consumers: (ctx) => [
    ...identityConsumers(),
    accountExportConsumer({ origin: ctx.config.PUBLIC_ORIGIN, schema: ctx.schema }),
  ],
  // The export-ready mail is queued by a reaction; the kit's worker sends it after commit.
  mailer: (identity) => identity.mailer,
  setup: setupIdentity,
  async onStart(ctx, identity) {
    const changed = await applyAdminRoles(identity);
    await identity.hasher.warmUp();
    ctx.logger.info(
      {
        rolesChanged: changed,
        mail: identity.mailer.destination,
        bcryptCost: identity.hasher.cost,
      },
      'identity ready',
    );
  },
  routes(app, _ctx, identity) {
    // Every identity answer may carry a session, a token or the user: no cache keeps one.
    app.use('/api', noStore);
    app.use(sessionRoutes(identity));
    app.use(userRoutes(identity));
    app.use(passwordResetRoutes(identity));
    app.use(emailVerificationRoutes(identity));
    app.use(twoFactorRoutes(identity));
    app.use(roleRoutes(identity));
    app.use(connectedAppsRoutes(identity));
    app.use(accountExportRoutes(identity));
    mountAuthorizationServer(app, identity);
    app.use(serverBusy);
  },
  shutdownSteps: (_ctx, identity) => [
    { name: 'background mail', stop: () => identity.background.drain() },
    { name: 'bcrypt workers', stop: () => identity.hasher.close() },
    { name: 'mailer', stop: () => identity.mailer.close() },
  ],
};
