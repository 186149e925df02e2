/** Who calls: nobody signed in, a registered user's session, or an admin's. */
export type Caller = 'anonymous' | 'user' | 'admin';

/** What the fuzzer knows of the system it runs against, to build near-valid requests. */
export interface KnownValues {
  userEmail: string;
  /** A ticket the signed-in user opened (valid for the customer's and the staff's routes). */
  ticketId: string;
  productIds: readonly string[];
  /** The signed-in user's access code (the GPT checks' valid input). */
  accessCode: string;
  /** A payment intent the user created and never confirmed. */
  paymentIntentId: string;
}

/**
 * Fields of a valid body (or query), from which the generator spoils one, all or none. `id` is
 * a generated UUID (unique names, ids of things that do not exist), so a seed replays a run.
 */
type Valid = (known: KnownValues, id: string) => Record<string, unknown>;

/**
 * One endpoint of one service, as its `route(...)` (or Express) definition declares it, with a
 * valid body after the contract in libs/contracts/src/api. `path` may hold `:id` (a ticket's
 * id, or any id: a team, member, invitation or gift the fuzzer does not own; each `:id` gets the
 * same value) and `:productId` parameters.
 */
export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Who the service lets in; the fuzzer calls every route as every caller anyway. */
  auth: 'public' | 'user' | 'admin' | 'bearer';
  body?: Valid;
  query?: Valid;
  /** The body is a form (application/x-www-form-urlencoded), not JSON. */
  form?: boolean;
}

const product = (k: KnownValues) => k.productIds[0]!;

export const FUZZ_ROUTES: readonly FuzzRoute[] = [
  // identity: users/, sessions/, password-reset/, email-verification/
  { method: 'GET', path: '/api/user', auth: 'public' },
  {
    method: 'POST',
    path: '/api/register',
    auth: 'public',
    body: (_, id) => ({
      name: 'Ana Pérez',
      username: `ana_${id.slice(0, 8)}`,
      email: `ana.${id.slice(0, 8)}@iglesia.example`,
      password: 'Salmo 23: mi pastor',
    }),
  },
  {
    method: 'POST',
    path: '/api/login',
    auth: 'public',
    body: (k) => ({ username: k.userEmail, password: 'wrong password' }),
  },
  { method: 'POST', path: '/api/logout', auth: 'public', body: () => ({}) },
  // The second factor: set-up, enabling, removal (codes the fuzzer cannot know), sign-in step.
  { method: 'POST', path: '/api/2fa/totp/setup', auth: 'user', body: () => ({}) },
  { method: 'POST', path: '/api/2fa/totp/enable', auth: 'user', body: () => ({ code: '123456' }) },
  {
    method: 'POST',
    path: '/api/2fa/disable',
    auth: 'user',
    body: () => ({ password: 'wrong password', code: '123456' }),
  },
  {
    method: 'POST',
    path: '/api/login/second-factor',
    auth: 'public',
    body: () => ({ code: '123456' }),
  },
  // Roles are identity's: the valid body keeps the user a user (an unverified address cannot
  // become admin anyway).
  {
    method: 'POST',
    path: '/api/admin/roles',
    auth: 'admin',
    body: (k) => ({ email: k.userEmail, role: 'user', reason: 'Revisión de permisos' }),
  },
  // The dashboard's Change Password (routed since the fuzzer found it answering 404).
  {
    method: 'POST',
    path: '/api/change-password',
    auth: 'user',
    body: () => ({ currentPassword: 'x', newPassword: 'nuevo-secreto', confirmPassword: 'x' }),
  },
  {
    method: 'POST',
    path: '/api/forgot-password',
    auth: 'public',
    body: (k) => ({ email: k.userEmail }),
  },
  {
    method: 'POST',
    path: '/api/reset-password',
    auth: 'public',
    body: () => ({
      token: 'A'.repeat(43),
      newPassword: 'nuevo-secreto',
      confirmPassword: 'nuevo-secreto',
    }),
  },
  {
    method: 'POST',
    path: '/api/verify-email',
    auth: 'public',
    body: () => ({ token: 'A'.repeat(43) }),
  },
  { method: 'POST', path: '/api/verify-email/resend', auth: 'user', body: () => ({}) },

  // billing: overview/, payments/, subscriptions/, trials/, refunds/, webhooks/
  { method: 'GET', path: '/api/billing/config', auth: 'public' },
  { method: 'GET', path: '/api/billing', auth: 'user' },
  { method: 'POST', path: '/api/billing/payment-method', auth: 'user', body: () => ({}) },
  {
    method: 'POST',
    path: '/api/billing/payment-method/confirm',
    auth: 'user',
    body: (_k, id) => ({ setupIntentId: `seti_${id.replaceAll('-', '')}` }),
  },
  {
    method: 'POST',
    path: '/api/create-payment-intent',
    auth: 'user',
    body: (k) => ({ productId: product(k) }),
  },
  {
    method: 'POST',
    path: '/api/confirm-payment',
    auth: 'user',
    body: (k) => ({ paymentIntentId: k.paymentIntentId }),
  },
  {
    method: 'POST',
    path: '/api/subscriptions',
    auth: 'user',
    body: () => ({ priceId: 'price_monthly', planType: 'monthly' }),
  },
  { method: 'POST', path: '/api/billing/subscription/cancel', auth: 'user', body: () => ({}) },
  { method: 'POST', path: '/api/billing/subscription/resume', auth: 'user', body: () => ({}) },
  {
    method: 'POST',
    path: '/api/billing/subscription/change-plan',
    auth: 'user',
    body: () => ({ planType: 'annual' }),
  },
  { method: 'POST', path: '/api/trial/start', auth: 'user', body: () => ({}) },
  {
    method: 'POST',
    path: '/api/admin/refunds',
    auth: 'admin',
    body: (_, id) => ({ paymentId: id }),
  },
  { method: 'GET', path: '/api/admin/payments/review', auth: 'admin' },
  { method: 'GET', path: '/api/admin/disputes', auth: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/disputes/:id/evidence',
    auth: 'admin',
    body: () => ({ dryRun: true, note: 'winning_evidence' }),
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    auth: 'public',
    body: (_, id) => ({ id: `evt_${id}`, type: 'payment_intent.succeeded', data: { object: {} } }),
  },

  // billing: catalog/ (the public catalogue, the owner's products and plan prices), promotions/,
  // sales/ (the sales view and its exports)
  { method: 'GET', path: '/api/catalog', auth: 'public' },
  { method: 'GET', path: '/api/catalog/images/0000000000000000.webp', auth: 'public' },
  { method: 'GET', path: '/api/admin/products', auth: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/products',
    auth: 'admin',
    body: (_, id) => ({
      id: `herramienta-${id.slice(0, 8)}`,
      name: { es: 'Guía de Consejería', en: 'Counselling Guide' },
      description: { es: 'Acompaña conversaciones pastorales.', en: 'Supports pastoral talks.' },
      features: { es: ['Uno', 'Dos', 'Tres', 'Cuatro'], en: ['One', 'Two', 'Three', 'Four'] },
      priceCents: 999,
      destinationUrl: 'https://chatgpt.com/g/g-consejeria',
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/products/:productId',
    auth: 'admin',
    body: () => ({ popular: true }),
  },
  {
    method: 'POST',
    path: '/api/admin/products/:productId/publish',
    auth: 'admin',
    body: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/admin/products/:productId/retire',
    auth: 'admin',
    body: () => ({}),
  },
  { method: 'POST', path: '/api/admin/products/images', auth: 'admin', body: () => ({}) },
  {
    method: 'PATCH',
    path: '/api/admin/plans/monthly',
    auth: 'admin',
    body: () => ({ priceCents: 2000 }),
  },
  { method: 'GET', path: '/api/admin/promotion-codes', auth: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/promotion-codes',
    auth: 'admin',
    body: (_, id) => ({
      code: `PASTOR${id.slice(0, 6)}`,
      percentOff: 50,
      duration: 'once',
      appliesTo: 'tools',
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/promotion-codes/PASTOR50/deactivate',
    auth: 'admin',
    body: () => ({}),
  },
  {
    method: 'GET',
    path: '/api/admin/metrics',
    auth: 'admin',
    query: () => ({ from: '2026-11-01', to: '2026-11-30', interval: 'day' }),
  },
  {
    method: 'GET',
    path: '/api/admin/exports/payments.csv',
    auth: 'admin',
    query: () => ({ from: '2026-11-01', to: '2026-11-30' }),
  },
  { method: 'GET', path: '/api/admin/exports/customers.csv', auth: 'admin' },

  // identity: oauth/ (the authorization server and its consent API), connected apps
  {
    method: 'POST',
    path: '/api/oauth/register',
    auth: 'public',
    body: (_, id) => ({
      client_name: `Asistente ${id.slice(0, 8)}`,
      redirect_uris: ['http://127.0.0.1:43117/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  },
  {
    method: 'GET',
    path: '/api/oauth/authorize',
    auth: 'public',
    query: () => ({
      response_type: 'code',
      client_id: 'unknown-client',
      redirect_uri: 'http://127.0.0.1:43117/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      scope: 'tools:use',
    }),
  },
  {
    method: 'POST',
    path: '/api/oauth/token',
    auth: 'public',
    form: true,
    body: () => ({ grant_type: 'refresh_token', refresh_token: 'not-a-token', client_id: 'x' }),
  },
  { method: 'GET', path: '/api/oauth/interaction/:id/details', auth: 'public' },
  { method: 'POST', path: '/api/oauth/interaction/:id/consent', auth: 'user', body: () => ({}) },
  { method: 'GET', path: '/api/connected-apps', auth: 'user' },
  { method: 'GET', path: '/api/connected-apps/:id', auth: 'user' },
  // identity: privacy/ (account export)
  { method: 'POST', path: '/api/account/export', auth: 'user', body: () => ({}) },
  { method: 'GET', path: '/api/account/export/:id', auth: 'user' },
  { method: 'GET', path: '/api/account/export/:id/status', auth: 'user' },
  { method: 'GET', path: '/api/account/export-schema.json', auth: 'public' },
  { method: 'GET', path: '/.well-known/oauth-authorization-server', auth: 'public' },
  { method: 'GET', path: '/.well-known/openid-configuration', auth: 'public' },
  { method: 'GET', path: '/.well-known/oauth-protected-resource', auth: 'public' },
  { method: 'GET', path: '/.well-known/oauth-protected-resource/api/gpt/mcp', auth: 'public' },

  // support: status/ (the status page and staff incidents)
  { method: 'GET', path: '/api/status', auth: 'public' },
  {
    method: 'POST',
    path: '/api/admin/incidents',
    auth: 'admin',
    body: () => ({
      type: 'maintenance',
      title: 'Mantenimiento programado',
      body: 'Los pagos pueden tardar unos minutos.',
      services: ['payments'],
    }),
  },
  { method: 'POST', path: '/api/admin/incidents/:id/resolve', auth: 'admin', body: () => ({}) },

  // access: dashboard/, access-codes/, timeline/, admin/, verification/
  { method: 'GET', path: '/api/dashboard', auth: 'user' },
  { method: 'GET', path: '/api/settings', auth: 'user' },
  {
    method: 'PUT',
    path: '/api/settings',
    auth: 'user',
    body: () => ({ emailNotifications: false, usageAlerts: true }),
  },
  {
    method: 'POST',
    path: '/api/access-gpt',
    auth: 'user',
    body: (k) => ({ productId: product(k) }),
  },
  { method: 'GET', path: '/api/timeline', auth: 'user' },
  { method: 'GET', path: '/api/access-code', auth: 'user' },
  { method: 'POST', path: '/api/access-code/rotate', auth: 'user', body: () => ({}) },
  {
    method: 'POST',
    path: '/api/verify-gpt-access',
    auth: 'public',
    body: (k) => ({ email: k.userEmail, productId: product(k), accessCode: k.accessCode }),
  },
  {
    method: 'POST',
    path: '/api/admin/grant-access',
    auth: 'admin',
    body: (k) => ({ email: k.userEmail, productId: product(k), reason: 'cortesía' }),
  },
  {
    method: 'POST',
    path: '/api/admin/revoke-access',
    auth: 'admin',
    body: (k) => ({ email: k.userEmail, productId: product(k) }),
  },
  {
    method: 'GET',
    path: '/api/admin/customers',
    auth: 'admin',
    query: (k) => ({ email: k.userEmail }),
  },
  {
    method: 'POST',
    path: '/api/gpt/v1/verify',
    auth: 'bearer',
    body: (k) => ({ accessCode: k.accessCode, productId: product(k) }),
  },
  { method: 'GET', path: '/api/gpt/v1/openapi.json', auth: 'public' },
  {
    method: 'POST',
    path: '/api/gpt/mcp',
    auth: 'bearer',
    body: () => ({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  },
  { method: 'GET', path: '/api/gpt/stand-in/:productId', auth: 'public' },
  {
    method: 'POST',
    path: '/api/gpt/stand-in/:productId',
    auth: 'public',
    form: true,
    body: (k) => ({ accessCode: k.accessCode }),
  },

  // Churches' team plans (ADR 0020): billing takes the money (buying, seats), access the rest.
  {
    method: 'POST',
    path: '/api/teams',
    auth: 'user',
    body: (_, id) => ({ name: `Iglesia ${id.slice(0, 8)}`, planType: 'monthly', seats: 3 }),
  },
  { method: 'PATCH', path: '/api/teams/:id', auth: 'user', body: () => ({ seats: 4 }) },
  { method: 'GET', path: '/api/teams', auth: 'user' },
  { method: 'GET', path: '/api/teams/:id', auth: 'user' },
  {
    method: 'POST',
    path: '/api/teams/:id/invitations',
    auth: 'user',
    body: (_, id) => ({ email: `diacono.${id.slice(0, 8)}@iglesia.example` }),
  },
  {
    method: 'POST',
    path: '/api/teams/:id/invitations/:id/resend',
    auth: 'user',
    body: () => ({}),
  },
  { method: 'DELETE', path: '/api/teams/:id/invitations/:id', auth: 'user' },
  { method: 'DELETE', path: '/api/teams/:id/members/:id', auth: 'user' },
  {
    method: 'POST',
    path: '/api/team-invitations/preview',
    auth: 'public',
    body: () => ({ token: 'A'.repeat(43) }),
  },
  {
    method: 'POST',
    path: '/api/team-invitations/accept',
    auth: 'user',
    body: () => ({ token: 'A'.repeat(43) }),
  },

  // Gifts (ADR 0020): billing takes the payment, access the list, the recipient and the claim.
  {
    method: 'POST',
    path: '/api/gifts',
    auth: 'user',
    body: (k, id) => ({
      productId: product(k),
      recipientEmail: `pastor.${id.slice(0, 8)}@iglesia.example`,
      message: '¡Gracias por tu servicio, pastor!',
    }),
  },
  { method: 'GET', path: '/api/gifts', auth: 'user' },
  {
    method: 'PATCH',
    path: '/api/gifts/:id',
    auth: 'user',
    body: (_, id) => ({ recipientEmail: `pastora.${id.slice(0, 8)}@iglesia.example` }),
  },
  { method: 'POST', path: '/api/gifts/:id/resend', auth: 'user', body: () => ({}) },
  {
    method: 'POST',
    path: '/api/gifts/preview',
    auth: 'public',
    body: () => ({ token: 'A'.repeat(43) }),
  },
  {
    method: 'POST',
    path: '/api/gifts/claim',
    auth: 'user',
    body: () => ({ token: 'A'.repeat(43) }),
  },

  // support: chat/, tickets/ (the customer's and the staff's)
  {
    method: 'POST',
    path: '/api/support/chat',
    auth: 'user',
    body: () => ({ message: '¿Cómo accedo?' }),
  },
  {
    method: 'POST',
    path: '/api/support/chat/ticket',
    auth: 'user',
    body: (_, id) => ({ conversationId: id }),
  },
  { method: 'GET', path: '/api/tickets/categories', auth: 'public' },
  { method: 'GET', path: '/api/tickets', auth: 'user' },
  {
    method: 'POST',
    path: '/api/tickets',
    auth: 'user',
    body: () => ({
      title: 'No puedo entrar',
      description: 'El enlace no abre la herramienta.',
      categoryId: 'access',
      priority: 'high',
    }),
  },
  { method: 'GET', path: '/api/tickets/:id', auth: 'user' },
  {
    method: 'POST',
    path: '/api/tickets/:id/messages',
    auth: 'user',
    body: () => ({ body: 'Gracias' }),
  },
  {
    method: 'GET',
    path: '/api/support/staff/tickets',
    auth: 'admin',
    query: () => ({ status: 'open', priority: 'high', q: 'entrar', limit: '20', offset: '0' }),
  },
  { method: 'GET', path: '/api/support/staff/tickets/:id', auth: 'admin' },
  {
    method: 'POST',
    path: '/api/support/staff/tickets/:id/messages',
    auth: 'admin',
    body: () => ({ body: 'Ya está resuelto', internal: false }),
  },
  {
    method: 'POST',
    path: '/api/support/staff/tickets/:id/status',
    auth: 'admin',
    body: () => ({ status: 'in_progress' }),
  },
];

/** The same path with its parameters as a pattern, for the coverage check against the table. */
export const samplePath = (route: FuzzRoute) =>
  route.path.replace(':productId', 'p').replaceAll(':id', 'x');
