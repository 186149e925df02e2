import { consumerDeclarationProblems } from '@mia/testing';
import { expect, it } from 'vitest';
import type { Support } from '../support.js';
import { supportConsumers } from './consumers.js';

// What support reads of each event it consumes is declared in consumes/, where the producers'
// tests find it. A subscription without a declaration (or a stale one) fails here.
it('declares what it reads of every event it consumes', () => {
  // Building the subscriptions touches none of support's dependencies.
  const consumers = supportConsumers({} as Support);
  const events = consumers.flatMap((c) => c.subscriptions.map((s) => s.event));
  expect(consumerDeclarationProblems('support', events)).toEqual([]);
});
