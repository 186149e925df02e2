// Test support (not a test file): user access tokens as identity's authorization server issues
// them (contract: ES256 with the session key, typ at+jwt, iss the public origin, aud the
// resource, scope tools:use, gid the grant), signed with the development key; each field can
// be spoiled to prove the tool API refuses it.
import { createPrivateKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { devKeys } from '@mia/service-kit';

export interface UserTokenOptions {
  userId: string;
  origin: string;
  clientId?: string;
  grantId?: string;
  /** Default: the GPT Action's resource, `<origin>/api/gpt`. */
  audience?: string;
  scope?: string;
  typ?: string;
  issuer?: string;
  /** Seconds from now (negative: already expired). Default 600. */
  expiresIn?: number;
  privateKeyPem?: string;
}

export async function userAccessToken(options: UserTokenOptions): Promise<string> {
  const pem = options.privateKeyPem ?? devKeys()?.privateKeyPem;
  if (!pem) throw new Error('development keys are missing');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    client_id: options.clientId ?? 'mia-gpt-test',
    scope: options.scope ?? 'tools:use',
    gid: options.grantId ?? randomUUID(),
  })
    .setProtectedHeader({ alg: 'ES256', typ: options.typ ?? 'at+jwt', kid: 'dev' })
    .setIssuer(options.issuer ?? options.origin)
    .setAudience(options.audience ?? `${options.origin}/api/gpt`)
    .setSubject(options.userId)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .sign(createPrivateKey(pem));
}
