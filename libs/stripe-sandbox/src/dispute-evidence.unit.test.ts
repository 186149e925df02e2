import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmWithCard,
  startReceiver,
  startSandbox,
  type TestSandbox,
  type WebhookReceiver,
} from './harness.fixture.js';

// Inquiries (1976) and evidence settled the way Stripe's test mode does.
describe('inquiries and dispute evidence', () => {
  let t: TestSandbox;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    t = await startSandbox({ webhookUrl: receiver.url });
  });
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  async function disputeOf(card: string): Promise<Stripe.Dispute> {
    const pi = await t.stripe.paymentIntents.create({ amount: 999, currency: 'usd' });
    expect((await confirmWithCard(t, pi.client_secret!, card)).status).toBe(200);
    await t.sandbox.idle();
    const created = receiver.received.find((r) => r.event.type === 'charge.dispute.created');
    return created!.event.data.object as Stripe.Dispute;
  }

  const statusesSent = (id: string) =>
    receiver.received
      .filter((r) => r.event.type.startsWith('charge.dispute.'))
      .filter((r) => (r.event.data.object as Stripe.Dispute).id === id)
      .map((r) => [r.event.type, (r.event.data.object as Stripe.Dispute).status]);

  it('1976 pays, then the bank opens an inquiry (warning_needs_response)', async () => {
    const dispute = await disputeOf('4000000000001976');
    expect(dispute.status).toBe('warning_needs_response');
    expect(dispute.payment_method_details?.card?.case_type).toBe('inquiry');
  });

  it('winning_evidence submitted: under review, then won; the evidence is kept', async () => {
    const dispute = await disputeOf('4000000000000259');
    const updated = await t.stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence', access_activity_log: 'used twice' },
      submit: true,
    });
    expect(updated.status).toBe('under_review');
    expect(updated.evidence.access_activity_log).toBe('used twice');
    expect(updated.evidence_details.submission_count).toBe(1);
    await t.sandbox.idle();
    expect((await t.stripe.disputes.retrieve(dispute.id)).status).toBe('won');
    expect(statusesSent(dispute.id)).toEqual([
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.updated', 'under_review'],
      ['charge.dispute.closed', 'won'],
    ]);
    // Submitted evidence is final.
    await expect(
      t.stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: 'x' }, submit: true }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('losing_evidence loses; an inquiry with winning_evidence closes as warning_closed', async () => {
    const chargeback = await disputeOf('4000000000000259');
    await t.stripe.disputes.update(chargeback.id, {
      evidence: { uncategorized_text: 'losing_evidence' },
      submit: true,
    });
    await t.sandbox.idle();
    expect((await t.stripe.disputes.retrieve(chargeback.id)).status).toBe('lost');

    receiver.received.length = 0;
    const inquiry = await disputeOf('4000000000001976');
    await t.stripe.disputes.update(inquiry.id, {
      evidence: { uncategorized_text: 'winning_evidence' },
      submit: true,
    });
    await t.sandbox.idle();
    expect((await t.stripe.disputes.retrieve(inquiry.id)).status).toBe('warning_closed');
  });

  it('evidence saved without submit leaves the dispute open', async () => {
    const dispute = await disputeOf('4000000000000259');
    const saved = await t.stripe.disputes.update(dispute.id, {
      evidence: { product_description: 'Manual' },
    });
    expect(saved).toMatchObject({ status: 'needs_response' });
    expect(saved.evidence.product_description).toBe('Manual');
  });
});
