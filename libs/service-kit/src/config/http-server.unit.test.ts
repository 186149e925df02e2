import { describe, expect, it } from 'vitest';
import { baseConfigSchema } from './base.js';
import { httpServerConfigProblems, metricsAddressOf, serverLimitsOf } from './http-server.js';
import { loadConfig } from './load.js';

const load = (env: Record<string, string> = {}) =>
  loadConfig(baseConfigSchema, { MIA_ENV: 'development', ...env });

describe('TRUSTED_PROXIES', () => {
  it('trusts loopback only by default', () => {
    expect(load().TRUSTED_PROXIES).toEqual(['loopback']);
  });

  it('takes addresses, subnets and the range names', () => {
    const list = '10.1.2.3, 10.0.0.0/8, 10.0.0.0/255.0.0.0, fd00::/8, ::1, uniquelocal';
    expect(load({ TRUSTED_PROXIES: list }).TRUSTED_PROXIES).toEqual([
      '10.1.2.3',
      '10.0.0.0/8',
      '10.0.0.0/255.0.0.0',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
  });

  it.each(['true', 'gateway', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/8', 'fd00::/255.0.0.0'])(
    'refuses %s',
    (value) => {
      expect(() => load({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
    },
  );
});

describe('HTTP server settings', () => {
  it('put the metrics listener 1000 above PORT on HOST, or where configured', () => {
    expect(metricsAddressOf(load({ PORT: '8081', HOST: '127.0.0.1' }))).toEqual({
      port: 9081,
      host: '127.0.0.1',
    });
    expect(metricsAddressOf(load({ PORT: '0' }))).toEqual({ port: 0 });
    expect(
      metricsAddressOf(load({ PORT: '8081', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })),
    ).toEqual({ port: 9464, host: '10.0.0.5' });
  });

  it('report a metrics port that collides or does not exist, and inverted timeouts', () => {
    expect(httpServerConfigProblems(load({ PORT: '8081' }))).toEqual([]);
    expect(httpServerConfigProblems(load({ PORT: '65000' })).map((p) => p.variable)).toEqual([
      'METRICS_PORT',
    ]);
    expect(
      httpServerConfigProblems(load({ PORT: '8081', METRICS_PORT: '8081' })).map((p) => p.reason),
    ).toEqual(['must differ from PORT']);
    const inverted = load({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '5000' });
    expect(httpServerConfigProblems(inverted).map((p) => p.variable)).toEqual([
      'HTTP_HEADERS_TIMEOUT_MS',
    ]);
  });

  it('default to limits that free a slow client within seconds', () => {
    expect(serverLimitsOf(load())).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 1024,
    });
  });
});
