import { describe, expect, it } from 'vitest';
import { buildDisputeEvidence, type EvidenceFacts } from './dispute-evidence.js';

const facts: EvidenceFacts = {
  customerEmail: 'pastor@example.com',
  customerName: 'Pastor Juan',
  payment: {
    paymentId: '00000000-0000-4000-8000-0000000000d1',
    purpose: { kind: 'product', productId: 'manual-ceremonias' },
    description: 'Manual de Ceremonias Ministeriales',
    amountCents: 999,
    currency: 'usd',
    paidAt: '2026-03-01T10:00:00.000Z',
    providerPaymentId: 'pi_1',
    receiptUrl: 'https://example.com/receipts/ch_1',
  },
  uses: [
    { productId: 'manual-ceremonias', via: 'mcp', at: '2026-03-03T09:00:00.000Z' },
    { productId: 'manual-ceremonias', via: 'dashboard', at: '2026-03-01T10:05:00.000Z' },
    { productId: 'apocalipsis', via: 'gpt_action', at: '2026-03-02T09:00:00.000Z' },
    { productId: 'manual-ceremonias', via: 'dashboard', at: '2026-02-01T10:05:00.000Z' },
  ],
  product: {
    name: { es: 'Manual de Ceremonias Ministeriales', en: 'Ministerial Ceremonies Manual' },
    description: { en: 'Step-by-step ceremonies.' },
  },
};

describe('dispute evidence from the timeline', () => {
  it('lists every use of what was bought after the purchase, oldest first, with its channel', () => {
    const { evidence, uses } = buildDisputeEvidence(facts);
    expect(uses).toBe(2);
    expect(evidence.access_activity_log.split('\n')).toEqual([
      '2 recorded uses after the purchase (UTC time, tool, channel):',
      '2026-03-01T10:05:00.000Z | manual-ceremonias | opened from the customer dashboard (signed in)',
      '2026-03-03T09:00:00.000Z | manual-ceremonias | access code verified through the MCP tool',
    ]);
  });

  it('a plan payment counts the use of every tool', () => {
    const plan = {
      ...facts,
      payment: {
        ...facts.payment,
        purpose: {
          kind: 'subscription' as const,
          subscriptionId: '00000000-0000-4000-8000-0000000000c1',
          plan: 'monthly' as const,
        },
      },
    };
    const { evidence, uses } = buildDisputeEvidence(plan);
    expect(uses).toBe(3);
    expect(evidence.product_description).toMatch(/^Monthly Plan subscription/);
  });

  it('names the customer, the purchase, the receipt and the policy; the note goes to uncategorized_text', () => {
    const { evidence } = buildDisputeEvidence({ ...facts, note: 'winning_evidence' });
    expect(evidence).toMatchObject({
      customer_email_address: 'pastor@example.com',
      customer_name: 'Pastor Juan',
      service_date: '2026-03-01',
      uncategorized_text: 'winning_evidence',
    });
    expect(evidence.product_description).toContain('Manual de Ceremonias Ministeriales');
    expect(evidence.product_description).toContain(
      '"Manual de Ceremonias Ministeriales (Ministerial Ceremonies Manual)" of Ministerio IA. Step-by-step ceremonies.',
    );
    expect(evidence.product_description).toContain('Paid 9.99 USD on 2026-03-01T10:00:00.000Z');
    expect(evidence.product_description).toContain('Receipt: https://example.com/receipts/ch_1');
    expect(evidence.refund_policy_disclosure).toMatch(/within 7 days of purchase/);
    expect(buildDisputeEvidence(facts).evidence.uncategorized_text).toBeUndefined();
  });

  it('says so when nothing was used, and keeps a long log within the provider limit', () => {
    expect(buildDisputeEvidence({ ...facts, uses: [] }).evidence.access_activity_log).toMatch(
      /No use/,
    );
    const many = Array.from({ length: 5000 }, (_, i) => ({
      productId: 'manual-ceremonias',
      via: 'gpt_action' as const,
      at: new Date(Date.parse('2026-03-02T00:00:00Z') + i * 60_000).toISOString(),
    }));
    const log = buildDisputeEvidence({ ...facts, uses: many }).evidence.access_activity_log;
    expect(log.length).toBeLessThanOrEqual(20_000);
    expect(log).toMatch(/more uses \(full log available on request\)\.$/);
  });
});
