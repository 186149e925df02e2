import type { GptVerifyResponse } from '@mia/contracts';
import { tooManyRequests } from '@mia/service-kit';
import type { Access } from '../access.js';
import { normalizeAccessCode } from '../access-codes/access-code.js';
import type { GptLimitRefusal } from './gpt-limits.js';
import { limitMessage, type Lang } from './messages.js';
import { verdictFor, verifyAnswer } from './verdict.js';

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
 * code's owner may use the tool now (verdict.ts). Throws 429 when the code's budget or the
 * key's wrong-code budget is spent.
 */
export async function checkAccessCode(
  access: Access,
  request: CodeCheck,
): Promise<GptVerifyResponse> {
  const { lang, via, keyId } = request;
  // This replica's copy of the catalogue: no query (retired tools stay usable by owners).
  const product = access.catalog.find(request.productId);
  if (!product) return verifyAnswer(product, 'unknown_product', lang);
  const code = normalizeAccessCode(request.accessCode);
  // The code's budget is keyed by its lookup hash: no code is held in memory in the clear.
  const codeHash = code && access.vault.hash(code);
  const refusal = access.gptLimits.lookup(keyId, codeHash);
  if (refusal) throw limitError(refusal, lang);
  // Malformed codes never reach the database.
  const owner = codeHash === null ? null : await access.codeOwnerWithEntitlements(codeHash);
  if (!owner) {
    access.gptLimits.failed(keyId);
    return verifyAnswer(product, 'invalid_code', lang);
  }
  const { userId, entitlementsVersion } = owner;
  return verdictFor(access, {
    userId,
    entitlementsVersion,
    product,
    via,
    lang,
    auth: { kind: 'code' },
  });
}
