import type { Request } from 'express';
import { HttpError, type AccessTokenClaims } from '@mia/service-kit';
import type { Access } from '../access.js';
import { identifyCaller } from './bearer.js';
import { invalidApiKeyError } from './gpt-keys.js';
import { invalidTokenMessage, type Lang } from './messages.js';

/** An authenticated caller of the tool API: a connected app for a user, or a GPT's key. */
export type GptAuth = { kind: 'user'; claims: AccessTokenClaims } | { kind: 'key'; keyId: string };

export interface Challenges {
  /** WWW-Authenticate when no bearer came. */
  missing: string;
  /** WWW-Authenticate when the bearer is a refused user access token. */
  invalidToken: string;
  /** WWW-Authenticate when the bearer is no configured key. */
  invalidKey: string;
}

/** The GPT Action's challenges (RFC 6750), as before user tokens, plus `invalid_token`. */
export const ACTION_CHALLENGES: Challenges = {
  missing: 'Bearer realm="mia-gpt"',
  invalidToken: 'Bearer realm="mia-gpt", error="invalid_token"',
  invalidKey: 'Bearer realm="mia-gpt"',
};

/**
 * Who calls (a user access token or an API key), or the 401 with the endpoint's challenge. The
 * bearer is checked before the body, so an unauthenticated caller learns nothing.
 */
export async function requireGptAuth(
  access: Access,
  req: Request,
  lang: Lang,
  challenges: Challenges,
): Promise<GptAuth> {
  const caller = await identifyCaller(access.userTokens, access.gptKeys, req.headers.authorization);
  switch (caller.kind) {
    case 'user':
    case 'key':
      return caller;
    case 'invalid_token':
      access.logger.info({ problem: caller.problem }, 'user access token refused');
      throw new HttpError(401, invalidTokenMessage(lang), 'invalid_token', undefined, {
        'www-authenticate': challenges.invalidToken,
      });
    case 'missing':
      throw invalidApiKeyError(challenges.missing);
    case 'invalid_key':
      throw invalidApiKeyError(challenges.invalidKey);
  }
}
