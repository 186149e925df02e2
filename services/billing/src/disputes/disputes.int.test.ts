import {
  adminDisputeListResponseSchema,
  disputeEvidenceResponseSchema,
  GptOpenedV1,
} from '@mia/contracts';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStreamId } from '../shared/ids.js';
import { subscriptionDecider } from '../subscriptions/subscription-decider.js';
import {
  buyTool,
  startBillingHarness,
  subscribe,
  TEST_CARDS,
  type BillingHarness,
} from '../testing/billing-harness.fixture.js';

describe('disputes: inquiries, plans and evidence from proof of use', () => {
  let h: BillingHarness;
  let access: EventPublisher;
  beforeAll(async () => {
    h = await startBillingHarness();
    access = await startEventPublisher(h.db, h.nats, 'access');
  });
  afterAll(async () => {
    await access?.stop();
    await h?.stop();
  });

  const v2 = async (type: string, paymentId: string) =>
    (await h.events(type)).filter((e) => e.version === 2 && e.data.paymentId === paymentId);

  it('1976: the inquiry is announced as one (nothing to suspend)', async () => {
    const buyer = await h.signIn();
    const { confirmation } = await buyTool(h, buyer, 'apocalipsis', TEST_CARDS.inquiry);
    const paymentId = confirmation.body.paymentId as string;
    const disputed = await h.waitForEvent('PaymentDisputed', (d) => d.paymentId === paymentId);
    await h.settled();
    expect((await v2('PaymentDisputed', paymentId)).map((e) => e.data)).toEqual([
      expect.objectContaining({
        inquiry: true,
        purpose: { kind: 'product', productId: 'apocalipsis' },
        disputeId: disputed.data.disputeId,
      }),
    ]);
    // Still owned: an inquiry takes nothing back.
    const rebuy = await buyer.call('POST', '/api/create-payment-intent', {
      productId: 'apocalipsis',
    });
    expect(rebuy.status).toBe(409);
  });

  it('a lost dispute on a plan payment cancels the plan at the provider at once', async () => {
    const subscriber = await h.signIn();
    await subscribe(h, subscriber, 'monthly', TEST_CARDS.dispute);
    const disputed = await h.waitForEvent(
      'PaymentDisputed',
      (d) =>
        d.userId === subscriber.userId && (d.purpose as { kind: string })?.kind === 'subscription',
    );
    const { subscriptionId } = disputed.data.purpose as { subscriptionId: string };
    const { state } = await h.service.deps.billing.commands.load(
      subscriptionStreamId(subscriptionId),
      subscriptionDecider,
    );
    const { stripe } = h.service.deps.billing.provider;
    expect((await stripe.subscriptions.retrieve(state.providerSubscriptionId!)).status).toBe(
      'active',
    );
    const lost = await fetch(`${h.sandboxUrl}/_dispute/${String(disputed.data.disputeId)}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'lost' }),
    });
    expect(lost.status).toBe(200);
    await h.waitForEvent('SubscriptionEnded', (d) => d.subscriptionId === subscriptionId);
    expect((await stripe.subscriptions.retrieve(state.providerSubscriptionId!)).status).toBe(
      'canceled',
    );
  });

  it('evidence: listed, previewed, sent once with every use; winning_evidence wins', async () => {
    const buyer = await h.signIn({ email: 'disputa@iglesia.org' });
    const admin = await h.signIn({ role: 'admin' });
    const { confirmation } = await buyTool(h, buyer, 'manual-ceremonias', TEST_CARDS.dispute);
    const paymentId = confirmation.body.paymentId as string;
    const disputed = await h.waitForEvent('PaymentDisputed', (d) => d.paymentId === paymentId);
    const disputeId = disputed.data.disputeId as string;
    // Access reports two uses; billing keeps its own copy.
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    await access.store.append(`usage-${buyer.userId}`, 'any', [
      {
        type: GptOpenedV1.type,
        data: {
          userId: buyer.userId,
          productId: 'manual-ceremonias',
          via: 'dashboard',
          at: later(1),
        },
      },
      {
        type: GptOpenedV1.type,
        data: {
          userId: buyer.userId,
          productId: 'manual-ceremonias',
          via: 'gpt_action',
          at: later(2),
        },
      },
    ]);

    const listed = await admin.call('GET', '/api/admin/disputes');
    expect(listed.status).toBe(200);
    const mine = adminDisputeListResponseSchema
      .parse(listed.body)
      .disputes.find((d) => d.disputeId === disputeId);
    expect(mine).toMatchObject({
      paymentId,
      userId: buyer.userId,
      customerEmail: 'disputa@iglesia.org',
      reason: 'fraudulent',
      amountCents: 999,
      status: 'needs_response',
      inquiry: false,
      evidenceSubmittedAt: null,
    });
    expect(mine?.evidenceDueBy).toEqual(expect.any(String));

    const path = `/api/admin/disputes/${disputeId}/evidence`;
    const preview = await waitFor(
      async () => {
        const answer = await admin.call('POST', path, { dryRun: true, note: 'winning_evidence' });
        return answer.status === 200 && (answer.body.uses as number) === 2 ? answer : undefined;
      },
      { message: 'both uses in the evidence' },
    );
    const shown = disputeEvidenceResponseSchema.parse(preview.body);
    expect(shown.submitted).toBe(false);
    expect(shown.evidence.access_activity_log).toMatch(/customer dashboard[\s\S]*GPT Action/);
    expect(shown.evidence.customer_email_address).toBe('disputa@iglesia.org');
    const { stripe } = h.service.deps.billing.provider;
    expect((await stripe.disputes.retrieve(disputeId)).evidence_details.submission_count).toBe(0);

    const user = await buyer.call('POST', path, { note: 'x' });
    expect(user.status).toBe(403);

    const sent = await admin.call('POST', path, { note: 'winning_evidence' });
    expect(sent).toMatchObject({ status: 200, body: { submitted: true, uses: 2 } });
    const twice = await admin.call('POST', path, {});
    expect(twice).toMatchObject({ status: 409, body: { code: 'evidence_already_submitted' } });
    const atProvider = await stripe.disputes.retrieve(disputeId);
    expect(atProvider.evidence_details.submission_count).toBe(1);
    expect(atProvider.evidence.uncategorized_text).toBe('winning_evidence');

    await h.waitForEvent('DisputeClosed', (d) => d.paymentId === paymentId);
    expect((await v2('DisputeClosed', paymentId)).map((e) => e.data.outcome)).toEqual(['won']);
    await h.settled();
    const after = adminDisputeListResponseSchema.parse(
      (await admin.call('GET', '/api/admin/disputes')).body,
    );
    expect(after.disputes.find((d) => d.disputeId === disputeId)).toBeUndefined();
  });

  it('twenty concurrent sends of one evidence reach the provider once', async () => {
    const buyer = await h.signIn();
    const admin = await h.signIn({ role: 'admin' });
    const { confirmation } = await buyTool(h, buyer, 'cantar-cantares', TEST_CARDS.dispute);
    const paymentId = confirmation.body.paymentId as string;
    const disputed = await h.waitForEvent('PaymentDisputed', (d) => d.paymentId === paymentId);
    const disputeId = disputed.data.disputeId as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.call('POST', `/api/admin/disputes/${disputeId}/evidence`, {}),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const { stripe } = h.service.deps.billing.provider;
    expect((await stripe.disputes.retrieve(disputeId)).evidence_details.submission_count).toBe(1);
  });

  it('an unknown dispute is 404', async () => {
    const admin = await h.signIn({ role: 'admin' });
    const answer = await admin.call('POST', '/api/admin/disputes/dp_nope/evidence', {});
    expect(answer.status).toBe(404);
  });
});
