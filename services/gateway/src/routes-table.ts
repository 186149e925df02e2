/** The services behind the gateway, in the order their ports are numbered (8081..8084). */
export const SERVICE_NAMES = ['identity', 'billing', 'access', 'support'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The HTTP methods a rule may be limited to. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which service owns which browser API path (ARCHITECTURE.md, "Gateway and the browser API").
 * `exact` owns that path only; `child` owns the paths one segment below it (`/api/teams/{id}`,
 * not `/api/teams/{id}/members`); `subtree` owns every path below it (`/api/trial/*`).
 *
 * `methods` limits a rule to those methods: where money and the rest of a resource live in two
 * services, one path has two owners by verb (ADR 0020: billing takes `POST /api/teams`, access
 * every other `/api/teams` request). A rule with methods wins over every rule without them;
 * any other method falls through to the method-less owner.
 */
export interface RouteRule {
  readonly path: string;
  readonly match: 'exact' | 'child' | 'subtree';
  readonly service: ServiceName;
  readonly methods?: readonly RouteMethod[];
}

export const ROUTES: readonly RouteRule[] = [
  { path: '/api/user', match: 'exact', service: 'identity' },
  { path: '/api/login', match: 'exact', service: 'identity' },
  { path: '/api/register', match: 'exact', service: 'identity' },
  { path: '/api/logout', match: 'exact', service: 'identity' },
  { path: '/api/forgot-password', match: 'exact', service: 'identity' },
  { path: '/api/reset-password', match: 'exact', service: 'identity' },
  // The dashboard's Change Password (signed in, current password required).
  { path: '/api/change-password', match: 'exact', service: 'identity' },
  // E-mail verification: the link's token, and a new link for the signed-in user.
  { path: '/api/verify-email', match: 'exact', service: 'identity' },
  { path: '/api/verify-email/resend', match: 'exact', service: 'identity' },
  // The second factor: its set-up and removal, and the code step of a sign-in.
  { path: '/api/2fa', match: 'subtree', service: 'identity' },
  { path: '/api/login/second-factor', match: 'exact', service: 'identity' },
  // Exact, so it wins over access's `/api/admin` subtree: roles are identity's decision.
  { path: '/api/admin/roles', match: 'exact', service: 'identity' },
  // The OAuth authorization server (authorize, token, register, revoke, jwks, the consent
  // interaction) and the account's connected apps.
  { path: '/api/oauth', match: 'subtree', service: 'identity' },
  { path: '/api/connected-apps', match: 'exact', service: 'identity' },
  { path: '/api/connected-apps', match: 'subtree', service: 'identity' },
  // The account's privacy rights (export now; erasure later): identity orchestrates them.
  { path: '/api/account', match: 'subtree', service: 'identity' },

  { path: '/api/create-payment-intent', match: 'exact', service: 'billing' },
  { path: '/api/subscriptions', match: 'exact', service: 'billing' },
  { path: '/api/confirm-payment', match: 'exact', service: 'billing' },
  { path: '/api/trial', match: 'subtree', service: 'billing' },
  { path: '/api/webhooks', match: 'subtree', service: 'billing' },
  // Plan, card and invoices, and their self-service changes.
  { path: '/api/billing', match: 'exact', service: 'billing' },
  { path: '/api/billing', match: 'subtree', service: 'billing' },
  // Exact, so it wins over access's `/api/admin` subtree: refunds belong to billing.
  { path: '/api/admin/refunds', match: 'exact', service: 'billing' },
  { path: '/api/admin/payments/review', match: 'exact', service: 'billing' },
  // Disputes and their evidence belong to billing too (ahead of access's `/api/admin`).
  { path: '/api/admin/disputes', match: 'exact', service: 'billing' },
  { path: '/api/admin/disputes', match: 'subtree', service: 'billing' },
  // The catalogue is billing's data (ADR 0018): the public list and its images, the owner's
  // products, plan prices, promotion codes, sales view and exports (ahead of access's `/api/admin`).
  { path: '/api/catalog', match: 'exact', service: 'billing' },
  { path: '/api/catalog', match: 'subtree', service: 'billing' },
  { path: '/api/admin/products', match: 'exact', service: 'billing' },
  { path: '/api/admin/products', match: 'subtree', service: 'billing' },
  { path: '/api/admin/plans', match: 'subtree', service: 'billing' },
  { path: '/api/admin/promotion-codes', match: 'exact', service: 'billing' },
  { path: '/api/admin/promotion-codes', match: 'subtree', service: 'billing' },
  { path: '/api/admin/metrics', match: 'exact', service: 'billing' },
  { path: '/api/admin/exports', match: 'subtree', service: 'billing' },
  // Churches' team plans and gifts (ADR 0020): billing takes the money (buying a team plan,
  // changing its seats, paying a gift); access owns the rest of those paths below.
  { path: '/api/teams', match: 'exact', service: 'billing', methods: ['POST'] },
  { path: '/api/teams', match: 'child', service: 'billing', methods: ['PATCH'] },
  { path: '/api/gifts', match: 'exact', service: 'billing', methods: ['POST'] },
  // The status page and the incidents staff post on it (ahead of access's `/api/admin`).
  { path: '/api/status', match: 'exact', service: 'support' },
  { path: '/api/admin/incidents', match: 'exact', service: 'support' },
  { path: '/api/admin/incidents', match: 'subtree', service: 'support' },

  { path: '/api/dashboard', match: 'exact', service: 'access' },
  { path: '/api/access-gpt', match: 'exact', service: 'access' },
  { path: '/api/verify-gpt-access', match: 'exact', service: 'access' },
  { path: '/api/admin', match: 'subtree', service: 'access' },
  { path: '/api/timeline', match: 'exact', service: 'access' },
  { path: '/api/access-code', match: 'exact', service: 'access' },
  { path: '/api/access-code', match: 'subtree', service: 'access' },
  // The account settings' switches (access keeps them; billing and access honour them).
  { path: '/api/settings', match: 'exact', service: 'access' },
  // The verification API and MCP endpoint the GPTs call (bearer keys, not sessions), and the
  // development stand-in for the external chatbot (/api/gpt/stand-in/<product>).
  { path: '/api/gpt', match: 'subtree', service: 'access' },
  // Seats, members and invitations of a team, and the gifts' list, resend, recipient and claim:
  // every method the rules with methods above leave (ADR 0020).
  { path: '/api/teams', match: 'exact', service: 'access' },
  { path: '/api/teams', match: 'subtree', service: 'access' },
  { path: '/api/team-invitations', match: 'subtree', service: 'access' },
  { path: '/api/gifts', match: 'exact', service: 'access' },
  { path: '/api/gifts', match: 'subtree', service: 'access' },

  // `/api/tickets*`: the list itself and everything below it (/api/tickets/categories).
  { path: '/api/tickets', match: 'exact', service: 'support' },
  { path: '/api/tickets', match: 'subtree', service: 'support' },
  { path: '/api/support', match: 'subtree', service: 'support' },

  // OAuth discovery on the public origin's root (issue 23), passed on with its path unchanged:
  // the authorization server's metadata (RFC 8414, and its OpenID twin) is identity's...
  { path: '/.well-known/oauth-authorization-server', match: 'exact', service: 'identity' },
  { path: '/.well-known/openid-configuration', match: 'exact', service: 'identity' },
  // ...and the tool API's protected resource metadata (RFC 9728), with its path-suffixed forms
  // (`/.well-known/oauth-protected-resource/api/gpt/mcp`), is access's.
  { path: '/.well-known/oauth-protected-resource', match: 'exact', service: 'access' },
  { path: '/.well-known/oauth-protected-resource', match: 'subtree', service: 'access' },
];

const WELL_KNOWN = '/.well-known/';

// A dot segment could make a path mean one owner here and another after normalisation upstream.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/** A path's owner; `method` (the request's) lets the rules limited to methods apply. */
export type RouteResolver = (pathname: string, method?: string) => ServiceName | undefined;

interface Lookup {
  readonly exact: Map<string, ServiceName>;
  /** Prefixes (ending in `/`) in table order; `child` ones own a single segment below. */
  readonly below: Array<[prefix: string, child: boolean, service: ServiceName]>;
}

const emptyLookup = (): Lookup => ({ exact: new Map(), below: [] });

function add(lookup: Lookup, rule: RouteRule): void {
  if (rule.match === 'exact') {
    // The first rule of a path wins, as the first matching prefix does.
    if (!lookup.exact.has(rule.path)) lookup.exact.set(rule.path, rule.service);
  } else lookup.below.push([`${rule.path}/`, rule.match === 'child', rule.service]);
}

function find(lookup: Lookup, path: string): ServiceName | undefined {
  const owner = lookup.exact.get(path);
  if (owner) return owner;
  for (const [prefix, child, service] of lookup.below) {
    if (!path.startsWith(prefix)) continue;
    if (!child) return service;
    const rest = path.slice(prefix.length);
    if (rest !== '' && !rest.includes('/')) return service;
  }
  return undefined;
}

/**
 * Builds the lookup once: a map for exact paths and a short prefix list, for every method and
 * for each method some rule names (only a handful of rules name one).
 */
export function createRouteResolver(routes: readonly RouteRule[] = ROUTES): RouteResolver {
  const anyMethod = emptyLookup();
  const byMethod = new Map<string, Lookup>();
  for (const rule of routes) {
    if (!rule.methods) {
      add(anyMethod, rule);
      continue;
    }
    for (const method of rule.methods) {
      let lookup = byMethod.get(method);
      if (!lookup) byMethod.set(method, (lookup = emptyLookup()));
      add(lookup, rule);
    }
  }

  return (pathname, method) => {
    if (DOT_SEGMENT.test(pathname) || pathname.includes('\\')) return undefined;
    // Express treats `/api/user/` like `/api/user` (non-strict routing), so the table does too.
    const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    // Methods are case-sensitive in HTTP; Node hands them over as sent (upper case by custom).
    const special = method === undefined ? undefined : byMethod.get(method);
    return (special && find(special, path)) ?? find(anyMethod, path);
  };
}

/**
 * Whether the gateway passes a request target to a service: everything under `/api`, and the
 * `/.well-known/` paths the table gives an owner (any other, e.g. security.txt, stays the web
 * app's).
 */
export function isProxiedPath(url: string, resolve: RouteResolver): boolean {
  if (url.startsWith('/api/') || url === '/api' || url.startsWith('/api?')) return true;
  return url.startsWith(WELL_KNOWN) && resolve(pathnameOf(url)) !== undefined;
}

/** The path part of a request target, without the query string. */
export function pathnameOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
