import { verifyEmailRequestSchema } from '@mia/contracts';
import { routesOf, unauthorized } from '@mia/service-kit';
import { Router } from 'express';
import { exposesResetToken } from '../config.js';
import type { Identity } from '../identity.js';
import { currentSession } from '../shared/current-session.js';
import { trimmed } from '../shared/trim-body.js';
import { resendVerification } from './resend-verification.js';
import { verifyEmail } from './verify-email.js';

export const EMAIL_VERIFIED_MESSAGE = 'Your email address has been verified.';
export const VERIFICATION_SENT_MESSAGE =
  'We have sent you a new link to verify your email address.';

export function emailVerificationRoutes(identity: Identity): Router {
  const router = Router();
  const route = routesOf(router, identity.auth);
  const exposeToken = exposesResetToken(identity.config);

  // Public: the link may be opened in another browser than the one that registered. It signs
  // nobody in; holding the link proves the mailbox, not the password.
  route({
    method: 'post',
    path: '/api/verify-email',
    auth: 'public',
    body: trimmed(verifyEmailRequestSchema, 'token'),
    async handler({ body: { token }, req }) {
      await identity.limits.check('verify-email', req.ip);
      await verifyEmail(identity, token);
      return { message: EMAIL_VERIFIED_MESSAGE };
    },
  });

  route({
    method: 'post',
    path: '/api/verify-email/resend',
    auth: 'user',
    async handler({ req }) {
      // A token whose session ended here is refused, as for every change to the account.
      const current = await currentSession(identity, req);
      if (!current) throw unauthorized();
      await identity.limits.check('resend-verification', req.ip, current.user.email);
      const verificationToken = await resendVerification(identity, current.user.id);
      return exposeToken
        ? { message: VERIFICATION_SENT_MESSAGE, verificationToken }
        : { message: VERIFICATION_SENT_MESSAGE };
    },
  });

  return router;
}
