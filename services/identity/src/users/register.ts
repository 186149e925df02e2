import { isUniqueViolation } from '@mia/service-kit';
import type { IdentityDb } from '../db.js';
import type { User } from '../generated/prisma/client.js';
import type { Identity } from '../identity.js';
import { passwordProblem } from '../passwords/policy.js';
import type { SessionFacts } from '../shared/session-tokens.js';
import { emailTaken, usernameTaken, weakPassword } from './refusals.js';
import { hashLinkToken, newLinkToken } from '../shared/link-tokens.js';
import { changeUser, startedSession, type UserCommandResult } from './user-stream.js';
import { normalizeEmail } from './user-view.js';

export { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from './refusals.js';

export interface RegisterInput {
  name: string;
  username: string;
  email: string;
  password: string;
}

/** Which of the e-mail and username another account already uses (usernames ignore case). */
async function takenBy(db: IdentityDb, email: string, username: string) {
  const rows = await db.$queryRaw<{ email_taken: boolean; username_taken: boolean }[]>`
    SELECT bool_or(email = ${email}) AS email_taken,
           bool_or(lower(username) = lower(${username})) AS username_taken
    FROM users WHERE email = ${email} OR lower(username) = lower(${username})`;
  return { email: rows[0]?.email_taken === true, username: rows[0]?.username_taken === true };
}

/**
 * Registers a user and signs them in: UserRegistered, PasswordSet, EmailVerificationRequested
 * and SessionStarted in one append. The user starts unverified and never as admin, whatever
 * ADMIN_EMAILS says: that waits for the link. Uniqueness spans users, so no user's stream can
 * decide it: the users projection's unique indexes, written in the same transaction, make a
 * duplicate that slips past the first check fail as cleanly (409). The caller mails the link
 * with `verificationToken`.
 */
export async function registerUser(
  identity: Identity,
  input: RegisterInput,
): Promise<{ user: User; session: SessionFacts; verificationToken: string }> {
  const email = normalizeEmail(input.email);
  const username = input.username.trim();
  const name = input.name.trim();
  const problem = passwordProblem(input.password, { email, username });
  if (problem) throw weakPassword(problem);

  const taken = await takenBy(identity.db, email, username);
  if (taken.email) throw emailTaken();
  if (taken.username) throw usernameTaken();

  const passwordHash = await identity.hasher.hash(input.password);
  const userId = identity.newId();
  // A secret, not an id: made here, and only its hash reaches the decider and the store.
  const verificationToken = newLinkToken();
  let result: UserCommandResult;
  try {
    result = await changeUser(identity, userId, {
      kind: 'RegisterUser',
      userId,
      email,
      name,
      username,
      passwordHash,
      verificationTokenHash: hashLinkToken(verificationToken),
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
    if (isUniqueViolation(err, 'users_username_key')) throw usernameTaken();
    throw err;
  }
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: userId } });
  return { user, session: startedSession(result.decided), verificationToken };
}
