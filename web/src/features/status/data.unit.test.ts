import { describe, expect, it } from 'vitest';
import {
  dayLook,
  displayState,
  meanAvailability,
  overallState,
  serviceRows,
  servicesFromAnswer,
} from './data';

describe('service status', () => {
  it('shows known states as they are and an unknown one as operational', () => {
    expect(displayState('maintenance')).toBe('maintenance');
    expect(displayState('incident')).toBe('incident');
    expect(displayState('degraded')).toBe('operational');
    expect(displayState('')).toBe('operational');
  });

  it('lists the five services of the spec', () => {
    expect(serviceRows.map((s) => s.key)).toEqual([
      'gptAccess',
      'authentication',
      'payments',
      'website',
      'dashboard',
    ]);
  });

  it('reads the answer: the spec five in order, missing ones operational, unknown rows left out', () => {
    const rows = servicesFromAnswer([
      { name: 'payments', status: 'incident' },
      { name: 'website', status: 'degraded' },
      { name: 'chatbot', status: 'incident' },
    ]);
    expect(rows.map((r) => [r.key, displayState(r.status)])).toEqual([
      ['gptAccess', 'operational'],
      ['authentication', 'operational'],
      ['payments', 'incident'],
      ['website', 'operational'],
      ['dashboard', 'operational'],
    ]);
    expect(overallState(rows)).toBe('incident');
    expect(overallState(servicesFromAnswer([{ name: 'website', status: 'maintenance' }]))).toBe(
      'maintenance',
    );
    expect(overallState(servicesFromAnswer([]))).toBe('operational');
  });

  it('colours a day by its availability, and averages only days with probes', () => {
    expect([null, 1, 0.9995, 0.97, 0.5].map(dayLook)).toEqual([
      'none',
      'full',
      'full',
      'partial',
      'down',
    ]);
    expect(
      meanAvailability([{ availability: null }, { availability: 1 }, { availability: 0.5 }]),
    ).toBe(0.75);
    expect(meanAvailability([{ availability: null }])).toBeNull();
  });
});
