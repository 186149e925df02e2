import { z } from 'zod';

/** JWT `typ` header of session tokens, so no other token identity signs can pass for one. */
export const SESSION_TOKEN_TYPE = 'session+jwt';
export const SESSION_TOKEN_ALG = 'ES256';

export const sessionRoleSchema = z.enum(['user', 'admin']);
export type SessionRole = z.infer<typeof sessionRoleSchema>;

/** The claims of a session token (RFC 7519 names; `sid` identifies the login session). */
export const sessionClaimsSchema = z.object({
  sub: z.string().min(1),
  role: sessionRoleSchema,
  jti: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  sid: z.string().min(1).optional(),
  auth_time: z.number().int().optional(),
  /**
   * How the session was made (RFC 8176 values): `pwd` a password, `otp` a one-time code as
   * well. Every service reads it from the token, so each can require the second factor itself.
   * Tokens issued before it existed have none: they count as password only.
   */
  amr: z.array(z.string().min(1).max(20)).max(5).optional(),
  email: z.string().optional(),
  name: z.string().optional(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** Who is calling, as route handlers see it (req.user). */
export interface SessionUser {
  id: string;
  role: SessionRole;
  email?: string;
  name?: string;
  sessionId?: string;
  /** The session token's `amr` (how the session was made), when it has one. */
  amr?: string[];
}

/** The `amr` value of a session proved with a one-time code (TOTP or a recovery code). */
export const SECOND_FACTOR_AMR = 'otp';

/** Whether the caller's session was made with a second factor. */
export const hasSecondFactor = (user: Pick<SessionUser, 'amr'>): boolean =>
  user.amr?.includes(SECOND_FACTOR_AMR) ?? false;

export function sessionUserOf(claims: SessionClaims): SessionUser {
  const user: SessionUser = { id: claims.sub, role: claims.role };
  if (claims.email !== undefined) user.email = claims.email;
  if (claims.name !== undefined) user.name = claims.name;
  if (claims.sid !== undefined) user.sessionId = claims.sid;
  if (claims.amr !== undefined) user.amr = claims.amr;
  return user;
}
