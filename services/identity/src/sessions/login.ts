import type { Response } from 'express';
import type { User } from '../generated/prisma/client.js';
import type { Identity } from '../identity.js';
import type { SessionFacts } from '../shared/session-tokens.js';
import { invalidCredentials } from '../users/refusals.js';
import { changeUser, startedSession } from '../users/user-stream.js';
import { normalizeEmail } from '../users/user-view.js';

export { INVALID_CREDENTIALS_MESSAGE } from '../users/refusals.js';

/** Signed in, or the password was right and the account's second factor is due. */
export type LoginOutcome =
  | { kind: 'signed-in'; user: User; session: SessionFacts }
  | { kind: 'second-factor'; setPendingCookie(res: Response): void };

export interface LoginInput {
  email: string;
  password: string;
  ip: string | undefined;
}

/**
 * Signs a user in. A wrong e-mail and a wrong password take the same path (rate limits, one
 * bcrypt comparison, the same 401), so neither the answer nor its timing tells whether an
 * account exists. bcrypt runs before the command; the decider refuses the session when the
 * password changed after the hash it was checked against. On an account with a second factor
 * the decider opens a pending sign-in instead of a session.
 */
export async function login(identity: Identity, input: LoginInput): Promise<LoginOutcome> {
  const email = normalizeEmail(input.email);
  await identity.limits.check('login', input.ip);
  // Before bcrypt: a client that kept failing on this account waits, whatever it sends now.
  await identity.limits.passwordAttempt(email, input.ip);

  const found = await identity.db.user.findUnique({ where: { email } });
  const matches = await identity.hasher.verify(input.password, found?.passwordHash);
  if (!found?.passwordHash || !matches) throw invalidCredentials();
  const checkedHash = found.passwordHash;
  // A hash of an older cost is replaced now, while the password is at hand.
  const rehashedHash = identity.hasher.needsRehash(checkedHash)
    ? await identity.hasher.hash(input.password)
    : undefined;

  const pending = identity.pendingSignIn.create(found.id);
  const result = await changeUser(identity, found.id, {
    kind: 'StartSession',
    checkedHash,
    rehashedHash,
    challengeHash: pending.challengeHash,
  });
  await identity.limits.passwordAccepted(email, input.ip);
  if (result.decided.some((e) => e.type === 'SecondFactorChallenged')) {
    return { kind: 'second-factor', setPendingCookie: pending.set };
  }
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: found.id } });
  return { kind: 'signed-in', user, session: startedSession(result.decided) };
}
