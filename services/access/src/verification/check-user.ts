import type { GptVerifyResponse } from '@mia/contracts';
import type { AccessTokenClaims } from '@mia/service-kit';
import type { Access } from '../access.js';
import { limitError } from './check-code.js';
import type { Lang } from './messages.js';
import { verdictFor, verifyAnswer } from './verdict.js';

export interface UserCheck {
  /** The verified user access token: who the user is and which app asks. */
  claims: AccessTokenClaims;
  productId: string;
  via: 'gpt_action' | 'mcp';
  lang: Lang;
}

/**
 * What a GPT or assistant connected by sign-in (OAuth) is told: the same verdict, messages and
 * counting as with the user's código MIA (verdict.ts), for the token's user. Throws 429 when the
 * app's or the user's budget is spent.
 */
export async function checkUserAccess(
  access: Access,
  { claims, productId, via, lang }: UserCheck,
): Promise<GptVerifyResponse> {
  const refusal = access.gptLimits.oauth(claims.client_id, claims.sub);
  if (refusal) throw limitError(refusal, lang);
  const product = access.catalog.find(productId);
  if (!product) return verifyAnswer(product, 'unknown_product', lang);
  return verdictFor(access, {
    userId: claims.sub,
    product,
    via,
    lang,
    auth: { kind: 'oauth', clientId: claims.client_id, grantId: claims.gid },
  });
}
