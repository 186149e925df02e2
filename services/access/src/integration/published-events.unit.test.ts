import { consumerContractProblems } from '@mia/testing';
import { expect, it } from 'vitest';

// access publishes events other services consume. Each consumer declares what it reads
// (services/<consumer>/src/integration/consumes/); a change here that a consumer cannot read
// fails in access's own tests, before release. The events access's decider specs produce are
// checked against the same declarations by deciderSpec.
it('still publishes every event version a consumer reads, with the fields it reads', () => {
  expect(consumerContractProblems('access')).toEqual([]);
});
