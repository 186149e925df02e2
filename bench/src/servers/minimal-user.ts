// The baseline for GET /api/user: the least code that answers the same JSON from the same rows.
// A jose verification of the session token on every request, then two plain pg prepared
// statements on identity's own tables (the session row and the user row, at once), with the
// checks identity makes: the session is the token's, not ended, not expired; the role is the
// token's. Express, pool and shutdown from minimal-base.ts. DATABASE_URL and PORT from the env.
import { pool, serveMinimal, verifiedClaims } from './minimal-base.js';

const SESSION = 'SELECT user_id, expires_at, ended_at FROM identity.sessions WHERE id = $1';
const USER =
  'SELECT id, name, username, email, role, email_verified_at, two_factor_enabled FROM identity.users WHERE id = $1';

serveMinimal(18192, (app) => {
  app.get('/api/user', async (req, res) => {
    res.set('cache-control', 'no-store');
    const claims = await verifiedClaims(req);
    const refuse = () => res.status(401).json({ message: 'Unauthorized' });
    if (!claims?.sid || !claims.sub) return refuse();
    const [sessions, users] = await Promise.all([
      pool.query({ name: 'session', text: SESSION, values: [claims.sid] }),
      pool.query({ name: 'user', text: USER, values: [claims.sub] }),
    ]);
    const session = sessions.rows[0];
    const user = users.rows[0];
    if (
      !session ||
      !user ||
      session.user_id !== claims.sub ||
      session.ended_at !== null ||
      session.expires_at.getTime() <= Date.now() ||
      user.role !== claims.role
    ) {
      return refuse();
    }
    res.json({
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      role: user.role,
      emailVerified: user.email_verified_at !== null,
      twoFactorEnabled: user.two_factor_enabled,
    });
  });
});
