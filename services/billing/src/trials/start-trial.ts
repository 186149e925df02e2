import { trialEndsAt } from '@mia/catalog';
import type { TrialStartResponse } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { customerOf, type Payer } from '../customers/provider-customer.js';
import { trialStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';
import { trialEmailStreamId } from './email-key.js';
import { trialDecider, trialEmailDecider } from './trial-decider.js';

/**
 * The free trial: every tool for the catalogue's days, once per account and once per
 * normalised e-mail address (both claims commit together, or neither).
 */
export async function startTrial(billing: Billing, payer: Payer): Promise<TrialStartResponse> {
  // The reminder mail goes to the address on record.
  await customerOf(billing, payer);
  const startedAt = billing.clock();
  const endsAt = trialEndsAt(startedAt).toISOString();
  const trialId = billing.newId();
  const { userId } = payer;
  await transact(billing, async (session) => {
    await decideIn(billing, session, trialEmailStreamId(payer.email), trialEmailDecider, {
      kind: 'claim',
      trialId,
      userId,
    });
    await decideIn(billing, session, trialStreamId(userId), trialDecider, {
      kind: 'start',
      trialId,
      userId,
      startedAt: startedAt.toISOString(),
      endsAt,
    });
  });
  return { trialEndsAt: endsAt };
}
