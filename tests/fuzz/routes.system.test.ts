import fc from 'fast-check';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_GPT_API_KEY } from '../../services/access/src/config.js';
import { ROUTES, createRouteResolver } from '../../services/gateway/src/routes-table.js';
import { startSystem, type TestSystem } from '../support/system.js';
import { totpCode } from '../support/second-factor.js';
import { verificationTokenIn } from '../support/verification-mail.js';
import {
  bodyText,
  contentType,
  forwardedFor,
  headerText,
  jsonBody,
  pathParameter,
  queryString,
} from './arbitraries.js';
import { eventStores, type EventStores } from './event-stores.js';
import {
  FUZZ_ROUTES,
  samplePath,
  type Caller,
  type FuzzRoute,
  type KnownValues,
} from './routes.js';
import { send, type Answer, type Sent } from './send.js';

// Every route of every service, through the gateway, as nobody, as a user and as an admin:
// near-valid and arbitrary bodies, query strings, path parameters and headers. Whatever
// arrives, the answer is never a 5xx, every process stays up, and a refused request (4xx)
// appends nothing to any service's event store. A fixed seed keeps a failure reproducible;
// the suite's count keeps the file near a minute, `npm run fuzz` runs 10,000 cases
// (FUZZ_RUNS, FUZZ_SEED).
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

const password = 'Gracia-y-Paz-2026';
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const accounts = {
  user: {
    name: 'Pastor Pablo',
    username: `fuzz_u_${unique}`,
    email: `fuzz.u.${unique}@iglesia.org`,
  },
  admin: {
    name: 'Pastora Ana',
    username: `fuzz_a_${unique}`,
    email: `fuzz.a.${unique}@iglesia.org`,
  },
};
// Every caller shares the gateway's address here: per-address limits would answer 429 before
// the code under test runs. Limits have tests of their own.
const generous = '1000000';
const limits = Object.fromEntries(
  [
    'RATE_LIMIT_LOGIN_PER_IP',
    'RATE_LIMIT_LOGIN_FREE_FAILURES',
    'RATE_LIMIT_REGISTER_PER_IP',
    'RATE_LIMIT_REGISTER_PER_ACCOUNT',
    'RATE_LIMIT_FORGOT_PER_IP',
    'RATE_LIMIT_FORGOT_PER_ACCOUNT',
    'RATE_LIMIT_RESET_PER_IP',
    'RATE_LIMIT_VERIFY_PER_IP',
    'RATE_LIMIT_VERIFY_RESEND_PER_ACCOUNT',
    'RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT',
    'VERIFY_RATE_LIMIT_MAX',
    'GPT_VERIFY_RATE_LIMIT_MAX',
    'GPT_VERIFY_PER_CODE_MAX',
    'GPT_VERIFY_FAILURES_MAX',
    'CHAT_QUOTA_PER_HOUR',
  ].map((name) => [name, generous]),
);

let system: TestSystem;
let stores: EventStores;
const sessions: Record<Exclude<Caller, 'anonymous'>, string> = { user: '', admin: '' };
let known: KnownValues;

const sessionOf = (answer: Answer) =>
  ([answer.headers['set-cookie'] ?? []].flat() as string[]).map((c) => c.split(';')[0]).join('; ');

const json = (
  method: string,
  path: string,
  body?: unknown,
  cookie = '',
  extra: Record<string, string> = {},
) =>
  send(system.baseUrl, {
    method,
    target: path,
    headers: {
      origin: system.baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The admin's authenticator (staff routes need a session made with the second factor). */
const adminFactor = { otpauthUrl: '', recovery: [] as string[], lastStep: 0 };

/**
 * A code identity has not accepted yet: a recovery code while any is left, then the app's code
 * of the next time step not used (waiting for it when the window is used up, as a person would).
 */
async function freshSecondFactorCode(): Promise<string> {
  const recovery = adminFactor.recovery.shift();
  if (recovery) return recovery;
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    // Identity accepts one step either side of its clock.
    const next = Math.max(step - 1, adminFactor.lastStep + 1);
    if (next <= step + 1) {
      adminFactor.lastStep = next;
      return totpCode(adminFactor.otpauthUrl, next - step, now);
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - now + 50));
  }
}

async function signIn(caller: Exclude<Caller, 'anonymous'>): Promise<void> {
  const answer = await json('POST', '/api/login', { username: accounts[caller].email, password });
  if (caller === 'admin' && adminFactor.otpauthUrl) {
    expect(answer.status, answer.body).toBe(202);
    const code = await freshSecondFactorCode();
    const done = await json('POST', '/api/login/second-factor', { code }, sessionOf(answer));
    expect(done.status, done.body).toBe(200);
    sessions[caller] = sessionOf(done);
    return;
  }
  expect(answer.status, answer.body).toBe(200);
  sessions[caller] = sessionOf(answer);
}

beforeAll(async () => {
  system = await startSystem({ env: { ...limits, ADMIN_EMAILS: accounts.admin.email } });
  stores = eventStores(system.databaseUrl);
  for (const caller of ['user', 'admin'] as const) {
    const correlationId = `fuzz-${unique}-register-${caller}`;
    const answer = await json('POST', '/api/register', { ...accounts[caller], password }, '', {
      'x-correlation-id': correlationId,
    });
    expect(answer.status, answer.body).toBe(201);
    // The write check sees a request's events by its correlation id: it does see this one's.
    expect(await stores.writtenBy(correlationId)).toContain('identity: UserRegistered');
  }
  // The admin role needs the verified address (the link identity mailed).
  const token = await waitFor(() => verificationTokenIn(system.mailDir, accounts.admin.email), {
    message: 'the admin verification mail',
  });
  expect((await json('POST', '/api/verify-email', { token })).status).toBe(200);
  await signIn('user');
  await signIn('admin');
  // Staff routes answer an admin only with a second factor: enrol, as a new admin must.
  const setup = await json('POST', '/api/2fa/totp/setup', {}, sessions.admin);
  expect(setup.status, setup.body).toBe(200);
  adminFactor.otpauthUrl = (JSON.parse(setup.body) as { otpauthUrl: string }).otpauthUrl;
  adminFactor.lastStep = Math.floor(Date.now() / 30_000);
  const enabled = await json(
    'POST',
    '/api/2fa/totp/enable',
    { code: totpCode(adminFactor.otpauthUrl, 0, adminFactor.lastStep * 30_000) },
    sessions.admin,
  );
  expect(enabled.status, enabled.body).toBe(200);
  adminFactor.recovery = (JSON.parse(enabled.body) as { recoveryCodes: string[] }).recoveryCodes;
  sessions.admin = sessionOf(enabled);

  const dashboard = await json('GET', '/api/dashboard', undefined, sessions.user);
  const productIds = (
    JSON.parse(dashboard.body) as { availableProducts: Array<{ id: string }> }
  ).availableProducts.map((p) => p.id);
  const ticket = await json(
    'POST',
    '/api/tickets',
    {
      title: 'Primer ticket',
      description: 'Un ticket para las rutas con id.',
      categoryId: 'access',
    },
    sessions.user,
  );
  expect(ticket.status, ticket.body).toBe(201);
  const code = await json('GET', '/api/access-code', undefined, sessions.user);
  const intent = await json(
    'POST',
    '/api/create-payment-intent',
    { productId: productIds.at(-1) },
    sessions.user,
  );
  expect(intent.status, intent.body).toBe(200);
  known = {
    userEmail: accounts.user.email,
    ticketId: (JSON.parse(ticket.body) as { id: string }).id,
    productIds,
    accessCode: (JSON.parse(code.body) as { accessCode: string }).accessCode,
    paymentIntentId: (JSON.parse(intent.body) as { clientSecret: string }).clientSecret.split(
      '_secret_',
    )[0]!,
  };
});

afterAll(async () => {
  await stores?.close();
  await system?.stop();
});

const otherMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');
const caller = fc.constantFrom<Caller>('anonymous', 'user', 'admin');

/** The session a caller sends: its own cookie mostly, sometimes spoiled or beside junk. */
const cookieOf = (who: Caller) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(who === 'anonymous' ? undefined : sessions[who]) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.nat(200), headerText(8)).map(([at, junk]) => {
        const cookie = who === 'anonymous' ? `mia_session=${junk}` : sessions[who];
        return `${cookie.slice(0, at)}${junk}${cookie.slice(at + junk.length)}`;
      }),
    },
    {
      weight: 1,
      arbitrary: headerText().map((junk) =>
        [who === 'anonymous' ? '' : sessions[who], junk].filter(Boolean).join('; '),
      ),
    },
  );

const optional = <T>(arbitrary: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight, arbitrary });

/** Headers a browser, a script or a proxy may send, each present or not. */
const headersFor = (route: FuzzRoute) =>
  fc.record({
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant(system.baseUrl) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, 'null', 'https://evil.example') },
      { weight: 1, arbitrary: headerText() },
    ),
    'x-forwarded-for': optional(forwardedFor),
    'x-forwarded-proto': optional(fc.constantFrom('https', 'http', 'gopher', '')),
    'idempotency-key': optional(headerText()),
    'x-request-id': optional(headerText()),
    'accept-language': optional(
      fc.oneof(fc.constantFrom('es', 'en', 'en-US,en;q=0.9', '*'), headerText()),
    ),
    'accept-encoding': optional(
      fc.oneof(fc.constantFrom('gzip', 'br', 'identity;q=0', '*'), headerText()),
    ),
    'user-agent': optional(headerText()),
    authorization: optional(
      fc.oneof(
        // The development key the GPTs' routes accept, so their handlers run.
        { weight: 2, arbitrary: fc.constant(`Bearer ${DEV_GPT_API_KEY}`) },
        { weight: 1, arbitrary: headerText().map((t) => `Bearer ${t}`) },
        { weight: 1, arbitrary: headerText() },
      ),
      route.auth === 'bearer' ? 4 : 1,
    ),
    'stripe-signature': optional(
      headerText().map((t) => `t=${Date.now()},v1=${t}`),
      route.path.startsWith('/api/webhooks') ? 4 : 1,
    ),
  });

interface Case {
  route: FuzzRoute;
  caller: Caller;
  sent: Sent;
}

/** Built once the system runs: the sessions and known ids go into the requests. */
const fuzzCases = (): fc.Arbitrary<Case> =>
  fc.constantFrom(...FUZZ_ROUTES).chain((route) =>
    fc
      .record({
        caller,
        method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, otherMethod),
        id: fc.uuid(),
        ticket: pathParameter([known.ticketId]),
        product: pathParameter(known.productIds),
        query: queryString(route.query ? (route.query(known, '') as Record<string, string>) : {}),
        contentType,
        headers: headersFor(route),
      })
      .chain((c) =>
        fc.record({
          c: fc.constant(c),
          cookie: cookieOf(c.caller),
          body: route.body
            ? bodyText(jsonBody(route.body(known, c.id))).map((text) =>
                route.form && text !== undefined ? formOf(text) : text,
              )
            : optional(bodyText(fc.jsonValue({ maxDepth: 2 }))),
        }),
      )
      .map(({ c, cookie, body }) => {
        const path = route.path.replaceAll(':id', c.ticket).replace(':productId', c.product);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries({
          ...c.headers,
          cookie,
          'content-type':
            body === undefined ? undefined : route.form ? formType(c.contentType) : c.contentType,
        })) {
          if (value !== undefined) headers[name] = value;
        }
        const sent: Sent = {
          method: c.method,
          target: c.query ? `${path}?${c.query}` : path,
          headers,
          body: c.method === 'HEAD' ? undefined : body,
        };
        return { route, caller: c.caller, sent };
      }),
  );

/** A JSON body's fields as a form (the stand-in's page posts one). */
function formOf(text: string): string {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return new URLSearchParams(
        Object.entries(value).map(([k, v]): [string, string] => [
          k,
          typeof v === 'string' ? v : String(JSON.stringify(v)),
        ]),
      ).toString();
    }
  } catch {
    // not JSON: sent as it is
  }
  return text;
}
const formType = (generated: string | undefined) =>
  generated === 'application/json' ? 'application/x-www-form-urlencoded' : generated;

const describeCase = ({ caller: who, sent }: Case, answer?: Answer) =>
  `${who} ${sent.method} ${sent.target.slice(0, 300)}\nheaders ${JSON.stringify(sent.headers).slice(0, 600)}\nbody ${String(sent.body).slice(0, 600)}` +
  (answer ? `\n-> ${answer.status} ${answer.body.slice(0, 600)}` : '');

describe('every route through the gateway, under arbitrary input', () => {
  it('covers every path of the gateway route table, and every method a rule names', () => {
    const owner = createRouteResolver();
    const covered = FUZZ_ROUTES.map((r) => ({ method: r.method, path: samplePath(r) })).filter(
      (r) => owner(r.path, r.method),
    );
    const under = (rule: (typeof ROUTES)[number], path: string) => {
      if (rule.match === 'exact') return path === rule.path;
      if (!path.startsWith(`${rule.path}/`)) return false;
      return rule.match === 'subtree' || !path.slice(rule.path.length + 1).includes('/');
    };
    for (const rule of ROUTES) {
      const hit = covered.some(
        (r) =>
          under(rule, r.path) &&
          (!rule.methods || rule.methods.includes(r.method)) &&
          // A method-less rule counts only for requests the rules with methods leave to it.
          owner(r.path, r.method) === rule.service,
      );
      const what = `${rule.methods?.join(',') ?? ''} ${rule.path} (${rule.match})`.trim();
      expect(hit, `no fuzzed route under ${what}`).toBe(true);
    }
  });

  it(
    `answers below 500 and writes nothing when it refuses (${RUNS} cases, seed ${SEED})`,
    async () => {
      const statuses = new Map<number, number>();
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fuzzCases(), async (c) => {
          const correlationId = `fuzz-${unique}-${++n}`;
          c.sent.headers['x-correlation-id'] = correlationId;
          let answer: Answer;
          try {
            answer = await send(system.baseUrl, c.sent);
          } catch (err) {
            throw new Error(`no answer\n${describeCase(c)}`, { cause: err });
          }
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          expect(answer.status, describeCase(c, answer)).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(await stores.writtenBy(correlationId), describeCase(c, answer)).toEqual([]);
          }
          // Signing out (or anything else that ends the session) must not end the next cases'.
          if (c.caller !== 'anonymous' && answer.status < 300 && c.route.path === '/api/logout') {
            await signIn(c.caller);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: process.env.FUZZ_SHRINK === undefined },
      );
      // Every process is still up: the gateway's readiness asks each service.
      const ready = await waitFor(
        async () => ((await json('GET', '/readyz')).status === 200 ? true : undefined),
        { message: 'the gateway and every service ready after the run', timeoutMs: 5_000 },
      );
      expect(ready).toBe(true);
      console.info(
        `fuzz: ${RUNS} cases, seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
    },
    Math.max(60_000, RUNS * 500),
  );
});
