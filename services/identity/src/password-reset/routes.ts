import { validateBody } from '@mia/service-kit';
import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from '@mia/contracts';
import { Router } from 'express';
import { exposesResetToken } from '../config.js';
import type { Identity } from '../identity.js';
import { trimFields } from '../trim-body.js';
import { normalizeEmail } from '../users/user-view.js';
import { requestPasswordReset } from './request-reset.js';
import { resetPassword } from './reset-password.js';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset your password.';
export const RESET_DONE_MESSAGE =
  'Your password has been reset. You can now log in with your new password.';

export function passwordResetRoutes(identity: Identity): Router {
  const router = Router();
  const exposeToken = exposesResetToken(identity.config);

  // The same answer for known and unknown e-mails. The work for a known one (event, mail) runs
  // after the answer, so its duration tells nothing either; only development mode waits for it
  // to hand the token back, as the spec shows.
  router.post(
    '/api/forgot-password',
    trimFields('email'),
    validateBody(forgotPasswordRequestSchema),
    async (req, res) => {
      const { email } = req.body as { email: string };
      await identity.limits.check('forgot-password', req.ip, normalizeEmail(email));
      if (exposeToken) {
        const resetToken = await requestPasswordReset(identity, email);
        res.json(
          resetToken
            ? { message: FORGOT_PASSWORD_MESSAGE, resetToken }
            : { message: FORGOT_PASSWORD_MESSAGE },
        );
        return;
      }
      identity.background.run('password reset mail', () => requestPasswordReset(identity, email));
      res.json({ message: FORGOT_PASSWORD_MESSAGE });
    },
  );

  router.post(
    '/api/reset-password',
    trimFields('token'),
    validateBody(resetPasswordRequestSchema),
    async (req, res) => {
      const { token, newPassword } = req.body as { token: string; newPassword: string };
      await identity.limits.check('reset-password', req.ip);
      await resetPassword(identity, { token: token.trim(), newPassword });
      res.json({ message: RESET_DONE_MESSAGE });
    },
  );

  return router;
}
