import { metricsAddressOf, serverLimitsOf } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig as loadConfig } from './config.js';

const loadGatewayConfig = (env: Record<string, string>) =>
  loadConfig({ MIA_ENV: 'development', ...env });

describe('gateway config', () => {
  it('puts the metrics listener beside the public port and trusts no proxy by default', () => {
    const config = loadGatewayConfig({});
    expect(metricsAddressOf(config)).toEqual({ port: 9080, host: '0.0.0.0' });
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.READY_CACHE_MS).toBe(1_000);
    expect(serverLimitsOf(config).headersTimeoutMs).toBe(10_000);
  });

  it('refuses a metrics port equal to the public one, and inverted timeouts', () => {
    expect(() => loadGatewayConfig({ METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() =>
      loadGatewayConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });

  it('takes one upstream URL or a comma-separated list of replicas, and refuses a bad one', () => {
    const config = loadGatewayConfig({
      IDENTITY_URL: 'http://a:8081',
      BILLING_URL: 'http://b1:8082, http://b2:8082,',
    });
    expect(config.IDENTITY_URL).toEqual(['http://a:8081']);
    expect(config.BILLING_URL).toEqual(['http://b1:8082', 'http://b2:8082']);
    expect(config.ACCESS_URL).toEqual(['http://127.0.0.1:8083']);
    expect(() => loadGatewayConfig({ SUPPORT_URL: 'http://s:8084,ftp://x' })).toThrow(
      /SUPPORT_URL/,
    );
    expect(() => loadGatewayConfig({ SUPPORT_URL: ' , ' })).toThrow(/SUPPORT_URL/);
  });
});
