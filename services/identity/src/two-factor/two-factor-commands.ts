import type { User } from '../generated/prisma/client.js';
import type { Identity } from '../identity.js';
import type { SessionFacts } from '../shared/session-tokens.js';
import { wrongCurrentPassword } from '../users/refusals.js';
import { changeUser, startedSession } from '../users/user-stream.js';
import { hashRecoveryCode, newRecoveryCodes } from '../users/recovery-codes.js';
import { secondFactorExpired } from '../users/two-factor-refusals.js';
import { newTotpSecret, otpauthUrl } from '../users/totp.js';

// The second factor's use cases: each gathers what the decider needs (a new secret, recovery
// codes and their hashes, a checked password), counts the attempt against the rate limits and
// runs one command on the user's stream. The decider decides whether the code is good.

interface Caller {
  userId: string;
  sessionId: string | undefined;
  ip: string | undefined;
}

/** A fresh secret for the authenticator app (the QR code's URL names the account). */
export async function setUpTotp(identity: Identity, caller: Caller) {
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: caller.userId } });
  const secret = newTotpSecret();
  await changeUser(identity, user.id, { kind: 'StartTotpEnrolment', secret });
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/** The app's code confirms the secret: ten recovery codes, and a session with the factor. */
export async function enableTotp(
  identity: Identity,
  caller: Caller,
  code: string,
): Promise<{ user: User; session: SessionFacts; recoveryCodes: string[] }> {
  await identity.limits.check('second-factor', caller.ip, caller.userId);
  const recoveryCodes = newRecoveryCodes();
  const result = await changeUser(identity, caller.userId, {
    kind: 'EnableTotp',
    code,
    recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
    sessionId: caller.sessionId,
  });
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: caller.userId } });
  return { user, session: startedSession(result.decided), recoveryCodes };
}

/** The code for a pending sign-in (named by its cookie): the session, made with both factors. */
export async function completeSignIn(
  identity: Identity,
  pending: { userId: string; challengeHash: string } | null,
  code: string,
  ip: string | undefined,
): Promise<{ user: User; session: SessionFacts }> {
  await identity.limits.check('second-factor', ip, pending?.userId);
  if (!pending) throw secondFactorExpired();
  const result = await changeUser(identity, pending.userId, {
    kind: 'CompleteSignIn',
    challengeHash: pending.challengeHash,
    code,
  }).catch((error: unknown) => {
    // A cookie naming a user that does not exist is as stale as an expired one.
    if ((error as { code?: string }).code === 'unknown_user') throw secondFactorExpired();
    throw error;
  });
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: pending.userId } });
  return { user, session: startedSession(result.decided) };
}

/** Turning the factor off takes the password and a code again. */
export async function disableTwoFactor(
  identity: Identity,
  caller: Caller,
  input: { password: string; code: string },
): Promise<{ user: User; session: SessionFacts }> {
  const found = await identity.db.user.findUniqueOrThrow({ where: { id: caller.userId } });
  await identity.limits.check('second-factor', caller.ip, caller.userId);
  await identity.limits.passwordAttempt(found.email, caller.ip);
  const checkedHash = found.passwordHash;
  if (!checkedHash || !(await identity.hasher.verify(input.password, checkedHash))) {
    throw wrongCurrentPassword();
  }
  await identity.limits.passwordAccepted(found.email, caller.ip);
  const result = await changeUser(identity, found.id, {
    kind: 'DisableTwoFactor',
    checkedHash,
    code: input.code,
    sessionId: caller.sessionId,
  });
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: found.id } });
  return { user, session: startedSession(result.decided) };
}
