import type {
  Clock,
  CommandHandler,
  IdGenerator,
  Logger,
  RevocationList,
  SessionAuth,
} from '@mia/service-kit';
import type { IdentityConfig } from './config.js';
import type { IdentityDb, IdentityTx } from './db.js';
import type { PasswordHasher } from './passwords/hasher.js';
import type { IdentityLimits } from './rate-limit/limits.js';
import type { BackgroundTasks } from './shared/background.js';
import type { Mailer } from '@mia/service-kit';
import type { SessionReader } from './shared/session-read.js';
import type { SessionTokens } from './shared/session-tokens.js';
import type { PendingSignInCookie } from './shared/pending-sign-in.js';
import type Provider from 'oidc-provider';

/**
 * Everything identity's commands and routes work with: built once per running service by the
 * definition's `setup` (tests start several services in one process).
 */
export interface Identity {
  config: IdentityConfig;
  logger: Logger;
  /** The read models (users, sessions, reset links) and the rate-limit counters. */
  db: IdentityDb;
  /** A session and its user in one statement: the read behind every GET /api/user. */
  readSession: SessionReader;
  /** Runs a decider against the event store: the only way identity changes a user. */
  commands: CommandHandler<IdentityTx>;
  /** The service's one clock: commands decide with it and the store stamps events with it. */
  clock: Clock;
  newId: IdGenerator;
  auth: SessionAuth;
  revocations: RevocationList;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  /** The cookie of a sign-in waiting for its second factor. */
  pendingSignIn: PendingSignInCookie;
  limits: IdentityLimits;
  mailer: Mailer;
  background: BackgroundTasks;
  oauth: OAuthServer;
}

/** The OAuth authorization server (oidc-provider) and the resources it issues tokens for. */
export interface OAuthServer {
  provider: Provider;
  /** The tool API (the default resource) and every resource tokens may be asked for. */
  resources: { default: string; all: readonly string[] };
}
