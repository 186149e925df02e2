import { consumerDeclarationProblems } from '@mia/testing';
import { expect, it } from 'vitest';
import type { Billing } from '../billing.js';
import { billingConsumers } from './consumers.js';

// What billing reads of each event it consumes is declared in consumes/, where the producers'
// tests find it. A subscription without a declaration (or a stale one) fails here.
it('declares what it reads of every event it consumes', () => {
  // Building the subscriptions touches none of billing's dependencies.
  const consumers = billingConsumers({} as Billing);
  const events = consumers.flatMap((c) => c.subscriptions.map((s) => s.event));
  expect(consumerDeclarationProblems('billing', events)).toEqual([]);
});
