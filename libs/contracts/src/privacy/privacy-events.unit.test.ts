import { describe, expect, it } from 'vitest';
import { AccessExportPartReadyV1 } from '../access/index.js';
import { BillingExportPartReadyV1 } from '../billing/index.js';
import { AccountExportRequestedV1 } from '../identity/index.js';
import { SupportExportPartReadyV1 } from '../support/index.js';
import { examplePart } from './export-part.fixture.js';

const requested = {
  exportId: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  userId: '5a3c2b1d-4e6f-4a8b-9c0d-1e2f3a4b5c6d',
  publicKey: 'MCowBQYDK2VuAyEA3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08=',
  deadline: '2026-11-25T11:00:00.000Z',
  requestedAt: '2026-11-25T10:00:00.000Z',
};

describe('account export events', () => {
  it('accepts a request that carries ids and a public key only', () => {
    expect(AccountExportRequestedV1.schema.parse(requested)).toEqual(requested);
  });

  it('refuses a request whose key is not base64', () => {
    expect(
      AccountExportRequestedV1.schema.safeParse({ ...requested, publicKey: 'no key' }).success,
    ).toBe(false);
  });

  it.each([
    [BillingExportPartReadyV1, 'billing'],
    [AccessExportPartReadyV1, 'access'],
    [SupportExportPartReadyV1, 'support'],
  ] as const)('%s carries a sealed part', (definition, service) => {
    expect(definition.schema.parse(examplePart(service))).toEqual(examplePart(service));
    const clear = { ...examplePart(service), part: { name: 'Juan' } };
    expect(definition.schema.safeParse(clear).success).toBe(false);
  });
});
