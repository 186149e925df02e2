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
}

export function sessionUserOf(claims: SessionClaims): SessionUser {
  const user: SessionUser = { id: claims.sub, role: claims.role };
  if (claims.email !== undefined) user.email = claims.email;
  if (claims.name !== undefined) user.name = claims.name;
  if (claims.sid !== undefined) user.sessionId = claims.sid;
  return user;
}
