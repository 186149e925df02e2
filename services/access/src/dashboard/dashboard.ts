import { centsToDollars } from '@mia/catalog';
import type { DashboardResponse } from '@mia/contracts';
import type { SessionUser } from '@mia/service-kit';
import type { Access } from '../access.js';
import { ownAccessCode } from '../access-codes/access-codes.js';
import { usable, type Grant } from '../entitlements/grants.js';

/** Until when a usable grant lasts: a past-due plan's grace end when it is the later one. */
const untilOf = (grant: Grant): string | null =>
  grant.validUntil !== null &&
  grant.graceUntil !== undefined &&
  Date.parse(grant.graceUntil) > Date.parse(grant.validUntil)
    ? grant.graceUntil
    : grant.validUntil;

/** How the page says a tool is held; a team seat names its team for its label. */
const accessOf = (grant: Grant) => ({
  source: grant.source.kind,
  until: untilOf(grant),
  ...(grant.source.kind === 'team' && grant.source.teamName
    ? { teamName: grant.source.teamName }
    : {}),
});

/**
 * GET /api/dashboard from access's own read models only (no call to another service): the tools
 * billing publishes (and the retired ones this user can still use) with whether each is usable
 * now and how, the usage of the usable ones (most recent
 * first), the payment history (newest first) and the user's access code.
 */
export async function dashboardOf(access: Access, user: SessionUser): Promise<DashboardResponse> {
  const { name, grants, usage, payments, sealedCode } = await access.readDashboard(user.id);
  // A first visit has no code yet: issuing one is a write, done once.
  const accessCode = sealedCode
    ? access.vault.open(sealedCode, user.id)
    : await ownAccessCode(access, user.id);
  const now = access.clock();
  const availableProducts = access.catalog.all().flatMap((product) => {
    const verdict = usable(grants, product.id, now);
    // A retired tool is no longer offered; whoever may still use it keeps it on the page.
    if (product.status === 'retired' && !verdict.allowed) return [];
    return {
      id: product.id,
      name: product.name.es,
      description: product.description.es,
      price: centsToDollars(product.priceCents),
      purchased: verdict.allowed,
      ...(verdict.allowed && verdict.grant ? { access: accessOf(verdict.grant) } : {}),
    };
  });
  const usageOf = new Map(usage.map((u) => [u.productId, u]));
  const purchasedGpts = availableProducts
    .filter((p) => p.purchased)
    .map((p) => ({
      modelId: p.id,
      queriesUsed: usageOf.get(p.id)?.queriesUsed ?? 0,
      lastAccessed: usageOf.get(p.id)?.lastAccessed ?? null,
    }))
    // Most recently used first (the page lists the first five); never used last, in catalogue order.
    .sort((a, b) => (b.lastAccessed ?? '').localeCompare(a.lastAccessed ?? ''));
  return {
    // Before identity's registration reaches access, the session's own name stands in.
    user: { name: name ?? user.name ?? '' },
    availableProducts,
    purchasedGpts,
    payments: payments.map(
      ({ id, createdAt, description, amount, status, discountCents, promotionCode }) => ({
        id,
        createdAt,
        description,
        amount,
        status,
        // Shown under the amount only when a promotion code took something off.
        ...(discountCents > 0 ? { discountCents, promotionCode } : {}),
      }),
    ),
    accessCode,
  };
}
