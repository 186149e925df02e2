import { describe, expect, it } from 'vitest';
import { ROUTES, createRouteResolver, isProxiedPath, pathnameOf } from './routes-table.js';

const resolve = createRouteResolver();

describe('route table', () => {
  it('is the ownership table of ARCHITECTURE.md plus the commerce core paths', () => {
    const suffix = { exact: '', child: '/{id}', subtree: '/*' } as const;
    const table = ROUTES.map(
      (r) =>
        `${r.service} ${r.methods ? `${r.methods.join(',')} ` : ''}${r.path}${suffix[r.match]}`,
    );
    expect(table).toEqual([
      'identity /api/user',
      'identity /api/login',
      'identity /api/register',
      'identity /api/logout',
      'identity /api/forgot-password',
      'identity /api/reset-password',
      'identity /api/change-password',
      'identity /api/verify-email',
      'identity /api/verify-email/resend',
      'identity /api/2fa/*',
      'identity /api/login/second-factor',
      'identity /api/admin/roles',
      'identity /api/oauth/*',
      'identity /api/connected-apps',
      'identity /api/connected-apps/*',
      'identity /api/account/*',
      'billing /api/create-payment-intent',
      'billing /api/subscriptions',
      'billing /api/confirm-payment',
      'billing /api/trial/*',
      'billing /api/webhooks/*',
      'billing /api/billing',
      'billing /api/billing/*',
      'billing /api/admin/refunds',
      'billing /api/admin/payments/review',
      'billing /api/admin/disputes',
      'billing /api/admin/disputes/*',
      'billing /api/catalog',
      'billing /api/catalog/*',
      'billing /api/admin/products',
      'billing /api/admin/products/*',
      'billing /api/admin/plans/*',
      'billing /api/admin/promotion-codes',
      'billing /api/admin/promotion-codes/*',
      'billing /api/admin/metrics',
      'billing /api/admin/exports/*',
      'billing POST /api/teams',
      'billing PATCH /api/teams/{id}',
      'billing POST /api/gifts',
      'support /api/status',
      'support /api/admin/incidents',
      'support /api/admin/incidents/*',
      'access /api/dashboard',
      'access /api/access-gpt',
      'access /api/verify-gpt-access',
      'access /api/admin/*',
      'access /api/timeline',
      'access /api/access-code',
      'access /api/access-code/*',
      'access /api/settings',
      'access /api/gpt/*',
      'access /api/teams',
      'access /api/teams/*',
      'access /api/team-invitations/*',
      'access /api/gifts',
      'access /api/gifts/*',
      'support /api/tickets',
      'support /api/tickets/*',
      'support /api/support/*',
      'identity /.well-known/oauth-authorization-server',
      'identity /.well-known/openid-configuration',
      'access /.well-known/oauth-protected-resource',
      'access /.well-known/oauth-protected-resource/*',
    ]);
  });

  it.each([
    ['/api/user', 'identity'],
    ['/api/login', 'identity'],
    ['/api/register', 'identity'],
    ['/api/logout', 'identity'],
    ['/api/forgot-password', 'identity'],
    ['/api/reset-password', 'identity'],
    ['/api/change-password', 'identity'],
    ['/api/verify-email', 'identity'],
    ['/api/verify-email/resend', 'identity'],
    ['/api/2fa/totp/setup', 'identity'],
    ['/api/2fa/totp/enable', 'identity'],
    ['/api/2fa/disable', 'identity'],
    ['/api/login/second-factor', 'identity'],
    ['/api/admin/roles', 'identity'],
    ['/api/create-payment-intent', 'billing'],
    ['/api/subscriptions', 'billing'],
    ['/api/confirm-payment', 'billing'],
    ['/api/trial/start', 'billing'],
    ['/api/admin/refunds', 'billing'],
    ['/api/admin/payments/review', 'billing'],
    ['/api/admin/disputes', 'billing'],
    ['/api/admin/disputes/dp_1/evidence', 'billing'],
    ['/api/catalog', 'billing'],
    ['/api/catalog/images/generador-sermones-1a2b.webp', 'billing'],
    ['/api/admin/products', 'billing'],
    ['/api/admin/products/nueva-herramienta/publish', 'billing'],
    ['/api/admin/plans/monthly', 'billing'],
    ['/api/admin/promotion-codes', 'billing'],
    ['/api/admin/promotion-codes/PASTOR50/deactivate', 'billing'],
    ['/api/admin/metrics', 'billing'],
    ['/api/admin/exports/payments.csv', 'billing'],
    ['/api/admin/grant-access', 'access'],
    ['/api/billing/subscription/cancel', 'billing'],
    ['/api/gpt/v1/verify', 'access'],
    ['/api/webhooks/stripe', 'billing'],
    ['/api/dashboard', 'access'],
    ['/api/settings', 'access'],
    ['/api/access-gpt', 'access'],
    ['/api/verify-gpt-access', 'access'],
    ['/api/admin/grant-access', 'access'],
    ['/api/tickets', 'support'],
    ['/api/tickets/categories', 'support'],
    ['/api/tickets/42', 'support'],
    ['/api/support/chat', 'support'],
    ['/api/status', 'support'],
    ['/api/admin/incidents', 'support'],
    ['/api/admin/incidents/4f0c/resolve', 'support'],
    ['/api/user/', 'identity'],
    ['/api/oauth/authorize', 'identity'],
    ['/api/oauth/token', 'identity'],
    ['/api/oauth/interaction/abc123/details', 'identity'],
    ['/api/connected-apps', 'identity'],
    ['/api/connected-apps/grant-1', 'identity'],
    ['/api/account/export', 'identity'],
    ['/api/account/export/7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/status', 'identity'],
    ['/.well-known/oauth-authorization-server', 'identity'],
    ['/.well-known/openid-configuration', 'identity'],
    ['/.well-known/oauth-protected-resource', 'access'],
    ['/.well-known/oauth-protected-resource/api/gpt/mcp', 'access'],
  ])('%s belongs to %s', (path, service) => {
    expect(resolve(path)).toBe(service);
  });

  it.each([
    '/api',
    '/api/',
    '/api/users',
    '/api/user/sessions',
    '/api/trial',
    '/api/admin',
    '/api/ticketsx',
    '/api/webhooks',
    '/api/unknown',
    '/api/tickets/../admin/grant-access',
    '/api/tickets/%2E%2E/admin/grant-access',
    '/api/support/.',
    '/api/support\\chat',
    '/api/oauth',
    '/.well-known/security.txt',
    '/.well-known/oauth-authorization-server/extra',
    '/.well-known/oauth-protected-resourcex',
    '/api/status/x',
  ])('%s has no owner', (path) => {
    expect(resolve(path)).toBeUndefined();
  });

  describe('one path, two owners by method (ADR 0020: billing takes the money)', () => {
    const team = '/api/teams/0b6c1e0e-4f1d-4a7e-9d55-3c2b1a0f9e8d';
    it.each([
      ['POST', '/api/teams', 'billing'],
      ['POST', '/api/teams/', 'billing'],
      ['PATCH', team, 'billing'],
      ['PATCH', `${team}/`, 'billing'],
      ['POST', '/api/gifts', 'billing'],
      // Every other method falls to the subtree's owner.
      ['GET', '/api/teams', 'access'],
      ['PUT', '/api/teams', 'access'],
      ['PATCH', '/api/teams', 'access'],
      ['GET', team, 'access'],
      ['DELETE', team, 'access'],
      ['POST', `${team}/invitations`, 'access'],
      ['DELETE', `${team}/members/6a1f`, 'access'],
      ['DELETE', `${team}/invitations/7b2e`, 'access'],
      ['POST', `${team}/invitations/7b2e/resend`, 'access'],
      // `PATCH /api/teams/{teamId}` is one segment: anything deeper is access's.
      ['PATCH', `${team}/members/6a1f`, 'access'],
      ['POST', '/api/team-invitations/preview', 'access'],
      ['POST', '/api/team-invitations/accept', 'access'],
      ['GET', '/api/gifts', 'access'],
      ['POST', '/api/gifts/preview', 'access'],
      ['POST', '/api/gifts/claim', 'access'],
      ['PATCH', '/api/gifts/5c3d', 'access'],
      ['POST', '/api/gifts/5c3d/resend', 'access'],
      // Methods are compared as sent: only upper case names the rule's.
      ['post', '/api/gifts', 'access'],
    ])('%s %s belongs to %s', (method, path, service) => {
      expect(resolve(path, method)).toBe(service);
    });

    it('without a method, only the rules for every method apply', () => {
      expect(resolve('/api/teams')).toBe('access');
      expect(resolve('/api/gifts')).toBe('access');
      expect(resolve('/api/team-invitations')).toBeUndefined();
      expect(resolve('/api/teamsx', 'POST')).toBeUndefined();
    });

    it('a rule with methods wins over an earlier rule without them, exact or below', () => {
      const custom = createRouteResolver([
        { path: '/api/x', match: 'exact', service: 'access' },
        { path: '/api/x', match: 'subtree', service: 'access' },
        { path: '/api/x', match: 'exact', service: 'billing', methods: ['POST'] },
        { path: '/api/x', match: 'child', service: 'support', methods: ['PATCH', 'DELETE'] },
      ]);
      expect(custom('/api/x', 'POST')).toBe('billing');
      expect(custom('/api/x', 'GET')).toBe('access');
      expect(custom('/api/x/1', 'PATCH')).toBe('support');
      expect(custom('/api/x/1', 'DELETE')).toBe('support');
      expect(custom('/api/x/1', 'POST')).toBe('access');
      expect(custom('/api/x/1/2', 'DELETE')).toBe('access');
      // A method rule still refuses dot segments.
      expect(custom('/api/x/..', 'PATCH')).toBeUndefined();
    });
  });

  it('passes /api and the owned /.well-known/ paths to the services, path unchanged', () => {
    const proxied = (url: string) => isProxiedPath(url, resolve);
    expect(proxied('/api/user')).toBe(true);
    expect(proxied('/api?x=1')).toBe(true);
    expect(proxied('/.well-known/oauth-authorization-server')).toBe(true);
    expect(proxied('/.well-known/openid-configuration?x=1')).toBe(true);
    expect(proxied('/.well-known/oauth-protected-resource/api/gpt/mcp')).toBe(true);
    // Everything else is the web app's (its files, or the SPA's routes).
    expect(proxied('/.well-known/security.txt')).toBe(false);
    expect(proxied('/oauth/consent/abc')).toBe(false);
    expect(proxied('/apiary')).toBe(false);
  });

  it('ignores the query string', () => {
    expect(pathnameOf('/api/tickets?status=open')).toBe('/api/tickets');
    expect(pathnameOf('/api/user')).toBe('/api/user');
  });
});
