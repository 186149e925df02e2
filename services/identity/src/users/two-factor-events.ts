import { defineDomainEvent } from '@mia/service-kit';
import { z } from 'zod';

// The second factor's events live in the user's stream (`user-<id>`) beside the sessions they
// guard, and never leave identity: they carry the TOTP secret and the recovery codes' hashes.

const isoInstant = z.iso.datetime({ offset: true });
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The user asked to set up an authenticator app: the secret it will share (base32). Asking
 * again replaces it; nothing is required at sign-in until TotpEnabled.
 */
export const TotpEnrolmentStarted = defineDomainEvent(
  'TotpEnrolmentStarted',
  z.object({ userId: z.uuid(), secret: z.string().regex(/^[A-Z2-7]{16,128}$/) }),
);

/**
 * The user proved the app works (a valid code for the pending secret): sign-ins now need a
 * second factor. `step` is the TOTP time step of that code, which can then never sign in;
 * `recoveryCodeHashes` are the SHA-256 of the ten single-use recovery codes shown once.
 */
export const TwoFactorEnabled = defineDomainEvent(
  'TwoFactorEnabled',
  z.object({
    userId: z.uuid(),
    method: z.literal('totp'),
    step: z.number().int().nonnegative(),
    recoveryCodeHashes: z.array(sha256Hex).min(1).max(20),
  }),
);

/**
 * The password was right on an account with a second factor: a pending sign-in, identified by
 * the SHA-256 of the token in the browser's short-lived cookie. No session yet.
 */
export const SecondFactorChallenged = defineDomainEvent(
  'SecondFactorChallenged',
  z.object({ userId: z.uuid(), challengeHash: sha256Hex, expiresAt: isoInstant }),
);

/**
 * A second factor was accepted for a pending sign-in: a TOTP code of time step `step` (no code
 * of that step or an earlier one is accepted again) or the recovery code `recoveryCodeHash`
 * (used up).
 */
export const SecondFactorVerified = defineDomainEvent(
  'SecondFactorVerified',
  z.discriminatedUnion('method', [
    z.object({
      userId: z.uuid(),
      challengeHash: sha256Hex,
      method: z.literal('totp'),
      step: z.number().int().nonnegative(),
    }),
    z.object({
      userId: z.uuid(),
      challengeHash: sha256Hex,
      method: z.literal('recovery'),
      recoveryCodeHash: sha256Hex,
    }),
  ]),
);

/** The owner turned the second factor off (password and a code again): the secret is gone. */
export const TwoFactorDisabled = defineDomainEvent(
  'TwoFactorDisabled',
  z.object({ userId: z.uuid() }),
);
