import type { AccessTokenClaims, AccessTokenProblem, AccessTokenVerifier } from '@mia/service-kit';
import type { GptKeys } from './gpt-keys.js';

/** Who calls the tool API, as its bearer says. */
export type GptCaller =
  /** A GPT or assistant connected by the user's sign-in (a user access token). */
  | { kind: 'user'; claims: AccessTokenClaims }
  /** A GPT with the API key: the user is named by their código MIA in the call. */
  | { kind: 'key'; keyId: string }
  /** No bearer at all. */
  | { kind: 'missing' }
  /** One of identity's access tokens, refused (expired, revoked, another resource, scope). */
  | { kind: 'invalid_token'; problem: AccessTokenProblem }
  /** Anything else: not one of the configured keys. */
  | { kind: 'invalid_key' };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Classifies a call's Authorization header. A bearer that verifies as one of identity's access
 * tokens (our signature, `typ` at+jwt, our issuer) is a user token and is judged as one, never
 * tried as a key; anything else goes down the API-key path unchanged.
 */
export async function identifyCaller(
  tokens: AccessTokenVerifier,
  keys: GptKeys,
  authorization: string | undefined,
): Promise<GptCaller> {
  const presented = BEARER.exec(authorization ?? '')?.[1];
  if (!presented) return authorization ? { kind: 'invalid_key' } : { kind: 'missing' };
  const token = await tokens.check(presented);
  if (token.kind === 'valid') return { kind: 'user', claims: token.claims };
  if (token.kind === 'invalid') return { kind: 'invalid_token', problem: token.problem };
  const keyId = keys.match(presented);
  return keyId ? { kind: 'key', keyId } : { kind: 'invalid_key' };
}
