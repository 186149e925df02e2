import { validateBody } from '@mia/service-kit';
import { passwordSchema, registerRequestSchema } from '@mia/contracts';
import { Router } from 'express';
import { z } from 'zod';
import type { Identity } from '../identity.js';
import { trimFields } from '../trim-body.js';
import { requireSession } from '../sessions/current-session.js';
import { answerSignedIn } from '../sessions/routes.js';
import { changePassword } from './change-password.js';
import { registerUser, type RegisterInput } from './register.js';
import { normalizeEmail } from './user-view.js';

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

  router.post(
    '/api/register',
    trimFields('name', 'username', 'email'),
    validateBody(registerRequestSchema),
    async (req, res) => {
      const input = req.body as RegisterInput;
      await identity.limits.check('register', req.ip, normalizeEmail(input.email));
      const { user, session } = await registerUser(identity, input);
      await answerSignedIn(identity, res, user, session, 201);
    },
  );

  router.post(
    '/api/change-password',
    requireSession(identity),
    validateBody(changePasswordRequestSchema),
    async (req, res) => {
      const body = req.body as z.infer<typeof changePasswordRequestSchema>;
      const { user, session } = await changePassword(identity, {
        userId: req.user!.id,
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        ip: req.ip,
      });
      await answerSignedIn(identity, res, user, session);
    },
  );

  return router;
}
