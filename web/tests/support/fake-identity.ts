import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import {
  apiErrorSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resendVerificationResponseSchema,
  resetPasswordRequestSchema,
  secondFactorRequestSchema,
  secondFactorRequiredSchema,
  userSchema,
  verifyEmailRequestSchema,
  type User,
} from '@mia/contracts';
import { badRequest, conflict, HttpError, unauthorized, validate } from '@mia/service-kit';
import type { z } from 'zod';
import {
  FORGOT_PASSWORD_MESSAGE,
  RESET_DONE_MESSAGE,
} from '../../../services/identity/src/password-reset/routes.js';
import { RESET_TOKEN_MESSAGES } from '../../../services/identity/src/password-reset/reset-password.js';
import { passwordProblem } from '../../../services/identity/src/passwords/policy.js';
import { INVALID_CREDENTIALS_MESSAGE } from '../../../services/identity/src/sessions/login.js';
import {
  EMAIL_TAKEN_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from '../../../services/identity/src/users/register.js';
import { normalizeEmail } from '../../../services/identity/src/users/user-view.js';
import { SECOND_FACTOR_MESSAGES } from '../../../services/identity/src/users/two-factor-refusals.js';
import {
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  VERIFICATION_TOKEN_MESSAGES,
} from '../../../services/identity/src/users/refusals.js';
import {
  EMAIL_VERIFIED_MESSAGE,
  VERIFICATION_SENT_MESSAGE,
} from '../../../services/identity/src/email-verification/routes.js';
import type { ApiHandler } from './static-server';

interface FakeUser extends User {
  password: string;
  /** With two-step verification: the one code the fake accepts at the sign-in's code step. */
  secondFactorCode?: string;
}

/** Why a reset link no longer works, as identity tells it apart; `valid` when it still does. */
type ResetTokenState = 'valid' | keyof typeof RESET_TOKEN_MESSAGES;
type VerificationTokenState = 'valid' | keyof typeof VERIFICATION_TOKEN_MESSAGES;

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string | string[]>;
}

type Route = (req: IncomingMessage, body: unknown) => Answer;

// Not exported by identity: written in sessions/routes.ts and service-kit's error handler.
const LOGGED_OUT_MESSAGE = 'Logged out';
const UNAUTHORIZED_MESSAGE = 'Unauthorized';
/** Identity's readable "signed in" hint, set and cleared with the session cookie. */
const HINT = 'mia_signed_in';
const CLEAR_SESSION = ['sid=; Path=/; Max-Age=0', `${HINT}=; Path=/; Max-Age=0`];
const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** The fake answered something the contracts do not describe: a test-support bug, not a 500. */
class ContractBreach extends Error {
  override readonly name = 'ContractBreach';
}

/** A body checked against its contract schema: a field added, renamed or missing throws. */
function answer<S extends z.ZodType>(status: number, schema: S, body: z.input<S>): Answer {
  const parsed = schema.safeParse(body);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, body)) {
    throw new ContractBreach(
      `fake identity answered ${status} ${JSON.stringify(body)}, which its contract does not describe`,
    );
  }
  return { status, body };
}

/** Identity's answer to a failure: the shared error body, a 500 for anything unexpected. */
const failure = (error: unknown): Answer =>
  error instanceof HttpError
    ? answer(error.status, apiErrorSchema, error.toBody())
    : answer(500, apiErrorSchema, { message: INTERNAL_ERROR_MESSAGE });

/** Identity trims these fields before validating (shared/trim-body.ts), then parses with the contract. */
function request<S extends z.ZodType>(schema: S, body: unknown, ...trim: string[]): z.output<S> {
  const fields = { ...(body as Record<string, unknown>) };
  for (const field of trim) {
    const value = fields[field];
    if (typeof value === 'string') fields[field] = value.trim();
  }
  return validate(schema, fields, { subject: 'Request body' });
}

/**
 * A stand-in for the identity service's browser API (spec section 7), so the auth screen can be
 * driven in the browser without the backend. It answers as identity does: the same statuses,
 * bodies, codes and texts (imported from identity's sources, validated by the contracts'
 * schemas and service kit). The journey against the real services is auth.browser.test.ts.
 */
export class FakeIdentity {
  readonly users = new Map<string, FakeUser>();
  readonly sessions = new Map<string, string>();
  readonly resetTokens = new Map<string, { email: string; state: ResetTokenState }>();
  readonly verificationTokens = new Map<string, { email: string; state: VerificationTokenState }>();
  /** Signing out fails as identity does when its store cannot be reached. */
  failLogout = false;
  /** The development answer of forgot-password includes the token (spec section 2). */
  revealResetToken = true;
  /** Resend answers 429, as identity does past RATE_LIMIT_VERIFY_RESEND_PER_ACCOUNT. */
  limitResend = false;
  /** Answers that broke their contract; they also fail the request they answered. */
  readonly contractBreaches: Error[] = [];
  private counter = 0;

  /** An account made before the test: verified unless `emailVerified: false` says otherwise. */
  addUser(
    user: Omit<FakeUser, 'id' | 'role' | 'emailVerified' | 'twoFactorEnabled'> & {
      emailVerified?: boolean;
    },
  ): FakeUser {
    const email = normalizeEmail(user.email);
    const stored: FakeUser = {
      emailVerified: true,
      twoFactorEnabled: user.secondFactorCode !== undefined,
      ...user,
      email,
      id: `u${++this.counter}`,
      role: 'user',
    };
    this.users.set(email, stored);
    return stored;
  }

  addResetToken(token: string, email: string, state: ResetTokenState = 'valid'): void {
    this.resetTokens.set(token, { email: normalizeEmail(email), state });
  }

  /** A verification link of `email`'s account; as identity, a newer one replaces the others. */
  addVerificationToken(token: string, email: string, state: VerificationTokenState = 'valid') {
    const owner = normalizeEmail(email);
    for (const [other, link] of this.verificationTokens) {
      if (link.email === owner && link.state === 'valid') {
        this.verificationTokens.set(other, { ...link, state: 'replaced' });
      }
    }
    this.verificationTokens.set(token, { email: owner, state });
  }

  /** Throws the first answer that did not match its contract; call after each test. */
  assertContractsKept(): void {
    const [breach] = this.contractBreaches;
    if (breach) throw breach;
  }

  reset(): void {
    this.users.clear();
    this.sessions.clear();
    this.resetTokens.clear();
    this.verificationTokens.clear();
    this.limitResend = false;
    this.contractBreaches.length = 0;
    this.failLogout = false;
    this.revealResetToken = true;
  }

  private view({
    id,
    name,
    username,
    email,
    role,
    emailVerified,
    twoFactorEnabled,
  }: FakeUser): User {
    return { id, name, username, email, role, emailVerified, twoFactorEnabled };
  }

  private signedIn(user: FakeUser, status: number, verificationToken?: string): Answer {
    const sid = `s${++this.counter}`;
    this.sessions.set(sid, user.email);
    const body = verificationToken ? { ...this.view(user), verificationToken } : this.view(user);
    return {
      ...answer(status, registerResponseSchema, body),
      headers: {
        'Set-Cookie': [
          `sid=${sid}; Path=/; HttpOnly; SameSite=Lax`,
          `${HINT}=1; Path=/; SameSite=Lax`,
        ],
        'Cache-Control': 'no-store',
      },
    };
  }

  private sessionId(req: IncomingMessage): string | undefined {
    return /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  }

  private current(req: IncomingMessage): FakeUser | undefined {
    const sid = this.sessionId(req);
    const email = sid ? this.sessions.get(sid) : undefined;
    return email ? this.users.get(email) : undefined;
  }

  private readonly routes: Record<string, Route> = {
    'GET /api/user': (req): Answer => {
      const user = this.current(req);
      // As identity: a 401 clears the hint too, so the page stops asking.
      if (!user) {
        return {
          ...answer(401, apiErrorSchema, unauthorized(UNAUTHORIZED_MESSAGE).toBody()),
          headers: { 'Set-Cookie': CLEAR_SESSION, 'Cache-Control': 'no-store' },
        };
      }
      return {
        ...answer(200, userSchema, this.view(user)),
        headers: { 'Cache-Control': 'no-store' },
      };
    },

    'POST /api/login': (_req, body) => {
      const { username, password } = request(loginRequestSchema, body, 'username');
      const user = this.users.get(normalizeEmail(username));
      if (!user || user.password !== password) {
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
      }
      // As identity: with two-step verification, a pending cookie and no session yet.
      if (user.secondFactorCode !== undefined) {
        return {
          ...answer(202, secondFactorRequiredSchema, { secondFactor: 'totp' }),
          headers: {
            'Set-Cookie': [`pending=${encodeURIComponent(user.email)}; Path=/; HttpOnly`],
            'Cache-Control': 'no-store',
          },
        };
      }
      return this.signedIn(user, 200);
    },

    'POST /api/login/second-factor': (req, body) => {
      const { code } = request(secondFactorRequestSchema, body);
      const pending = /(?:^|;\s*)pending=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      const user = pending ? this.users.get(decodeURIComponent(pending)) : undefined;
      if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.expired, 'second_factor_expired');
      if (code !== user.secondFactorCode) {
        throw unauthorized(SECOND_FACTOR_MESSAGES.invalid_code, 'invalid_code');
      }
      return this.signedIn(user, 200);
    },

    'POST /api/register': (_req, body) => {
      const input = request(registerRequestSchema, body, 'name', 'username', 'email');
      const email = normalizeEmail(input.email);
      const username = input.username.trim();
      const problem = passwordProblem(input.password, { email, username });
      if (problem) throw badRequest(problem, 'weak_password');
      if (this.users.has(email)) throw conflict(EMAIL_TAKEN_MESSAGE, 'email_taken');
      const sameName = (user: FakeUser) => user.username.toLowerCase() === username.toLowerCase();
      if ([...this.users.values()].some(sameName)) {
        throw conflict(USERNAME_TAKEN_MESSAGE, 'username_taken');
      }
      const user = this.addUser({
        name: input.name.trim(),
        username,
        email,
        password: input.password,
        emailVerified: false,
      });
      const verificationToken = `verify-${++this.counter}-abcdefghijklmnopqrstuvwxyz`;
      this.addVerificationToken(verificationToken, email);
      return this.signedIn(user, 201, this.revealResetToken ? verificationToken : undefined);
    },

    'POST /api/logout': (req) => {
      if (this.failLogout) throw new Error('session store unavailable');
      const sid = this.sessionId(req);
      if (sid) this.sessions.delete(sid);
      return {
        ...answer(200, messageResponseSchema, { message: LOGGED_OUT_MESSAGE }),
        headers: { 'Set-Cookie': CLEAR_SESSION, 'Cache-Control': 'no-store' },
      };
    },

    'POST /api/forgot-password': (_req, body) => {
      const email = normalizeEmail(request(forgotPasswordRequestSchema, body, 'email').email);
      // Identity answers alike whether the account exists; only its development answer shows
      // the token, and only when there is one.
      let resetToken: string | undefined;
      if (this.users.has(email)) {
        resetToken = `reset-${++this.counter}-abcdefghijklmnopqrstuvwxyz`;
        // As identity: a newer link replaces the account's earlier ones.
        for (const [other, link] of this.resetTokens) {
          if (link.email === email && link.state === 'valid') {
            this.resetTokens.set(other, { ...link, state: 'replaced' });
          }
        }
        this.addResetToken(resetToken, email);
      }
      return answer(
        200,
        forgotPasswordResponseSchema,
        this.revealResetToken && resetToken
          ? { message: FORGOT_PASSWORD_MESSAGE, resetToken }
          : { message: FORGOT_PASSWORD_MESSAGE },
      );
    },

    'POST /api/reset-password': (_req, body) => {
      const input = request(resetPasswordRequestSchema, body, 'token');
      const token = input.token.trim();
      const stored = this.resetTokens.get(token);
      const state = stored?.state ?? 'invalid';
      if (state !== 'valid') throw badRequest(RESET_TOKEN_MESSAGES[state], `reset_token_${state}`);
      const user = this.users.get(stored!.email)!;
      const weak = passwordProblem(input.newPassword, user);
      if (weak) throw badRequest(weak, 'weak_password');

      user.password = input.newPassword;
      // The link is spent, the user's other links die with the old password, and so do all of
      // the user's sessions.
      for (const [other, link] of this.resetTokens) {
        if (link.email === user.email && link.state === 'valid') {
          this.resetTokens.set(other, { ...link, state: other === token ? 'used' : 'superseded' });
        }
      }
      for (const [sid, email] of this.sessions) {
        if (email === user.email) this.sessions.delete(sid);
      }
      return answer(200, messageResponseSchema, { message: RESET_DONE_MESSAGE });
    },

    'POST /api/verify-email': (_req, body) => {
      const { token } = request(verifyEmailRequestSchema, body, 'token');
      const stored = this.verificationTokens.get(token);
      const state = stored?.state ?? 'invalid';
      if (state !== 'valid') {
        throw badRequest(VERIFICATION_TOKEN_MESSAGES[state], `verification_token_${state}`);
      }
      this.verificationTokens.set(token, { ...stored!, state: 'used' });
      this.users.get(stored!.email)!.emailVerified = true;
      return answer(200, messageResponseSchema, { message: EMAIL_VERIFIED_MESSAGE });
    },

    'POST /api/verify-email/resend': (req) => {
      const user = this.current(req);
      if (!user) throw unauthorized(UNAUTHORIZED_MESSAGE);
      if (user.emailVerified)
        throw conflict(EMAIL_ALREADY_VERIFIED_MESSAGE, 'email_already_verified');
      if (this.limitResend) {
        throw new HttpError(
          429,
          'Too many verification emails requested. Please wait 15 minutes and try again.',
          'rate_limited',
        );
      }
      const verificationToken = `verify-${++this.counter}-abcdefghijklmnopqrstuvwxyz`;
      this.addVerificationToken(verificationToken, user.email);
      return answer(
        200,
        resendVerificationResponseSchema,
        this.revealResetToken
          ? { message: VERIFICATION_SENT_MESSAGE, verificationToken }
          : { message: VERIFICATION_SENT_MESSAGE },
      );
    },
  };

  private respond(route: Route, req: IncomingMessage, raw: string): Answer {
    try {
      return route(req, raw ? JSON.parse(raw) : {});
    } catch (error) {
      if (error instanceof ContractBreach) throw error;
      return failure(error);
    }
  }

  readonly handler: ApiHandler = (req, res, raw) => {
    const route = this.routes[`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`];
    if (!route) return false;
    try {
      send(res, this.respond(route, req, raw));
    } catch (error) {
      // The static server turns the throw into a 500; the list makes the test itself fail.
      if (error instanceof ContractBreach) this.contractBreaches.push(error);
      throw error;
    }
    return true;
  };
}

function send(res: ServerResponse, { status, body, headers }: Answer): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
