import { loginRequestSchema, secondFactorRequiredSchema } from '@mia/contracts';
import { routesOf, unauthorized } from '@mia/service-kit';
import { Router } from 'express';
import type { Identity } from '../identity.js';
import { currentSession } from '../shared/current-session.js';
import { answerSignedIn } from '../shared/session-tokens.js';
import { trimmed } from '../shared/trim-body.js';
import { toUserView } from '../users/user-view.js';
import { login } from './login.js';
import { logout } from './logout.js';

export const LOGGED_OUT_MESSAGE = 'Logged out';

export function sessionRoutes(identity: Identity): Router {
  const router = Router();
  const route = routesOf(router, identity.auth);

  route({
    method: 'post',
    path: '/api/login',
    auth: 'public',
    body: trimmed(loginRequestSchema, 'username'),
    async handler({ body, req, res }) {
      const outcome = await login(identity, {
        email: body.username,
        password: body.password,
        ip: req.ip,
      });
      if (outcome.kind === 'second-factor') {
        // No session yet: only the short-lived pending cookie, which the code completes.
        outcome.setPendingCookie(res);
        res.status(202).json(secondFactorRequiredSchema.parse({ secondFactor: 'totp' }));
        return;
      }
      await answerSignedIn(identity.tokens, res, toUserView(outcome.user), outcome.session);
    },
  });

  // Without a session, or with one already ended, this still clears the cookie.
  route({
    method: 'post',
    path: '/api/logout',
    auth: 'public',
    async handler({ user, req, res }) {
      if (user) await logout(identity, req.sessionClaims!);
      identity.tokens.clearCookie(res);
      return { message: LOGGED_OUT_MESSAGE };
    },
  });

  // The current user; the cookie is re-issued once half of its idle lifetime is gone, so an
  // active user stays signed in up to the session's absolute end.
  route({
    method: 'get',
    path: '/api/user',
    auth: 'public',
    async handler({ req, res }) {
      res.set('cache-control', 'no-store');
      const current = await currentSession(identity, req);
      if (!current) {
        // Clears the signed-in hint too, so the web stops asking.
        identity.tokens.clearCookie(res);
        throw unauthorized();
      }
      const view = toUserView(current.user);
      const claims = req.sessionClaims!;
      if (identity.tokens.needsRefresh(claims)) {
        const issued = await identity.tokens.issue(view, {
          sessionId: current.session.id,
          expiresAt: current.session.expiresAt,
          authTime: new Date((claims.auth_time ?? claims.iat) * 1000),
          // The session was made as it was: a refreshed token keeps its second factor.
          ...(claims.amr ? { amr: claims.amr } : {}),
        });
        if (issued.expiresAt > claims.exp) identity.tokens.setCookie(res, issued);
      }
      return view;
    },
  });

  return router;
}
