import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BATCH_DELAY_MS, serviceNameOf, tracingSettings } from './settings.js';

describe('tracing settings', () => {
  it('is off without an OTLP endpoint (no SDK loaded), on with one', () => {
    expect(tracingSettings({}, 'billing')).toBeUndefined();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }, 'billing')).toBeUndefined();
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318' }, 'billing'),
    ).toEqual({
      serviceName: 'billing',
      endpoint: 'http://jaeger:4318',
      protocol: 'http/protobuf',
      slowMs: undefined,
      batchDelayMs: BATCH_DELAY_MS,
    });
    expect(
      tracingSettings(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_SDK_DISABLED: 'true' },
        'billing',
      ),
    ).toBeUndefined();
  });

  it('prints slow traces only in development, even without an endpoint', () => {
    expect(tracingSettings({ TRACE_SLOW_MS: '200' }, 'access')).toBeUndefined();
    expect(
      tracingSettings({ TRACE_SLOW_MS: '200', MIA_ENV: 'production' }, 'access'),
    ).toBeUndefined();
    expect(tracingSettings({ TRACE_SLOW_MS: '200', MIA_ENV: 'development' }, 'access')).toEqual({
      serviceName: 'access',
      endpoint: undefined,
      protocol: 'http/protobuf',
      slowMs: 200,
      batchDelayMs: BATCH_DELAY_MS,
    });
    expect(
      tracingSettings({ TRACE_SLOW_MS: 'soon', MIA_ENV: 'development' }, 'access'),
    ).toBeUndefined();
  });

  it('takes OTEL_SERVICE_NAME and the JSON protocol when given', () => {
    expect(
      tracingSettings(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_SERVICE_NAME: 'billing-eu',
        },
        'billing',
      ),
    ).toMatchObject({ serviceName: 'billing-eu', protocol: 'http/json' });
  });

  it("names the service after the entry script's package", () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: '@mia/billing' }));
    expect(serviceNameOf(join(root, 'dist', 'main.js'))).toBe('billing');
  });

  it('exports batches sooner than the SDK would, unless OTEL_BSP_SCHEDULE_DELAY says otherwise', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318' };
    expect(tracingSettings(endpoint, 'billing')?.batchDelayMs).toBe(BATCH_DELAY_MS);
    expect(
      tracingSettings({ ...endpoint, OTEL_BSP_SCHEDULE_DELAY: '5000' }, 'billing')?.batchDelayMs,
    ).toBeUndefined();
  });
});
