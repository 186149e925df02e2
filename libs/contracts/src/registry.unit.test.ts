import { describe, expect, it } from 'vitest';
import * as access from './access/index.js';
import * as billing from './billing/index.js';
import type { EventDefinition } from './envelope.js';
import { eventKey, producers } from './envelope.js';
import * as identity from './identity/index.js';
import { findEventDefinition, integrationEvents } from './registry.js';
import * as support from './support/index.js';

const folders = { identity, billing, access, support } as const;

const isDefinition = (value: unknown): value is EventDefinition =>
  typeof value === 'object' &&
  value !== null &&
  'type' in value &&
  'version' in value &&
  'producer' in value &&
  'schema' in value;

const definitionsIn = (module: object): EventDefinition[] =>
  Object.values(module).filter(isDefinition);

describe('integration event registry', () => {
  it('has one folder per producer', () => {
    expect(Object.keys(folders).sort()).toEqual([...producers].sort());
  });

  it('has no duplicate keys', () => {
    const keys = integrationEvents.map(eventKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(Object.entries(folders))(
    'every event exported by %s is produced by it and registered',
    (folder, module) => {
      const definitions = definitionsIn(module);
      expect(definitions.length).toBeGreaterThan(0);
      for (const definition of definitions) {
        expect(definition.producer, eventKey(definition)).toBe(folder);
        expect(integrationEvents, eventKey(definition)).toContain(definition);
      }
    },
  );

  it('registers nothing that no folder exports', () => {
    const exported = Object.values(folders).flatMap(definitionsIn);
    for (const definition of integrationEvents) {
      expect(exported, eventKey(definition)).toContain(definition);
    }
  });

  it('finds definitions by type and version', () => {
    expect(findEventDefinition('PaymentSucceeded', 1)).toBe(billing.PaymentSucceededV1);
    expect(findEventDefinition('AccessGranted', 1)).toBe(access.AccessGrantedV1);
    expect(findEventDefinition('TicketOpened', 1)).toBe(support.TicketOpenedV1);
    expect(findEventDefinition('PaymentSucceeded', 2)).toBe(billing.PaymentSucceededV2);
    expect(findEventDefinition('PaymentSucceeded', 3)).toBeUndefined();
  });
});
