import { describe, expect, it } from 'vitest';
import { usable, type Grant } from './grants.js';

const grant = (overrides: Partial<Grant>): Grant => ({
  grantId: 'purchase:p1',
  scope: 'apocalipsis',
  source: { kind: 'purchase', ref: 'p1' },
  validFrom: '2026-01-01T00:00:00.000Z',
  validUntil: null,
  status: 'active',
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('usable', () => {
  it('needs a grant that covers the product: that product or all', () => {
    expect(usable([grant({})], 'apocalipsis', at('2026-02-01T00:00:00Z')).allowed).toBe(true);
    expect(usable([grant({})], 'cantar-cantares', at('2026-02-01T00:00:00Z'))).toEqual({
      allowed: false,
      reason: 'no_access',
      grant: null,
    });
    expect(
      usable([grant({ scope: 'all' })], 'cantar-cantares', at('2026-02-01T00:00:00Z')).allowed,
    ).toBe(true);
  });

  it('counts validFrom in and validUntil out', () => {
    const g = grant({ validUntil: '2026-01-04T00:00:00.000Z' });
    expect(usable([g], 'apocalipsis', at('2025-12-31T23:59:59.999Z')).allowed).toBe(false);
    expect(usable([g], 'apocalipsis', at('2026-01-01T00:00:00.000Z')).allowed).toBe(true);
    expect(usable([g], 'apocalipsis', at('2026-01-03T23:59:59.999Z')).allowed).toBe(true);
    expect(usable([g], 'apocalipsis', at('2026-01-04T00:00:00.000Z')).reason).toBe('expired');
  });

  it('refuses suspended and revoked grants, saying which', () => {
    const t = at('2026-02-01T00:00:00Z');
    expect(usable([grant({ status: 'suspended' })], 'apocalipsis', t).reason).toBe('suspended');
    expect(usable([grant({ status: 'revoked' })], 'apocalipsis', t).reason).toBe('revoked');
  });

  it('any open grant wins, and the answer names the longest-lasting one', () => {
    const t = at('2026-02-01T00:00:00Z');
    const trial = grant({
      grantId: 'trial:t',
      scope: 'all',
      source: { kind: 'trial', ref: 't' },
      validUntil: '2026-02-03T00:00:00.000Z',
    });
    const revoked = grant({ status: 'revoked' });
    const verdict = usable([revoked, trial], 'apocalipsis', t);
    expect(verdict).toMatchObject({ allowed: true, reason: 'granted', grant: trial });
    const lifetime = grant({ grantId: 'admin:a', source: { kind: 'admin', ref: 'a' } });
    expect(usable([trial, lifetime], 'apocalipsis', t).grant).toBe(lifetime);
  });
});

describe('usable with a past-due grace', () => {
  it('counts graceUntil as the end while it is later than validUntil, and only then', () => {
    const plan = grant({
      scope: 'all',
      source: { kind: 'subscription', ref: 's' },
      validUntil: '2026-02-01T00:00:00.000Z',
      graceUntil: '2026-02-04T00:00:00.000Z',
    });
    expect(usable([plan], 'apocalipsis', at('2026-02-03T23:59:59Z')).allowed).toBe(true);
    expect(usable([plan], 'apocalipsis', at('2026-02-04T00:00:00Z')).reason).toBe('expired');
    const shorter = { ...plan, graceUntil: '2026-01-15T00:00:00.000Z' };
    expect(usable([shorter], 'apocalipsis', at('2026-01-20T00:00:00Z')).allowed).toBe(true);
  });
});
