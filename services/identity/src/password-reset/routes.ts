import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from '@mia/contracts';
import { routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { exposesResetToken } from '../config.js';
import type { Identity } from '../identity.js';
import { trimmed } from '../shared/trim-body.js';
import { normalizeEmail } from '../users/user-view.js';
import { requestPasswordReset } from './request-reset.js';
import { resetPassword } from './reset-password.js';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset your password.';
export const RESET_DONE_MESSAGE =
  'Your password has been reset. You can now log in with your new password.';

export function passwordResetRoutes(identity: Identity): Router {
  const router = Router();
  const route = routesOf(router, identity.auth);
  const exposeToken = exposesResetToken(identity.config);

  // The same answer for known and unknown e-mails. The work for a known one (event, mail) runs
  // after the answer, so its duration tells nothing either; only development mode waits for it
  // to hand the token back, as the spec shows.
  route({
    method: 'post',
    path: '/api/forgot-password',
    auth: 'public',
    body: trimmed(forgotPasswordRequestSchema, 'email'),
    async handler({ body: { email }, req }) {
      await identity.limits.check('forgot-password', req.ip, normalizeEmail(email));
      if (exposeToken) {
        const resetToken = await requestPasswordReset(identity, email);
        return resetToken
          ? { message: FORGOT_PASSWORD_MESSAGE, resetToken }
          : { message: FORGOT_PASSWORD_MESSAGE };
      }
      identity.background.run('password reset mail', () => requestPasswordReset(identity, email));
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  });

  route({
    method: 'post',
    path: '/api/reset-password',
    auth: 'public',
    body: trimmed(resetPasswordRequestSchema, 'token'),
    async handler({ body: { token, newPassword }, req }) {
      await identity.limits.check('reset-password', req.ip);
      await resetPassword(identity, { token: token.trim(), newPassword });
      return { message: RESET_DONE_MESSAGE };
    },
  });

  return router;
}
