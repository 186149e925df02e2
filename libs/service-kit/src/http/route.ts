import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import type { SessionAuth } from '../auth/middleware.js';
import type { SessionUser } from '../auth/claims.js';
import { assertStaff } from '../auth/admin-access.js';
import { unauthorized } from './errors.js';
import { noStore } from './no-store.js';
import { validate } from './validation.js';

/** Who may call a route; the service that owns the data checks it, whatever the gateway did. */
export type RouteAuth = 'public' | 'user' | 'admin';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type CallerOf<A extends RouteAuth> = A extends 'public' ? SessionUser | null : SessionUser;

export interface RouteInput<A extends RouteAuth, B, P, Q> {
  body: Out<B>;
  params: Out<P>;
  query: Out<Q>;
  /** The signed-in caller (null on a public route without a session). */
  user: CallerOf<A>;
  req: Request;
  res: Response;
}

export interface RouteSpec<A extends RouteAuth, B, P, Q, R> {
  method: Method;
  path: string;
  auth: A;
  body?: B;
  params?: P;
  query?: Q;
  /** Status of a successful answer (default 200). */
  status?: number;
  /**
   * Answers with the returned value as JSON; return undefined after answering `res` yourself
   * (cookies, redirects, empty bodies).
   */
  handler(input: RouteInput<A, B, P, Q>): Promise<R> | R;
}

/**
 * Declares one endpoint: checks the caller against `auth`, validates body, params and query
 * with the contract's schemas (400 with the schema's messages), types the handler's input,
 * and answers its result. Express 5 forwards a thrown error (HttpError, DomainError) to the
 * kit's error handler. Every answer of a `user` or `admin` route, refusals included, carries
 * `Cache-Control: no-store` (see noStore).
 */
export function route<
  A extends RouteAuth,
  R,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(router: Router, auth: SessionAuth, spec: RouteSpec<A, B, P, Q, R>): void {
  router[spec.method](spec.path, async (req: Request, res: Response) => {
    if (spec.auth !== 'public') noStore(res);
    const user = await auth.authenticate(req);
    if (spec.auth !== 'public' && !user) throw unauthorized();
    if (spec.auth === 'admin') assertStaff(user);
    const input = {
      body: (spec.body
        ? validate(spec.body, req.body ?? {}, { subject: 'Request body' })
        : undefined) as Out<B>,
      params: (spec.params
        ? validate(spec.params, req.params, { subject: 'Path' })
        : undefined) as Out<P>,
      query: (spec.query
        ? validate(spec.query, req.query, { subject: 'Query' })
        : undefined) as Out<Q>,
      user: user as CallerOf<A>,
      req,
      res,
    };
    const result = await spec.handler(input);
    if (result === undefined || res.headersSent) return;
    res.status(spec.status ?? 200).json(result);
  });
}

/** `route` bound to one router and the service's session auth: `const r = routes(router, auth)`. */
export function routesOf(router: Router, auth: SessionAuth) {
  return <
    A extends RouteAuth,
    R,
    B extends Schema | undefined = undefined,
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
  >(
    spec: RouteSpec<A, B, P, Q, R>,
  ) => route(router, auth, spec);
}
