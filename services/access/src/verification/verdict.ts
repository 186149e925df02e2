import type { GptVerifyResponse } from '@mia/contracts';
import { ConcurrencyError, type NewEvent } from '@mia/service-kit';
import type { Access } from '../access.js';
import type { CatalogProduct } from '../catalog/product-catalog.js';
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
  product: CatalogProduct | undefined,
  reason: GptVerifyResponse['reason'],
  lang: Lang,
  until: string | null = null,
): GptVerifyResponse {
  const productName = product?.name.es ?? '';
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
  product: CatalogProduct;
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
  const record = (optimistic: boolean) =>
    access.verificationEvents.transaction(async (session) => {
      await session.append(usageStreamId(userId), 'any', events, { optimistic });
      await queueUsageAlertIfDue(access, session, userId, now);
    });
  try {
    // One user's verifications rarely meet: first without queueing on the usage stream.
    await record(true);
  } catch (err) {
    if (!(err instanceof ConcurrencyError)) throw err;
    // One did: this time queue on the stream's lock (never collides: see AppendOptions).
    await record(false);
  }
  return verifyAnswer(product, verdict.reason, lang, verdict.grant?.validUntil ?? null);
}
