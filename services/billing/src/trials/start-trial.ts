import { trialEndsAt } from '@mia/catalog';
import type { TrialStartResponse } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { customerOf, type Payer } from '../customers/provider-customer.js';
import { trialStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';
import { trialEmailStreamId } from './email-key.js';
import { trialDecider, trialEmailDecider } from './trial-decider.js';
import { inLanguage, type TrialLanguage } from './trial-messages.js';
import { verifiedEmailOf } from './verified-email.js';

/**
 * The free trial: every tool for the catalogue's days, once per account and once per
 * normalised e-mail address (both claims commit together, or neither), for an address the user
 * verified (as identity reported it). Refusals answer in the asker's language.
 */
export async function startTrial(
  billing: Billing,
  payer: Payer,
  language: TrialLanguage = 'es',
): Promise<TrialStartResponse> {
  try {
    return await start(billing, payer);
  } catch (error) {
    throw inLanguage(error, language);
  }
}

async function start(billing: Billing, payer: Payer): Promise<TrialStartResponse> {
  // The reminder mail goes to the address on record.
  await customerOf(billing, payer);
  const startedAt = billing.clock();
  const endsAt = trialEndsAt(startedAt).toISOString();
  const trialId = billing.newId();
  const { userId } = payer;
  await transact(billing, async (session) => {
    // The account's own rules first (one trial, a verified address), so an unverified address
    // learns nothing about who else used it.
    await decideIn(billing, session, trialStreamId(userId), trialDecider, {
      kind: 'start',
      trialId,
      userId,
      startedAt: startedAt.toISOString(),
      endsAt,
      email: payer.email,
      verifiedEmail: await verifiedEmailOf(session, userId),
    });
    await decideIn(billing, session, trialEmailStreamId(payer.email), trialEmailDecider, {
      kind: 'claim',
      trialId,
      userId,
    });
  });
  return { trialEndsAt: endsAt };
}
