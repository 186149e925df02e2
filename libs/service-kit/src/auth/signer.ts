import { createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { SESSION_TOKEN_ALG, SESSION_TOKEN_TYPE, type SessionRole } from './claims.js';

export interface SessionSignerOptions {
  /** ES256 private key (PKCS#8 or SEC1 PEM). */
  privateKeyPem: string;
  issuer: string;
  audience: string;
  /** Token lifetime in seconds (default 7 days). */
  ttlSeconds?: number;
  /** Clock in ms, for tests. */
  now?: () => number;
}

export interface SessionTokenInput {
  userId: string;
  role: SessionRole;
  email?: string;
  name?: string;
  /** The login session this token belongs to (revocable on its own). */
  sessionId?: string;
  /** When the user last proved who they are (seconds); defaults to now. */
  authTime?: number;
  /** How the session was made (`['pwd']`, `['pwd', 'otp']`); admin routes require `otp`. */
  amr?: readonly string[];
  /** Token id; a random UUID when omitted. */
  jti?: string;
  /**
   * Expiry (seconds) when it must come sooner than the signer's ttl, e.g. a session's absolute
   * end; never later than issued-at + ttl.
   */
  expiresAt?: number;
}

export interface SignedSessionToken {
  token: string;
  jti: string;
  issuedAt: number;
  expiresAt: number;
}

/**
 * Writes session tokens in the one format createSessionVerifier accepts. Identity issues them;
 * tests and dev tools use it with the development key.
 */
export function createSessionSigner(options: SessionSignerOptions) {
  const key: KeyObject = createPrivateKey(options.privateKeyPem);
  const ttl = options.ttlSeconds ?? 7 * 24 * 3600;
  const now = options.now ?? Date.now;

  return async function sign(input: SessionTokenInput): Promise<SignedSessionToken> {
    const issuedAt = Math.floor(now() / 1000);
    const expiresAt = Math.min(issuedAt + ttl, input.expiresAt ?? Infinity);
    const jti = input.jti ?? randomUUID();
    const claims: Record<string, unknown> = {
      role: input.role,
      auth_time: input.authTime ?? issuedAt,
    };
    if (input.email !== undefined) claims.email = input.email;
    if (input.name !== undefined) claims.name = input.name;
    if (input.sessionId !== undefined) claims.sid = input.sessionId;
    if (input.amr !== undefined) claims.amr = [...input.amr];
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: SESSION_TOKEN_ALG, typ: SESSION_TOKEN_TYPE })
      .setSubject(input.userId)
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(jti)
      .sign(key);
    return { token, jti, issuedAt, expiresAt };
  };
}

/** One-off signing (tests, dev scripts). */
export async function signSessionToken(
  input: SessionTokenInput,
  options: SessionSignerOptions,
): Promise<string> {
  return (await createSessionSigner(options)(input)).token;
}
