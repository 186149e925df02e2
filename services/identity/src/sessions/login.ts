import { unauthorized } from '@mia/service-kit';
import type { Identity } from '../identity.js';
import { newEvent } from '../events.js';
import type { User } from '../generated/prisma/client.js';
import { PasswordSet } from '../users/events.js';
import { changeUser } from '../users/user-stream.js';
import { normalizeEmail } from '../users/user-view.js';
import { startSession } from './session-events.js';
import type { SessionFacts } from './session-tokens.js';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export interface LoginInput {
  email: string;
  password: string;
  ip: string | undefined;
}

const invalidCredentials = () => unauthorized(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');

/**
 * Signs a user in. A wrong e-mail and a wrong password take the same path (rate limits, one
 * bcrypt comparison, the same 401), so neither the answer nor its timing tells whether an
 * account exists. The session is appended expecting the version of the user that was checked:
 * a password changed meanwhile makes the sign-in fail instead of outliving the change.
 */
export async function login(
  identity: Identity,
  input: LoginInput,
): Promise<{ user: User; session: SessionFacts }> {
  const email = normalizeEmail(input.email);
  await identity.limits.check('login', input.ip, email);

  const found = await identity.db.user.findUnique({ where: { email } });
  const matches = await identity.hasher.verify(input.password, found?.passwordHash);
  if (!found || !matches) throw invalidCredentials();
  const checkedHash = found.passwordHash!;

  // bcrypt is slow on purpose; do it outside the transaction.
  const rehashed = identity.hasher.needsRehash(checkedHash)
    ? await identity.hasher.hash(input.password)
    : undefined;

  const result = await changeUser(identity.events, found.id, async (user) => {
    if (user.passwordHash !== checkedHash) throw invalidCredentials();
    const { session, event } = startSession(user.id, identity.clock(), identity.config);
    const events = [event];
    if (rehashed) {
      events.unshift(
        newEvent(PasswordSet, { userId: user.id, passwordHash: rehashed, reason: 'rehash' }),
      );
    }
    return { events, result: session };
  });
  await identity.limits.clearLoginFailures(email);
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: found.id } });
  return { user, session: result };
}
