import { consumerDeclarationProblems } from '@mia/testing';
import { expect, it } from 'vitest';
import { accessConsumers } from './consumers.js';

// What access reads of each event it consumes is declared in consumes/, where the producers'
// tests find it. A subscription without a declaration (or a stale one) fails here.
it('declares what it reads of every event it consumes', () => {
  const events = accessConsumers.flatMap((c) => c.subscriptions.map((s) => s.event));
  expect(consumerDeclarationProblems('access', events)).toEqual([]);
});
