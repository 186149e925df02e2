import { describe, expect, it } from 'vitest';
import { gatewayHost } from './bind.js';

describe('gatewayHost', () => {
  it('is loopback when HOST is unset or empty', () => {
    expect(gatewayHost(undefined, {})).toBe('127.0.0.1');
    expect(gatewayHost(undefined, { HOST: '' })).toBe('127.0.0.1');
    expect(gatewayHost(undefined, { HOST: '  ' })).toBe('127.0.0.1');
  });

  it('follows HOST, and an explicit choice of the caller before it', () => {
    expect(gatewayHost(undefined, { HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(gatewayHost('::1', { HOST: '0.0.0.0' })).toBe('::1');
  });
});
