import { randomUUID } from 'node:crypto';
import { badRequest, conflict, isUniqueViolation } from '@mia/service-kit';
import { roleFor } from '../admin/admin-roles.js';
import type { IdentityDb } from '../db.js';
import { newEvent, userStreamId } from '../events.js';
import type { Identity } from '../identity.js';
import { passwordProblem } from '../passwords/policy.js';
import { startSession } from '../sessions/session-events.js';
import type { SessionFacts } from '../sessions/session-tokens.js';
import type { User } from '../generated/prisma/client.js';
import { PasswordSet, UserRegisteredV1 } from './events.js';
import { normalizeEmail } from './user-view.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';

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

function duplicateError(taken: { email: boolean; username: boolean }) {
  if (taken.email) return conflict(EMAIL_TAKEN_MESSAGE, 'email_taken');
  if (taken.username) return conflict(USERNAME_TAKEN_MESSAGE, 'username_taken');
  return undefined;
}

/**
 * Registers a user and signs them in: UserRegistered, PasswordSet and SessionStarted in one
 * append. The unique indexes of the users projection, written in the same transaction, make a
 * duplicate that slips past the first check fail as cleanly (409).
 */
export async function registerUser(
  identity: Identity,
  input: RegisterInput,
): Promise<{ user: User; session: SessionFacts }> {
  const email = normalizeEmail(input.email);
  const username = input.username.trim();
  const name = input.name.trim();
  const problem = passwordProblem(input.password, { email, username });
  if (problem) throw badRequest(problem, 'weak_password');

  const duplicate = duplicateError(await takenBy(identity.db, email, username));
  if (duplicate) throw duplicate;

  const passwordHash = await identity.hasher.hash(input.password);
  const userId = randomUUID();
  const role = roleFor(email, identity.config.ADMIN_EMAILS);
  const { session, event: sessionStarted } = startSession(
    userId,
    identity.clock(),
    identity.config,
  );
  try {
    return await identity.events.transaction(async (store) => {
      await store.append(userStreamId(userId), 'no-stream', [
        newEvent(UserRegisteredV1, { userId, email, name, username, role }),
        newEvent(PasswordSet, { userId, passwordHash, reason: 'registration' }),
        sessionStarted,
      ]);
      const user = await store.tx.user.findUniqueOrThrow({ where: { id: userId } });
      return { user, session };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key'))
      throw duplicateError({ email: true, username: false })!;
    if (isUniqueViolation(err, 'users_username_key')) {
      throw duplicateError({ email: false, username: true })!;
    }
    throw err;
  }
}
