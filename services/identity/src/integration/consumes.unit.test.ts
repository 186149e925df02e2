import { consumerDeclarationProblems } from '@mia/testing';
import { expect, it } from 'vitest';
import { accountExportConsumer } from '../privacy/consumers.js';
import { identityConsumers } from './consumers.js';

// What identity reads of each event it consumes is declared in consumes/, where the producers'
// tests find it. A subscription without a declaration (or a stale one) fails here.
it('declares what it reads of every event it consumes', () => {
  const consumers = [
    ...identityConsumers(),
    accountExportConsumer({ origin: 'http://localhost', schema: 'identity' }),
  ];
  const events = consumers.flatMap((c) => c.subscriptions.map((s) => s.event));
  expect(consumerDeclarationProblems('identity', events)).toEqual([]);
});
