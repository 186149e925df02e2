import {
  ADMIN_EMAILS_REASON,
  PasswordChangedV1,
  SessionsRevokedV1,
  UserEmailVerifiedV1,
  UserRegisteredV1,
  UserRoleChangedV2,
} from '@mia/contracts';
import { defineDomainEvent, readerOf, type EventOf, type StoredEvent } from '@mia/service-kit';
import { z } from 'zod';
import {
  SecondFactorChallenged,
  SecondFactorVerified,
  TotpEnrolmentStarted,
  TwoFactorDisabled,
  TwoFactorEnabled,
} from './two-factor-events.js';
import type { TwoFactorEvent } from './two-factor-state.js';

export {
  PasswordChangedV1,
  SessionsRevokedV1,
  UserEmailVerifiedV1,
  UserRegisteredV1,
  UserRoleChangedV2,
};

// Everything about one user lives in the stream `user-<id>`: the integration events of
// @mia/contracts and the domain events below, which never leave identity (they carry password
// hashes, token hashes and session ids).

const isoInstant = z.iso.datetime({ offset: true });

/**
 * The user's bcrypt hash. It follows UserRegistered and accompanies every PasswordChanged;
 * `rehash` keeps the password (a new cost factor). `resetTokenHash` names the reset link used.
 */
export const PasswordSet = defineDomainEvent(
  'PasswordSet',
  z.object({
    userId: z.uuid(),
    passwordHash: z.string().regex(/^\$2[aby]\$\d{2}\$/, 'a bcrypt hash'),
    reason: z.enum(['registration', 'reset', 'change', 'rehash']),
    resetTokenHash: z.string().optional(),
  }),
);

/**
 * A sign-in (or registration) opened a login session; tokens carry its id as `sid`.
 * v2 adds `startedAt`, so the user's state can forget sessions past their absolute end.
 */
export const SessionStarted = defineDomainEvent(
  'SessionStarted',
  z.object({
    userId: z.uuid(),
    sessionId: z.uuid(),
    startedAt: isoInstant,
    /** Absolute end of the session; no token of it is valid afterwards. */
    expiresAt: isoInstant,
    /**
     * How the user proved who they are (the token's `amr`): `['pwd']`, or `['pwd', 'otp']` with
     * the second factor. Absent on sessions started before the second factor existed: password.
     */
    amr: z.array(z.enum(['pwd', 'otp'])).optional(),
  }),
  2,
);

/** A reset link was mailed. Only the token's SHA-256 is recorded. */
export const PasswordResetRequested = defineDomainEvent(
  'PasswordResetRequested',
  z.object({
    userId: z.uuid(),
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: isoInstant,
  }),
);

/**
 * A link to verify the e-mail address was mailed (at registration, or asked again). Only the
 * token's SHA-256 is recorded; a newer link replaces the ones mailed before.
 */
export const EmailVerificationRequested = defineDomainEvent(
  'EmailVerificationRequested',
  z.object({
    userId: z.uuid(),
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: isoInstant,
  }),
);

export type UserEvent =
  | EventOf<typeof UserRegisteredV1>
  | EventOf<typeof PasswordSet>
  | EventOf<typeof PasswordChangedV1>
  | EventOf<typeof SessionStarted>
  | EventOf<typeof SessionsRevokedV1>
  | EventOf<typeof PasswordResetRequested>
  | EventOf<typeof UserRoleChangedV2>
  | EventOf<typeof EmailVerificationRequested>
  | EventOf<typeof UserEmailVerifiedV1>
  | TwoFactorEvent;

const definitions = [
  UserRegisteredV1,
  PasswordSet,
  PasswordChangedV1,
  SessionStarted,
  SessionsRevokedV1,
  PasswordResetRequested,
  UserRoleChangedV2,
  EmailVerificationRequested,
  UserEmailVerifiedV1,
  TotpEnrolmentStarted,
  TwoFactorEnabled,
  SecondFactorChallenged,
  SecondFactorVerified,
  TwoFactorDisabled,
];
const versions = new Map(definitions.map((d) => [d.type, d.version]));
const read = readerOf<UserEvent>(definitions);

const upcast = (event: StoredEvent): StoredEvent => {
  // SessionStarted v1 had no `startedAt`: the session started when the event was stored.
  if (event.type === SessionStarted.type && event.version === 1) {
    return {
      ...event,
      version: 2,
      data: { ...(event.data as object), startedAt: event.occurredAt },
    };
  }
  // UserRoleChanged v1 came only from ADMIN_EMAILS at start: nobody's command, that reason.
  if (event.type === UserRoleChangedV2.type && event.version === 1) {
    return {
      ...event,
      version: 2,
      data: { ...(event.data as object), by: null, reason: ADMIN_EMAILS_REASON },
    };
  }
  return event;
};

/** A stored event of a user stream as the decider and the projections read it (upcast). */
export const readUserEvent = (event: StoredEvent): UserEvent | undefined => read(upcast(event));

/** The schema version a new event is appended with. */
export const versionOfUserEvent = (event: UserEvent): number => versions.get(event.type) ?? 1;
