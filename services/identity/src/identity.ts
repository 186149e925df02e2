import type { EventStore, Logger, RevocationList, SessionAuth } from '@mia/service-kit';
import type { IdentityConfig } from './config.js';
import type { IdentityDb, IdentityTx } from './db.js';
import type { BackgroundTasks } from './background.js';
import type { PasswordHasher } from './passwords/hasher.js';
import type { Mailer } from './password-reset/mailer.js';
import type { IdentityLimits } from './rate-limit/limits.js';
import type { SessionTokens } from './sessions/session-tokens.js';

/** Everything identity's commands and routes work with, built once per running service. */
export interface Identity {
  config: IdentityConfig;
  logger: Logger;
  db: IdentityDb;
  events: EventStore<IdentityTx>;
  auth: SessionAuth;
  revocations: RevocationList;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  limits: IdentityLimits;
  mailer: Mailer;
  background: BackgroundTasks;
  clock: () => Date;
}
