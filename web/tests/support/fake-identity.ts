import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type ApiHandler } from './static-server';

interface FakeUser {
  id: string;
  name: string;
  username: string;
  email: string;
  role: 'user' | 'admin';
  password: string;
}

/**
 * A stand-in for the identity service's browser API (spec section 7), with the answers the real
 * one gives, so the auth screen can be driven in the browser without the backend. The journey
 * against the real services lives in auth.browser.test.ts.
 */
export class FakeIdentity {
  readonly users = new Map<string, FakeUser>();
  readonly sessions = new Map<string, string>();
  readonly resetTokens = new Map<string, string>();
  failLogout = false;
  /** The development answer of forgot-password includes the token (spec section 2). */
  revealResetToken = true;
  private counter = 0;

  addUser(user: Omit<FakeUser, 'id' | 'role'>): FakeUser {
    const stored: FakeUser = { ...user, id: `u${++this.counter}`, role: 'user' };
    this.users.set(user.email, stored);
    return stored;
  }

  private view({ id, name, username, email, role }: FakeUser) {
    return { id, name, username, email, role };
  }

  private signIn(res: ServerResponse, user: FakeUser) {
    const sid = `s${++this.counter}`;
    this.sessions.set(sid, user.email);
    res.setHeader('Set-Cookie', `sid=${sid}; Path=/; HttpOnly; SameSite=Lax`);
  }

  private current(req: IncomingMessage): FakeUser | undefined {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const email = sid ? this.sessions.get(sid) : undefined;
    return email ? this.users.get(email) : undefined;
  }

  readonly handler: ApiHandler = (req, res, body) => {
    const route = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
    const input = (body ? JSON.parse(body) : {}) as Record<string, string>;
    switch (route) {
      case 'GET /api/user': {
        const user = this.current(req);
        return user
          ? sendJson(res, 200, this.view(user))
          : sendJson(res, 401, { message: 'Not authenticated' });
      }
      case 'POST /api/login': {
        const user = this.users.get(input.username ?? '');
        if (!user || user.password !== input.password) {
          return sendJson(res, 401, { message: 'Invalid email or password' });
        }
        this.signIn(res, user);
        return sendJson(res, 200, this.view(user));
      }
      case 'POST /api/register': {
        if (this.users.has(input.email ?? '')) {
          return sendJson(res, 409, { message: 'Email already registered' });
        }
        const user = this.addUser({
          name: input.name ?? '',
          username: input.username ?? '',
          email: input.email ?? '',
          password: input.password ?? '',
        });
        this.signIn(res, user);
        return sendJson(res, 201, this.view(user));
      }
      case 'POST /api/logout': {
        if (this.failLogout) return sendJson(res, 500, { message: 'Session store unavailable' });
        res.setHeader('Set-Cookie', 'sid=; Path=/; Max-Age=0');
        res.writeHead(204);
        res.end();
        return true;
      }
      case 'POST /api/forgot-password': {
        const token = `reset-${++this.counter}-abcdefghijklmnopqrstuvwxyz`;
        if (this.users.has(input.email ?? '')) this.resetTokens.set(token, input.email!);
        const message =
          'If an account exists for this email, we have sent a link to reset your password.';
        return sendJson(
          res,
          200,
          this.revealResetToken ? { message, resetToken: token } : { message },
        );
      }
      case 'POST /api/reset-password': {
        const email = this.resetTokens.get(input.token ?? '');
        const user = email ? this.users.get(email) : undefined;
        if (!user) return sendJson(res, 400, { message: 'Invalid or expired reset token' });
        this.resetTokens.delete(input.token!);
        user.password = input.newPassword ?? '';
        return sendJson(res, 200, { message: 'Password updated' });
      }
      default:
        return false;
    }
  };
}
