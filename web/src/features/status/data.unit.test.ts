import { describe, expect, it } from 'vitest';
import { displayState, services } from './data';

describe('service status', () => {
  it('shows known states as they are and an unknown one as operational', () => {
    expect(displayState('maintenance')).toBe('maintenance');
    expect(displayState('incident')).toBe('incident');
    expect(displayState('degraded')).toBe('operational');
    expect(displayState('')).toBe('operational');
  });

  it('lists the five services of the spec', () => {
    expect(services.map((s) => s.key)).toEqual([
      'gptAccess',
      'authentication',
      'payments',
      'website',
      'dashboard',
    ]);
  });
});
