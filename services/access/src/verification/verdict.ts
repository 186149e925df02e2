import type { Product } from '@mia/catalog';
import type { GptVerifyResponse } from '@mia/contracts';
import type { NewEvent } from '@mia/service-kit';
import type { Access } from '../access.js';
import { usable } from '../entitlements/grants.js';
import { queueUsageAlertIfDue } from '../usage-alerts/usage-alerts.js';
import { usageStreamId } from '../usage/usage-events.js';
import { denialEvent, useEvents, type UseAuth } from '../usage/usage.js';
import { verdictMessage, type Lang } from './messages.js';

/**
 * A GPT's answer for `reason`. `until`: the grant's end, in the message; the answer's
 * validUntil only when allowed.
 */
export function verifyAnswer(
  product: Product | undefined,
  reason: GptVerifyResponse['reason'],
  lang: Lang,
  until: string | null = null,
): GptVerifyResponse {
  const productName = product?.name ?? '';
  const allowed = reason === 'granted';
  return {
    allowed,
    reason,
    productName,
    validUntil: allowed ? until : null,
    message: verdictMessage(reason, productName, until, lang),
  };
}

export interface KnownUserCheck {
  userId: string;
  /** The user's entitlements stream version, when the caller's read saw it (check-code.ts). */
  entitlementsVersion?: number;
  product: Product;
  via: 'gpt_action' | 'mcp';
  lang: Lang;
  /** How the GPT identified the user (GptOpened v2's `auth`). */
  auth: UseAuth;
}

/**
 * Whether a user the GPT identified (by code or token) may use the tool now. An allowed answer
 * counts as a use (GptOpened); a refusal is recorded too (GptAccessDenied), for support and
 * disputes. That append is the call's one write: the limits are counted in memory
 * (gpt-limits.ts) and the usage alert reads the count the append's own projection keeps.
 */
export async function verdictFor(
  access: Access,
  { userId, entitlementsVersion, product, via, lang, auth }: KnownUserCheck,
): Promise<GptVerifyResponse> {
  const now = access.clock();
  const verdict = usable(
    await access.grantsCache.grants(userId, entitlementsVersion),
    product.id,
    now,
  );
  const use = { userId, productId: product.id, via, at: now };
  const events: NewEvent[] =
    verdict.reason === 'granted'
      ? useEvents(use, auth)
      : [denialEvent({ ...use, reason: verdict.reason })];
  await access.verificationEvents.transaction(async (session) => {
    await session.append(usageStreamId(userId), 'any', events);
    await queueUsageAlertIfDue(access, session, userId, now);
  });
  return verifyAnswer(product, verdict.reason, lang, verdict.grant?.validUntil ?? null);
}
