import {
  secondFactorRequestSchema,
  totpEnableRequestSchema,
  totpEnableResponseSchema,
  totpSetupResponseSchema,
  twoFactorDisableRequestSchema,
} from '@mia/contracts';
import { routesOf, unauthorized } from '@mia/service-kit';
import { Router, type Request } from 'express';
import type { Identity } from '../identity.js';
import { currentSession } from '../shared/current-session.js';
import { answerSignedIn } from '../shared/session-tokens.js';
import { toUserView } from '../users/user-view.js';
import type { MailLocale } from './two-factor-mail.js';
import { mailTwoFactorChange } from './two-factor-mail.js';
import { completeSignIn, disableTwoFactor, enableTotp, setUpTotp } from './two-factor-commands.js';

/** The notice goes out in the language the browser asked in (Spanish unless English). */
const localeOf = (req: Request): MailLocale =>
  req.acceptsLanguages('es', 'en') === 'en' ? 'en' : 'es';

/**
 * The second factor: set-up and removal for the signed-in user (Account Settings), and the code
 * step of a sign-in. The set-up routes are `user` routes on purpose: an admin signed in with a
 * password only reaches them to enrol, while every `admin` route refuses that session.
 */
export function twoFactorRoutes(identity: Identity): Router {
  const router = Router();
  const route = routesOf(router, identity.auth);

  // A token whose session ended here is refused before anything is changed.
  const signedIn = async (req: Request) => {
    const current = await currentSession(identity, req);
    if (!current) throw unauthorized();
    return { userId: current.user.id, sessionId: current.session.id, ip: req.ip };
  };

  route({
    method: 'post',
    path: '/api/2fa/totp/setup',
    auth: 'user',
    async handler({ req }) {
      return totpSetupResponseSchema.parse(await setUpTotp(identity, await signedIn(req)));
    },
  });

  route({
    method: 'post',
    path: '/api/2fa/totp/enable',
    auth: 'user',
    body: totpEnableRequestSchema,
    async handler({ body, req, res }) {
      const { user, session, recoveryCodes } = await enableTotp(
        identity,
        await signedIn(req),
        body.code,
      );
      mailTwoFactorChange(identity, localeOf(req), 'enabled', user);
      // The new session says it was made with the second factor: staff routes open with it.
      const issued = await identity.tokens.issue(toUserView(user), session);
      identity.tokens.setCookie(res, issued);
      return totpEnableResponseSchema.parse({ recoveryCodes });
    },
  });

  route({
    method: 'post',
    path: '/api/2fa/disable',
    auth: 'user',
    body: twoFactorDisableRequestSchema,
    async handler({ body, req, res }) {
      const { user, session } = await disableTwoFactor(identity, await signedIn(req), body);
      mailTwoFactorChange(identity, localeOf(req), 'disabled', user);
      await answerSignedIn(identity.tokens, res, toUserView(user), session);
    },
  });

  route({
    method: 'post',
    path: '/api/login/second-factor',
    auth: 'public',
    body: secondFactorRequestSchema,
    async handler({ body, req, res }) {
      const pending = identity.pendingSignIn.read(req);
      const { user, session } = await completeSignIn(identity, pending, body.code, req.ip);
      identity.pendingSignIn.clear(res);
      await answerSignedIn(identity.tokens, res, toUserView(user), session);
    },
  });

  return router;
}
