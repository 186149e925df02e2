import { findProduct } from '@mia/catalog';
import { verifyGptAccessRequestSchema } from '@mia/contracts';
import { HttpError, notFound, route, validate, type SessionUser } from '@mia/service-kit';
import { Router } from 'express';
import type { Access } from '../access.js';
import { findUserByAccessCode } from '../access-codes/access-codes.js';
import { readGrants } from '../entitlements/entitlements.js';
import { usable } from '../entitlements/grants.js';
import { enforceLimit } from '@mia/service-kit';
import { findUserByEmail } from '../users/user-directory.js';

// The spec's messages for the access page (section 8).
export const ACCESS_VERIFIED = '¡Acceso verificado! Puedes usar este GPT.';
export const ACCESS_DENIED = 'No tienes acceso a este GPT. Necesitas comprarlo primero.';
/** The same answer whether or not the account exists: nothing is learned without proof. */
export const PROOF_REQUIRED =
  'Para comprobar el acceso de una cuenta, inicia sesión con ese e-mail o escribe el código de acceso de esa cuenta.';

/**
 * Whose access the caller may learn: their own (a session for that e-mail), anyone's (an
 * admin), or the owner of the access code they typed when it belongs to that e-mail.
 */
async function provenOwner(
  access: Access,
  caller: SessionUser | null,
  email: string,
  accessCode: string | undefined,
): Promise<string | null> {
  if (caller?.role === 'admin') {
    const entry = await findUserByEmail(access.db, email);
    if (!entry) throw notFound(`No existe ninguna cuenta con el e-mail ${email}.`, 'unknown_email');
    return entry.userId;
  }
  if (caller) {
    const own =
      caller.email?.trim().toLowerCase() ??
      (await access.db.directoryUser.findUnique({ where: { userId: caller.id } }))?.email;
    if (own === email) return caller.id;
  }
  if (accessCode) {
    const owner = await findUserByAccessCode(access, accessCode);
    if (owner) {
      const entry = await access.db.directoryUser.findUnique({ where: { userId: owner } });
      if (entry?.email === email) return owner;
    }
  }
  return null;
}

/** POST /api/verify-gpt-access: the public access page's check (2xx means allowed). */
export function verifyPageRoutes(access: Access): Router {
  const router = Router();
  const { config } = access;
  route(router, access.auth, {
    method: 'post',
    path: '/api/verify-gpt-access',
    auth: 'public',
    handler: async ({ req, user }) => {
      await enforceLimit(access.limiter, {
        key: `verify:ip:${req.ip ?? 'unknown'}`,
        limit: config.VERIFY_RATE_LIMIT_MAX,
        windowMs: config.VERIFY_RATE_LIMIT_WINDOW_SECONDS * 1000,
      });
      const body = validate(verifyGptAccessRequestSchema, req.body ?? {}, {
        subject: 'Request body',
      });
      const product = findProduct(body.productId);
      if (!product) throw new HttpError(400, 'Producto desconocido.', 'unknown_product');
      const owner = await provenOwner(access, user, body.email.toLowerCase(), body.accessCode);
      if (!owner) throw new HttpError(403, PROOF_REQUIRED, 'proof_required');

      const verdict = usable(await readGrants(access.db, owner), product.id, access.clock());
      if (!verdict.allowed) {
        throw new HttpError(403, ACCESS_DENIED, verdict.reason, { reason: verdict.reason });
      }
      return {
        allowed: true,
        message: ACCESS_VERIFIED,
        productId: product.id,
        productName: product.name,
        gptUrl: access.links[product.id].url,
        validUntil: verdict.grant?.validUntil ?? null,
      };
    },
  });
  return router;
}
