import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { LruMap } from './lru.js';
import { es256PublicKey, MAX_TOKEN_LENGTH } from './verifier.js';

/** JWT `typ` of OAuth access tokens (RFC 9068), so no session token can pass for one. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** The claims of a user access token identity's authorization server issues (RFC 9068). */
export const accessTokenClaimsSchema = z.object({
  /** The user's id. */
  sub: z.uuid(),
  client_id: z.string().min(1),
  /** Space-separated scopes. */
  scope: z.string(),
  /** The grant (connected app) the token was issued under: what a revocation names. */
  gid: z.string().min(1),
  jti: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  aud: z.union([z.string(), z.array(z.string())]),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** Why a token that is ours was refused (for logs; callers answer `invalid_token` alike). */
export type AccessTokenProblem = 'expired' | 'audience' | 'scope' | 'claims' | 'revoked';

export type AccessTokenCheck =
  /** Not an access token of this issuer (another kind of bearer: an API key, say). */
  | { kind: 'not_ours' }
  /** Signed by identity as an access token of this issuer, but not acceptable here and now. */
  | { kind: 'invalid'; problem: AccessTokenProblem }
  | { kind: 'valid'; claims: AccessTokenClaims };

export interface AccessTokenVerifierOptions {
  /** Identity's ES256 public key (SPKI PEM): the session key, which also signs access tokens. */
  publicKeyPem: string;
  /** The authorization server's issuer (the public origin). */
  issuer: string;
  /** The resources this server accepts tokens for (RFC 8707 / the token's `aud`). */
  audiences: readonly string[];
  /** A scope every accepted token must carry. */
  requiredScope: string;
  /** Asked on every call, cached token or not: the revoked grants (GrantRevocationList). */
  isGrantRevoked?: (grantId: string) => boolean;
  cacheSize?: number;
  clockToleranceSec?: number;
  now?: () => number;
}

export interface AccessTokenVerifier {
  check(token: string): Promise<AccessTokenCheck>;
}

// Failures that mean the bearer was never one of this issuer's access tokens: not a JWS, not
// ES256, a signature of another key, another `typ` or issuer.
const notOurs = (error: unknown) =>
  error instanceof errors.JWSInvalid ||
  error instanceof errors.JWTInvalid ||
  error instanceof errors.JOSEAlgNotAllowed ||
  error instanceof errors.JOSENotSupported ||
  error instanceof errors.JWSSignatureVerificationFailed ||
  (error instanceof errors.JWTClaimValidationFailed &&
    (error.claim === 'typ' || error.claim === 'iss'));

const JWS_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * Checks the OAuth access tokens identity issues to connected apps: ES256 with identity's key,
 * `typ` at+jwt, the issuer, one of the accepted audiences, expiry, the required scope, and the
 * grant not revoked. It also classifies bearers: a token that is not ours (`not_ours`) is for
 * the caller's other schemes (an API key), one that is ours but fails (`invalid`) must be
 * refused as such. Verified claims are remembered until they expire; revocation is asked on
 * every call.
 */
export function createAccessTokenVerifier(
  options: AccessTokenVerifierOptions,
): AccessTokenVerifier {
  const key = es256PublicKey(options.publicKeyPem);
  const now = options.now ?? Date.now;
  const toleranceSec = options.clockToleranceSec ?? 5;
  const cache = new LruMap<string, AccessTokenClaims>(options.cacheSize ?? 10_000);
  const isGrantRevoked = options.isGrantRevoked ?? (() => false);

  async function verifyToken(token: string): Promise<AccessTokenCheck> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['ES256'],
        typ: ACCESS_TOKEN_TYPE,
        issuer: options.issuer,
        audience: [...options.audiences],
        requiredClaims: ['sub', 'jti', 'iat', 'exp', 'aud'],
        clockTolerance: toleranceSec,
        currentDate: new Date(now()),
      });
      const claims = accessTokenClaimsSchema.safeParse(payload);
      if (!claims.success || claims.data.iat > now() / 1000 + toleranceSec) {
        return { kind: 'invalid', problem: 'claims' };
      }
      if (!claims.data.scope.split(' ').includes(options.requiredScope)) {
        return { kind: 'invalid', problem: 'scope' };
      }
      return { kind: 'valid', claims: claims.data };
    } catch (error) {
      if (notOurs(error)) return { kind: 'not_ours' };
      if (error instanceof errors.JWTExpired) return { kind: 'invalid', problem: 'expired' };
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') {
        return { kind: 'invalid', problem: 'audience' };
      }
      return { kind: 'invalid', problem: 'claims' };
    }
  }

  return {
    async check(token) {
      if (token.length > MAX_TOKEN_LENGTH || !JWS_SHAPE.test(token)) return { kind: 'not_ours' };
      let claims = cache.get(token);
      if (claims && claims.exp <= now() / 1000) {
        cache.delete(token);
        return { kind: 'invalid', problem: 'expired' };
      }
      if (!claims) {
        const checked = await verifyToken(token);
        if (checked.kind !== 'valid') return checked;
        claims = checked.claims;
        cache.set(token, claims);
      }
      if (isGrantRevoked(claims.gid)) return { kind: 'invalid', problem: 'revoked' };
      return { kind: 'valid', claims };
    },
  };
}
