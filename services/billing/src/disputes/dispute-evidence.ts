import { centsToAmountString } from '@mia/catalog';
import type { DisputeEvidence, PaymentPurpose } from '@mia/contracts';
import { planName } from '@mia/catalog';
import type { ToolUse } from './tool-uses.js';

/** The terms' refund policy (spec, section "Terms"), as the bank reads it. */
export const REFUND_POLICY_DISCLOSURE =
  'Refund requests within 7 days of purchase, evaluated case by case. The policy is shown in the ' +
  'terms of service (/terms) that the customer accepts before paying.';

/** Stripe's limit for all evidence text together is 150,000 characters; each field stays well under it. */
const MAX_LOG_CHARS = 20_000;

export interface EvidenceFacts {
  customerEmail: string | null;
  customerName: string | null;
  payment: {
    paymentId: string;
    purpose: PaymentPurpose;
    description: string;
    amountCents: number;
    currency: string;
    paidAt: string;
    providerPaymentId: string;
    receiptUrl: string | null;
  };
  /** Every use billing knows of this customer (any order). */
  uses: readonly ToolUse[];
  note?: string | undefined;
  /** The tool bought, as the catalogue names and describes it (tool purchases). */
  product?: { name: { es: string; en: string }; description: { en: string } } | undefined;
}

const CHANNELS: Record<ToolUse['via'], string> = {
  dashboard: 'opened from the customer dashboard (signed in)',
  gpt_action: 'access code verified by the custom GPT (GPT Action)',
  mcp: 'access code verified through the MCP tool',
};

/** The uses that prove the service was delivered: from the payment on, of what it bought. */
export function relevantUses(facts: EvidenceFacts): ToolUse[] {
  const { purpose, paidAt } = facts.payment;
  const from = Date.parse(paidAt);
  return facts.uses
    .filter((u) => Date.parse(u.at) >= from)
    .filter((u) => purpose.kind === 'subscription' || u.productId === purpose.productId)
    .slice()
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

function productLine(purpose: PaymentPurpose, product: EvidenceFacts['product']): string {
  if (purpose.kind === 'subscription') {
    return `${planName(purpose.plan, 'en')} subscription: access to every custom GPT tool of Ministerio IA for the paid period.`;
  }
  const name = product ? `${product.name.es} (${product.name.en})` : purpose.productId;
  return `Lifetime access to the custom GPT tool "${name}" of Ministerio IA.${product ? ` ${product.description.en}` : ''}`;
}

/** The activity log: one line per use, oldest first, cut to the provider's size with a count. */
function activityLog(uses: readonly ToolUse[]): string {
  if (uses.length === 0) return 'No use of the service was recorded after the purchase.';
  const header = `${uses.length} recorded uses after the purchase (UTC time, tool, channel):`;
  const lines: string[] = [header];
  let size = header.length;
  for (const [index, use] of uses.entries()) {
    const line = `${use.at} | ${use.productId} | ${CHANNELS[use.via]}`;
    if (size + line.length + 1 > MAX_LOG_CHARS - 80) {
      lines.push(`... and ${uses.length - index} more uses (full log available on request).`);
      break;
    }
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * The evidence for a dispute, built from the customer's own timeline (issue 20, item 4): who
 * bought what and when (with the receipt), every later use and code verification with its time
 * and channel, and the refund policy. Pure: the caller gathers the facts.
 */
export function buildDisputeEvidence(facts: EvidenceFacts): {
  evidence: DisputeEvidence;
  uses: number;
} {
  const { payment } = facts;
  const uses = relevantUses(facts);
  const amount = `${centsToAmountString(payment.amountCents)} ${payment.currency.toUpperCase()}`;
  const receipt = [
    `Paid ${amount} on ${payment.paidAt} (payment ${payment.paymentId}, ${payment.providerPaymentId}).`,
    payment.receiptUrl ? `Receipt: ${payment.receiptUrl}` : null,
    facts.customerEmail
      ? `The receipt and access instructions were e-mailed to ${facts.customerEmail}.`
      : null,
    'Access is personal: each customer signs in, and the GPT asks for their personal access code.',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  const evidence: DisputeEvidence = {
    ...(facts.customerEmail ? { customer_email_address: facts.customerEmail } : {}),
    ...(facts.customerName ? { customer_name: facts.customerName } : {}),
    product_description: `${productLine(payment.purpose, facts.product)}\n${payment.description}\n${receipt}`,
    service_date: payment.paidAt.slice(0, 10),
    access_activity_log: activityLog(uses),
    refund_policy_disclosure: REFUND_POLICY_DISCLOSURE,
    ...(facts.note ? { uncategorized_text: facts.note } : {}),
  };
  return { evidence, uses: uses.length };
}
