import { createHash, createPrivateKey, type JsonWebKey } from 'node:crypto';

/**
 * Identity's session signing key (JWT_PRIVATE_KEY, ES256) as the authorization server's one
 * JWK: access tokens verify with the public key every service already holds. The key id is the
 * RFC 7638 thumbprint, so it changes exactly when the key does.
 */
export function signingJwk(privateKeyPem: string): JsonWebKey & { kid: string } {
  const jwk = createPrivateKey(privateKeyPem).export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256')
    throw new Error('JWT_PRIVATE_KEY must be a P-256 key');
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  const kid = createHash('sha256').update(canonical).digest('base64url');
  return { ...jwk, kid, alg: 'ES256', use: 'sig' };
}
