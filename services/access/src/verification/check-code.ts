import { findProduct } from '@mia/catalog';
import type { GptVerifyResponse } from '@mia/contracts';
import { tooManyRequests, type NewEvent } from '@mia/service-kit';
import type { Access } from '../access.js';
import { normalizeAccessCode } from '../access-codes/access-code.js';
import { findUserByAccessCode } from '../access-codes/access-codes.js';
import { loadGrants } from '../entitlements/entitlements.js';
import { usable } from '../entitlements/grants.js';
import { queueUsageAlertIfDue } from '../usage-alerts/usage-alerts.js';
import { usageStreamId } from '../usage/usage-events.js';
import { denialEvent, useEvent } from '../usage/usage.js';
import type { GptLimitRefusal } from './gpt-limits.js';
import { limitMessage, verdictMessage, type Lang } from './messages.js';

export interface CodeCheck {
  accessCode: string;
  productId: string;
  via: 'gpt_action' | 'mcp';
  lang: Lang;
  /** The API key the GPT called with: its wrong-code budget. */
  keyId: string;
}

/** A spent verification budget as the HTTP answer: 429, Retry-After and the GPT's sentence. */
export const limitError = (refusal: GptLimitRefusal, lang: Lang) =>
  tooManyRequests(
    refusal.retryAfterSec,
    limitMessage(refusal.kind, refusal.retryAfterSec, lang),
    refusal.kind === 'key' ? 'rate_limited' : `rate_limited_${refusal.kind}`,
  );

/**
 * What a GPT (Action or MCP tool) is told when a user gives it their access code: whether the
 * code's owner may use the tool now. An allowed answer counts as a use (GptOpened); a refusal
 * for a real user is recorded too (GptAccessDenied), for support and disputes. That append is
 * the call's one write: the limits are counted in memory (gpt-limits.ts) and the usage alert
 * reads the count the append's own projection keeps. Throws 429 when the code's budget or the
 * key's wrong-code budget is spent.
 */
export async function checkAccessCode(
  access: Access,
  request: CodeCheck,
): Promise<GptVerifyResponse> {
  const { lang, via, keyId } = request;
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
  const code = normalizeAccessCode(request.accessCode);
  // The code's budget is keyed by its lookup hash: no code is held in memory in the clear.
  const refusal = access.gptLimits.lookup(keyId, code && access.vault.hash(code));
  if (refusal) throw limitError(refusal, lang);
  const userId = await findUserByAccessCode(access, request.accessCode);
  if (!userId) {
    access.gptLimits.failed(keyId);
    return answer('invalid_code');
  }

  const now = access.clock();
  const verdict = usable(await loadGrants(access.commands, userId), product.id, now);
  const use = { userId, productId: product.id, via, at: now };
  const event: NewEvent =
    verdict.reason === 'granted' ? useEvent(use) : denialEvent({ ...use, reason: verdict.reason });
  await access.events.transaction(async (session) => {
    await session.append(usageStreamId(userId), 'any', [event]);
    await queueUsageAlertIfDue(access, session, userId, now);
  });
  return answer(verdict.reason, verdict.grant?.validUntil ?? null);
}
