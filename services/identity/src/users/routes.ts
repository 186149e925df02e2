import { passwordSchema, registerRequestSchema } from '@mia/contracts';
import { hasSecondFactor, routesOf, unauthorized, validate } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { exposesResetToken } from '../config.js';
import type { Identity } from '../identity.js';
import { currentSession } from '../shared/current-session.js';
import { answerSignedIn } from '../shared/session-tokens.js';
import { trimmed } from '../shared/trim-body.js';
import { changePassword } from './change-password.js';
import { registerUser } from './register.js';
import { sendVerificationMail } from './verification-mail.js';
import { normalizeEmail, toUserView } from './user-view.js';

/**
 * Not one of the spec's calls (the web has no such form yet): the server side of "password
 * change revokes every earlier session", for an account page to come.
 */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export function userRoutes(identity: Identity): Router {
  const router = Router();
  const route = routesOf(router, identity.auth);

  route({
    method: 'post',
    path: '/api/register',
    auth: 'public',
    body: trimmed(registerRequestSchema, 'name', 'username', 'email'),
    async handler({ body, req, res }) {
      await identity.limits.check('register', req.ip, normalizeEmail(body.email));
      const { user, session, verificationToken } = await registerUser(identity, body);
      // After the answer: a slow mail server does not hold up the new user.
      identity.background.run('verification mail', () =>
        sendVerificationMail(identity, user, verificationToken),
      );
      const extra = exposesResetToken(identity.config) ? { verificationToken } : {};
      await answerSignedIn(identity.tokens, res, toUserView(user), session, 201, extra);
    },
  });

  route({
    method: 'post',
    path: '/api/change-password',
    auth: 'user',
    async handler({ user, req, res }) {
      // A token whose session ended here is refused before its body is even read.
      if (!(await currentSession(identity, req))) throw unauthorized();
      const body = validate(changePasswordRequestSchema, req.body ?? {}, {
        subject: 'Request body',
      });
      const changed = await changePassword(identity, {
        userId: user.id,
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        ip: req.ip,
        secondFactor: hasSecondFactor(user),
      });
      await answerSignedIn(identity.tokens, res, toUserView(changed.user), changed.session);
    },
  });

  return router;
}
