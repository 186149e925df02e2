import { findProduct } from '@mia/catalog';
import type { GptVerifyResponse } from '@mia/contracts';
import type { Access } from '../access.js';
import { findUserByAccessCode } from '../access-codes/access-codes.js';
import { loadGrants } from '../entitlements/entitlements.js';
import { usable } from '../entitlements/grants.js';
import { recordDenied, recordUse } from '../usage/usage.js';
import { countVerification } from '../usage-alerts/usage-alerts.js';
import { verdictMessage, type Lang } from './messages.js';

/**
 * What a GPT (Action or MCP tool) is told when a user gives it their access code: whether the
 * code's owner may use the tool now. An allowed answer counts as a use (GptOpened); a refusal
 * for a real user is recorded too, for support and disputes. Every lookup that finds the code's
 * owner counts towards their usage alert.
 */
export async function checkAccessCode(
  access: Access,
  request: { accessCode: string; productId: string; via: 'gpt_action' | 'mcp'; lang: Lang },
): Promise<GptVerifyResponse> {
  const { lang, via } = request;
  const product = findProduct(request.productId);
  /** `until`: the grant's end, in the message; the answer's validUntil only when allowed. */
  const answer = (
    reason: GptVerifyResponse['reason'],
    until: string | null = null,
  ): GptVerifyResponse => {
    const productName = product?.name ?? '';
    const allowed = reason === 'granted';
    return {
      allowed,
      reason,
      productName,
      validUntil: allowed ? until : null,
      message: verdictMessage(reason, productName, until, lang),
    };
  };
  if (!product) return answer('unknown_product');
  const userId = await findUserByAccessCode(access, request.accessCode);
  if (!userId) return answer('invalid_code');
  await countVerification(access, userId);

  const now = access.clock();
  const verdict = usable(await loadGrants(access.commands, userId), product.id, now);
  if (verdict.reason === 'granted') {
    await recordUse(access.events, { userId, productId: product.id, via, at: now });
    return answer('granted', verdict.grant?.validUntil ?? null);
  }
  await recordDenied(access.events, {
    userId,
    productId: product.id,
    via,
    reason: verdict.reason,
    at: now,
  });
  return answer(verdict.reason, verdict.grant?.validUntil ?? null);
}
