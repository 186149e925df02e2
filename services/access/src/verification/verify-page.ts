import { verifyGptAccessRequestSchema } from '@mia/contracts';
import {
  hasSecondFactor,
  HttpError,
  notFound,
  route,
  validate,
  type SessionUser,
} from '@mia/service-kit';
import { Router } from 'express';
import type { Access } from '../access.js';
import { findUserByAccessCode } from '../access-codes/access-codes.js';
import { readGrants } from '../entitlements/entitlements.js';
import { usable } from '../entitlements/grants.js';
import { enforceLimit } from '@mia/service-kit';
import { findUserByEmail } from '../users/user-directory.js';
import { proveOwnership, type ProofFacts } from './proof.js';

// The spec's messages for the access page (section 8).
export const ACCESS_VERIFIED = '¡Acceso verificado! Puedes usar este GPT.';
export const ACCESS_DENIED = 'No tienes acceso a este GPT. Necesitas comprarlo primero.';
/** The same answer whether or not the account exists: nothing is learned without proof. */
export const PROOF_REQUIRED =
  'Para comprobar el acceso de una cuenta, inicia sesión con ese e-mail o escribe el código de acceso de esa cuenta.';

/**
 * The facts the proof rule needs, read from access's own directory: the caller's account
 * e-mail, the account the typed e-mail names, and the owner of the typed access code.
 */
async function proofFacts(
  access: Access,
  caller: SessionUser | null,
  email: string,
  accessCode: string | undefined,
): Promise<ProofFacts> {
  const emailOf = async (userId: string) =>
    (await access.db.directoryUser.findUnique({ where: { userId } }))?.email ?? null;
  const account = await findUserByEmail(access.db, email);
  const codeOwnerId = accessCode ? await findUserByAccessCode(access, accessCode) : null;
  const codeOwnerEmail = codeOwnerId ? await emailOf(codeOwnerId) : null;
  return {
    caller: caller && {
      userId: caller.id,
      // Staff powers need the second factor here too, as on every admin route.
      role: caller.role === 'admin' && hasSecondFactor(caller) ? 'admin' : 'user',
      email: caller.email?.trim().toLowerCase() ?? (await emailOf(caller.id)),
    },
    email,
    account: account && { userId: account.userId },
    codeOwner:
      codeOwnerId && codeOwnerEmail ? { userId: codeOwnerId, email: codeOwnerEmail } : null,
  };
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
      const product = access.catalog.find(body.productId);
      if (!product) throw new HttpError(400, 'Producto desconocido.', 'unknown_product');
      const email = body.email.trim().toLowerCase();
      const proof = proveOwnership(await proofFacts(access, user, email, body.accessCode));
      if (proof.kind === 'unknown_email') {
        throw notFound(`No existe ninguna cuenta con el e-mail ${email}.`, 'unknown_email');
      }
      if (proof.kind === 'none') throw new HttpError(403, PROOF_REQUIRED, 'proof_required');
      const owner = proof.userId;

      const verdict = usable(await readGrants(access.db, owner), product.id, access.clock());
      if (!verdict.allowed) {
        throw new HttpError(403, ACCESS_DENIED, verdict.reason, { reason: verdict.reason });
      }
      return {
        allowed: true,
        message: ACCESS_VERIFIED,
        productId: product.id,
        productName: product.name.es,
        gptUrl: product.destination.url,
        validUntil: verdict.grant?.validUntil ?? null,
      };
    },
  });
  return router;
}
