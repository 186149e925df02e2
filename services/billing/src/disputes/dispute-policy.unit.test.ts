import { describe, expect, it } from 'vitest';
import { disputeEndsPlan, isInquiryStatus, outcomeOfStatus } from './dispute-policy.js';

const plan = {
  kind: 'subscription',
  subscriptionId: '00000000-0000-4000-8000-0000000000c1',
  plan: 'monthly',
} as const;
const tool = { kind: 'product', productId: 'apocalipsis' } as const;

describe("the provider's dispute statuses", () => {
  it('warning_* are inquiries; needs_response and under_review are chargebacks', () => {
    expect(['warning_needs_response', 'warning_under_review'].map(isInquiryStatus)).toEqual([
      true,
      true,
    ]);
    expect(['needs_response', 'under_review'].map(isInquiryStatus)).toEqual([false, false]);
  });

  it('won, lost, warning_closed and prevented close a dispute; the rest leave it open', () => {
    for (const closed of ['won', 'lost', 'warning_closed', 'prevented'] as const) {
      expect(outcomeOfStatus(closed)).toBe(closed);
    }
    for (const open of ['needs_response', 'under_review', 'warning_needs_response']) {
      expect(outcomeOfStatus(open)).toBeNull();
    }
  });

  it('only a lost dispute of a plan payment cancels the plan at the provider', () => {
    expect(disputeEndsPlan('lost', plan)).toBe(true);
    expect(disputeEndsPlan('lost', tool)).toBe(false);
    for (const outcome of ['won', 'warning_closed', 'prevented', null] as const) {
      expect(disputeEndsPlan(outcome, plan)).toBe(false);
    }
  });
});
