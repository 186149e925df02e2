import { unauthorized, validateBody } from '@mia/service-kit';
import { loginRequestSchema } from '@mia/contracts';
import { Router, type Response } from 'express';
import type { Identity } from '../identity.js';
import { trimFields } from '../trim-body.js';
import type { User } from '../generated/prisma/client.js';
import { toUserView } from '../users/user-view.js';
import { currentSession } from './current-session.js';
import { login } from './login.js';
import { logout } from './logout.js';
import type { SessionFacts } from './session-tokens.js';

/** Signs the session's token into the cookie and answers with the user (login, register). */
export async function answerSignedIn(
  identity: Identity,
  res: Response,
  user: User,
  session: SessionFacts,
  status = 200,
): Promise<void> {
  const view = toUserView(user);
  const issued = await identity.tokens.issue(view, session);
  identity.tokens.setCookie(res, issued);
  res.status(status).json(view);
}

export function sessionRoutes(identity: Identity): Router {
  const router = Router();

  router.post(
    '/api/login',
    trimFields('username'),
    validateBody(loginRequestSchema),
    async (req, res) => {
      const { username, password } = req.body as { username: string; password: string };
      const { user, session } = await login(identity, { email: username, password, ip: req.ip });
      await answerSignedIn(identity, res, user, session);
    },
  );

  router.post('/api/logout', async (req, res) => {
    if (await identity.auth.authenticate(req)) await logout(identity, req.sessionClaims!);
    identity.tokens.clearCookie(res);
    res.json({ message: 'Logged out' });
  });

  // The current user; the cookie is re-issued once half of its idle lifetime is gone, so an
  // active user stays signed in up to the session's absolute end.
  router.get('/api/user', async (req, res) => {
    res.set('cache-control', 'no-store');
    const current = await currentSession(identity, req);
    if (!current) {
      if (identity.auth.readToken(req)) identity.tokens.clearCookie(res);
      throw unauthorized();
    }
    const view = toUserView(current.user);
    const claims = req.sessionClaims!;
    if (identity.tokens.needsRefresh(claims)) {
      const issued = await identity.tokens.issue(view, {
        sessionId: current.session.id,
        expiresAt: current.session.expiresAt,
        authTime: new Date((claims.auth_time ?? claims.iat) * 1000),
      });
      if (issued.expiresAt > claims.exp) identity.tokens.setCookie(res, issued);
    }
    res.json(view);
  });

  return router;
}
