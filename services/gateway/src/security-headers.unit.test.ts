import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl, request, startGateway, type TestGateway } from './harness.fixture.js';

const directives = (csp: string | undefined) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );

describe('security headers', () => {
  let dev: TestGateway;
  let prod: TestGateway;
  beforeAll(async () => {
    const dead = await deadUrl();
    const upstreams = { identity: dead, billing: dead, access: dead, support: dead };
    dev = await startGateway(upstreams);
    prod = await startGateway(upstreams, {
      MIA_ENV: 'production',
      IDENTITY_URL: dead,
      BILLING_URL: dead,
      ACCESS_URL: dead,
      SUPPORT_URL: dead,
    });
  });
  afterAll(async () => {
    await dev.close();
    await prod.close();
  });

  it('sends a CSP the SPA and Stripe.js can live with', async () => {
    const res = await request(`${dev.url}/`);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('script-src')).toContain('https://js.stripe.com');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sets the other headers, HSTS only in production', async () => {
    const res = await request(`${dev.url}/`);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();

    const prodRes = await request(`${prod.url}/`);
    expect(prodRes.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const csp = directives(prodRes.headers['content-security-policy'] as string);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends a Permissions-Policy that refuses device APIs and leaves payment to us and Stripe', async () => {
    const res = await request(`${dev.url}/`);
    const policy = new Map(
      String(res.headers['permissions-policy'] ?? '')
        .split(',')
        .map((entry) => entry.trim().split('=') as [string, string]),
    );
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'payment'])
      expect(policy.has(feature), feature).toBe(true);
    expect(policy.get('camera')).toBe('()');
    expect(policy.get('microphone')).toBe('()');
    expect(policy.get('geolocation')).toBe('()');
    expect(policy.get('payment')).toBe('(self "https://js.stripe.com")');
  });

  it('gives API answers the short REST set, HSTS only in production', async () => {
    const res = await request(`${dev.url}/api/nope`);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();

    const prodRes = await request(`${prod.url}/api/user`);
    expect(prodRes.status).toBe(502);
    expect(prodRes.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(prodRes.headers['x-content-type-options']).toBe('nosniff');
  });
});
