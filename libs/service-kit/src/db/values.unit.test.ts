import { describe, expect, it } from 'vitest';
import { toStoredEvent } from '../events/event-rows.js';
import { isUniqueViolation } from './errors.js';
import { assertSchemaName, qualified } from './identifiers.js';
import { fromJson, toIsoString, toNumber } from './values.js';

describe('driver value normalisation', () => {
  it('reads int8 the same from pg (string), Prisma (bigint) and numbers', () => {
    expect(toNumber('42')).toBe(42);
    expect(toNumber(42n)).toBe(42);
    expect(toNumber(42)).toBe(42);
    expect(() => toNumber('abc')).toThrow();
    expect(() => toNumber(2n ** 60n)).toThrow();
  });

  it('reads timestamps and jsonb whatever the driver returned', () => {
    expect(toIsoString(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(toIsoString('2026-01-02 03:04:05+00')).toBe('2026-01-02T03:04:05.000Z');
    expect(() => toIsoString('nope')).toThrow();
    expect(fromJson('{"a":1}')).toEqual({ a: 1 });
    expect(fromJson({ a: 1 })).toEqual({ a: 1 });
  });

  it('maps an event row from either driver to the same stored event', () => {
    const base = {
      stream_id: 's',
      id: '7d0c3b9e-5a8f-4a55-9f43-8e0f6f1d2a11',
      type: 'T',
      data: { a: 1 },
      metadata: { correlationId: 'c', causationId: null, requestId: 'r' },
    };
    const fromPg = toStoredEvent({
      ...base,
      global_position: '7',
      transaction_id: '9',
      version: 2,
      event_version: 1,
      occurred_at: new Date('2026-01-01T00:00:00Z'),
    });
    const fromPrisma = toStoredEvent({
      ...base,
      global_position: 7n,
      transaction_id: '9',
      version: 2,
      event_version: 1,
      data: JSON.stringify(base.data),
      occurred_at: '2026-01-01T00:00:00.000Z',
    });
    expect(fromPrisma).toEqual(fromPg);
    expect(fromPg.globalPosition).toBe(7);
  });
});

describe('identifiers', () => {
  it('accepts plain schema names only', () => {
    expect(qualified('billing', 'events')).toBe('"billing".events');
    expect(() => assertSchemaName('Billing')).toThrow();
    expect(() => assertSchemaName('x"; DROP TABLE y; --')).toThrow();
  });
});

describe('isUniqueViolation', () => {
  const pgError = Object.assign(new Error('duplicate key value violates unique constraint "k"'), {
    code: '23505',
    constraint: 'events_stream_version_key',
  });

  it('recognises pg errors, optionally by constraint', () => {
    expect(isUniqueViolation(pgError)).toBe(true);
    expect(isUniqueViolation(pgError, 'events_stream_version_key')).toBe(true);
    expect(isUniqueViolation(pgError, 'events_id_key')).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('looks through wrappers such as Prisma errors', () => {
    const prisma = Object.assign(new Error('Raw query failed. Code: `23505`'), {
      code: 'P2010',
      meta: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "events_stream_version_key"',
      },
    });
    expect(isUniqueViolation(prisma, 'events_stream_version_key')).toBe(true);
    expect(isUniqueViolation(prisma, 'events_id_key')).toBe(false);
    const wrapped = new Error('outer', { cause: pgError });
    expect(isUniqueViolation(wrapped, 'events_stream_version_key')).toBe(true);
  });
});
