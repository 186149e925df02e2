import { ALL_PRODUCTS, type AdminGrantRequest, type AdminRevokeRequest } from '@mia/contracts';
import { DomainError, notFound, type SessionUser } from '@mia/service-kit';
import type { Access } from '../access.js';
import { entitlementsStreamId } from '../entitlements/entitlement-events.js';
import { entitlementsDecider, grantsOf } from '../entitlements/entitlements-decider.js';
import { readGrants } from '../entitlements/entitlements.js';
import { usable } from '../entitlements/grants.js';
import { readPayments } from '../payments/payments.js';
import { readTimeline } from '../timeline/timeline.js';
import { readUsage } from '../usage/usage.js';
import { findUserByEmail } from '../users/user-directory.js';

const scopeText = (access: Access, scope: string) =>
  scope === ALL_PRODUCTS ? 'todas las herramientas' : access.catalog.nameOf(scope);

/**
 * A product id or `all`, checked before anything is looked up; the product's standing in
 * billing's catalogue goes to the decider, which refuses unknown (and, to grant, retired) ones.
 */
function checkScope(access: Access, scope: string) {
  if (scope === ALL_PRODUCTS) return null;
  const product = access.catalog.find(scope);
  if (!product) {
    throw new DomainError('invalid', 'unknown_product', `Producto desconocido: ${scope}`);
  }
  return product.status;
}

async function customerByEmail(access: Access, email: string) {
  const entry = await findUserByEmail(access.db, email);
  if (!entry) {
    throw notFound(
      `No existe ninguna cuenta con el e-mail ${email}. La persona debe registrarse primero.`,
      'unknown_email',
    );
  }
  return entry;
}

/** POST /api/admin/grant-access: idempotent (the same grant again changes nothing). */
export async function grantAccess(access: Access, admin: SessionUser, request: AdminGrantRequest) {
  const catalogStatus = checkScope(access, request.productId);
  const customer = await customerByEmail(access, request.email);
  const { decided, state } = await access.commands.handle(
    entitlementsStreamId(customer.userId),
    entitlementsDecider,
    {
      kind: 'admin-grant',
      userId: customer.userId,
      adminId: admin.id,
      scope: request.productId,
      catalogStatus,
      until: request.until ?? null,
      ...(request.reason ? { reason: request.reason } : {}),
    },
  );
  const what = scopeText(access, request.productId);
  const until = request.until ? ` hasta el ${request.until.slice(0, 10)}` : ' de por vida';
  const message =
    decided.length > 0
      ? `Acceso concedido a ${customer.email}: ${what}${until}.`
      : `${customer.email} ya tenía ese acceso: ${what}${until}. No se cambió nada.`;
  const grantId = grantsOf(state).find(
    (g) => g.source.kind === 'admin' && g.scope === request.productId && g.status === 'active',
  )?.grantId;
  return { message, granted: decided.length > 0, grantId: grantId ?? null };
}

/** POST /api/admin/revoke-access: takes back admin grants and purchases of that scope. */
export async function revokeAccess(
  access: Access,
  admin: SessionUser,
  request: AdminRevokeRequest & { reason?: string },
) {
  const catalogStatus = checkScope(access, request.productId);
  const customer = await customerByEmail(access, request.email);
  const { decided, state } = await access.commands.handle(
    entitlementsStreamId(customer.userId),
    entitlementsDecider,
    {
      kind: 'admin-revoke',
      userId: customer.userId,
      adminId: admin.id,
      scope: request.productId,
      catalogStatus,
      ...(request.reason ? { reason: request.reason } : {}),
    },
  );
  const what = scopeText(access, request.productId);
  const revoked = decided.map((e) => (e.data as { grantId: string }).grantId);
  // Plans and trials are not an admin's to revoke here; say so when they still give access.
  const now = access.clock();
  const probe =
    request.productId === ALL_PRODUCTS
      ? access.catalog.all().map((p) => p.id)
      : [request.productId];
  const still = probe.some((id) => usable(grantsOf(state), id, now).allowed);
  const message =
    (revoked.length > 0
      ? `Acceso retirado a ${customer.email}: ${what}.`
      : `${customer.email} no tenía accesos que retirar para ${what}.`) +
    (still ? ' Aún tiene acceso por una suscripción o prueba (se cancelan en facturación).' : '');
  return { message, revoked };
}

/** GET /api/admin/customers?email=: what support needs about one customer. */
export async function customerView(access: Access, email: string) {
  const customer = await customerByEmail(access, email);
  const { userId } = customer;
  const [grants, payments, usage, timeline] = await Promise.all([
    readGrants(access.db, userId),
    readPayments(access.db, userId),
    readUsage(access.db, userId),
    readTimeline(access, userId, access.config.TIMELINE_LIMIT),
  ]);
  const now = access.clock();
  return {
    customer: {
      userId,
      email: customer.email,
      name: customer.name,
      role: customer.role,
      registeredAt: customer.registeredAt.toISOString(),
    },
    // Every tool billing has published, retired ones too (support asks about what people own).
    products: access.catalog.all().map((p) => {
      const verdict = usable(grants, p.id, now);
      return {
        id: p.id,
        name: p.name.es,
        usable: verdict.allowed,
        reason: verdict.reason,
        grantId: verdict.grant?.grantId ?? null,
      };
    }),
    grants,
    payments,
    usage,
    timeline,
  };
}
