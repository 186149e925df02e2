// The cheapest authenticated endpoint the kit can serve: session verification (cached after
// the first request, as in every service) and a JSON answer. The benchmark measures the
// gateway's cost against it, so the service itself must be as small as possible.
import {
  createHttpApp,
  createLogger,
  createSessionAuth,
  createSessionVerifier,
  devKeys,
  listen,
} from '@mia/service-kit';

const keys = devKeys();
if (!keys) throw new Error('development keys not found');
const logger = createLogger('bench-service', 'silent');
const verifier = createSessionVerifier({
  publicKeyPem: keys.publicKeyPem,
  issuer: 'mia-identity',
  audience: 'mia',
});
const auth = createSessionAuth({ verifier, cookieName: 'mia_session' });

const app = createHttpApp({
  service: 'bench',
  logger,
  routes: (a) => {
    a.get('/api/user', auth.requireUser, (req, res) => {
      res.json({ id: req.user?.id });
    });
  },
});
await listen(app, Number(process.env.PORT ?? 18181), '127.0.0.1');
process.send?.('ready');
