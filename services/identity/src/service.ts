import { fileURLToPath } from 'node:url';
import { HttpError, type ServiceContext, type ServiceDefinition } from '@mia/service-kit';
import type { ErrorRequestHandler, Express } from 'express';
import { applyAdminRoles } from './admin/admin-roles.js';
import { BackgroundTasks } from './background.js';
import { identityConfigSchema, type IdentityConfig } from './config.js';
import { identityDatabase, type IdentityDb, type IdentityTx } from './db.js';
import type { Identity } from './identity.js';
import { BcryptBusyError } from './passwords/bcrypt-pool.js';
import { createPasswordHasher } from './passwords/hasher.js';
import { createMailer } from './password-reset/mailer.js';
import { resetTokensProjection } from './password-reset/reset-tokens-projection.js';
import { passwordResetRoutes } from './password-reset/routes.js';
import { identityLimits } from './rate-limit/limits.js';
import { createRateLimiter } from './rate-limit/rate-limiter.js';
import { sessionRoutes } from './sessions/routes.js';
import { createSessionTokens } from './sessions/session-tokens.js';
import { sessionsProjection } from './sessions/sessions-projection.js';
import { userRoutes } from './users/routes.js';
import { usersProjection } from './users/users-projection.js';

type Context = ServiceContext<IdentityConfig, IdentityTx, IdentityDb>;

// One Identity per running service (tests start several in one process).
const built = new WeakMap<Context, Identity>();

function identityOf(ctx: Context): Identity {
  let identity = built.get(ctx);
  if (!identity) {
    const { config, logger } = ctx;
    identity = {
      config,
      logger,
      db: ctx.db,
      events: ctx.events,
      auth: ctx.auth,
      revocations: ctx.revocations,
      hasher: createPasswordHasher({ cost: config.BCRYPT_COST, workers: config.BCRYPT_WORKERS }),
      tokens: createSessionTokens(config),
      limits: identityLimits(createRateLimiter(ctx.runner.sql), config),
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        mailDir: config.MAIL_DIR,
        logger,
      }),
      background: new BackgroundTasks(logger),
      clock: () => new Date(),
    };
    built.set(ctx, identity);
  }
  return identity;
}

// Password checks queue for the bcrypt workers; past the queue's bound the caller is told to
// come back shortly instead of waiting into a timeout.
const serverBusy: ErrorRequestHandler = (err, _req, _res, next) => {
  if (!(err instanceof BcryptBusyError)) return next(err);
  next(
    new HttpError(503, 'The server is busy. Please try again in a moment.', 'busy', undefined, {
      'retry-after': '2',
    }),
  );
};

export const identityService: ServiceDefinition<
  typeof identityConfigSchema,
  IdentityTx,
  IdentityDb
> = {
  name: 'identity',
  configSchema: identityConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  database: identityDatabase,
  projections: () => [usersProjection, sessionsProjection, resetTokensProjection],
  async onStart(ctx) {
    const identity = identityOf(ctx);
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
  routes(app: Express, ctx) {
    const identity = identityOf(ctx);
    app.use(sessionRoutes(identity));
    app.use(userRoutes(identity));
    app.use(passwordResetRoutes(identity));
    app.use(serverBusy);
  },
  shutdownSteps: (ctx) => {
    const identity = identityOf(ctx);
    return [
      { name: 'background mail', stop: () => identity.background.drain() },
      { name: 'bcrypt workers', stop: () => identity.hasher.close() },
      { name: 'mailer', stop: () => identity.mailer.close() },
    ];
  },
};
