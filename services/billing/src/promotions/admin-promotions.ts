import type {
  CreatePromotionCodeRequest,
  PromotionCodeView,
  PromotionCodesResponse,
} from '@mia/contracts';
import type { Billing } from '../billing.js';
import { createProviderPromotion, deactivateProviderPromotion } from './plan-promotion.js';
import { promotionDecider, type PromotionCommand } from './promotion-decider.js';
import { promotionKey, promotionStreamId } from './promotion-events.js';

type Row = NonNullable<Awaited<ReturnType<Billing['db']['promotionCode']['findUnique']>>>;

const viewOf = (row: Row, redemptions: number): PromotionCodeView => ({
  code: row.code,
  percentOff: row.percentOff,
  amountOffCents: row.amountOffCents,
  duration: row.duration as PromotionCodeView['duration'],
  durationInMonths: row.durationInMonths,
  maxRedemptions: row.maxRedemptions,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  appliesTo: row.appliesTo as PromotionCodeView['appliesTo'],
  firstPurchaseOnly: row.firstPurchaseOnly,
  active: row.active,
  redemptions,
  createdAt: row.createdAt.toISOString(),
});

async function viewByKey(billing: Billing, key: string): Promise<PromotionCodeView> {
  const row = await billing.db.promotionCode.findUnique({ where: { codeKey: key } });
  if (!row) throw new Error(`Promotion code ${key} not projected`);
  const redemptions = await billing.db.promotionRedemption.count({ where: { codeKey: key } });
  return viewOf(row, redemptions);
}

/**
 * POST /api/admin/promotion-codes → 201. A code that differs from an existing one only in case
 * is the same code (409).
 */
export async function createPromotionCode(
  billing: Billing,
  adminId: string,
  request: CreatePromotionCodeRequest,
): Promise<PromotionCodeView> {
  const stream = promotionStreamId(request.code);
  const create = (providerPromotionCodeId: string | null): PromotionCommand => ({
    kind: 'create',
    by: adminId,
    code: request.code,
    percentOff: request.percentOff ?? null,
    amountOffCents: request.amountOffCents ?? null,
    duration: request.duration,
    durationInMonths: request.durationInMonths ?? null,
    maxRedemptions: request.maxRedemptions ?? null,
    expiresAt: request.expiresAt ? new Date(request.expiresAt).toISOString() : null,
    appliesTo: request.appliesTo,
    firstPurchaseOnly: request.firstPurchaseOnly ?? false,
    providerPromotionCodeId,
  });
  // A duplicate is refused before the provider is asked; the decision below checks again.
  const { state } = await billing.commands.load(stream, promotionDecider);
  promotionDecider.decide(create(null), state, { now: billing.clock(), newId: billing.newId });
  const providerPromotionCodeId = await createProviderPromotion(billing, request);
  await billing.commands.handle(stream, promotionDecider, create(providerPromotionCodeId));
  return viewByKey(billing, promotionKey(request.code));
}

/** GET /api/admin/promotion-codes: every code, the newest first, with its redemptions. */
export async function listPromotionCodes(billing: Billing): Promise<PromotionCodesResponse> {
  const rows = await billing.db.promotionCode.findMany({ orderBy: { createdAt: 'desc' } });
  const counts = await billing.db.promotionRedemption.groupBy({
    by: ['codeKey'],
    _count: { _all: true },
  });
  const count = new Map(counts.map((c) => [c.codeKey, c._count._all]));
  return { promotionCodes: rows.map((r) => viewOf(r, count.get(r.codeKey) ?? 0)) };
}

/** POST /api/admin/promotion-codes/{code}/deactivate: no checkout takes it any more. */
export async function deactivatePromotionCode(
  billing: Billing,
  adminId: string,
  code: string,
): Promise<PromotionCodeView> {
  const { state } = await billing.commands.handle(promotionStreamId(code), promotionDecider, {
    kind: 'deactivate',
    code,
    by: adminId,
  });
  await deactivateProviderPromotion(billing, state.terms?.providerPromotionCodeId ?? null);
  return viewByKey(billing, promotionKey(code));
}
