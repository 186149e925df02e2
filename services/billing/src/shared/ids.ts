import { createHash } from 'node:crypto';

// A fixed namespace for billing's name-based ids (RFC 9562 version 5, SHA-1).
const NAMESPACE = Buffer.from('8a7f3c1e5b2d4e6fa9c0d1e2f3a4b5c6', 'hex');

/**
 * The same uuid for the same name, on every replica and every delivery: a provider object
 * (an invoice `in_...`) maps to one payment of ours whichever path reports it first.
 */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Our payment id for a subscription invoice (first payment or renewal). */
export const invoicePaymentId = (invoiceId: string): string =>
  nameBasedUuid(`invoice:${invoiceId}`);

export const customerStreamId = (userId: string): string => `customer-${userId}`;
export const paymentStreamId = (paymentId: string): string => `payment-${paymentId}`;
export const subscriptionStreamId = (subscriptionId: string): string =>
  `subscription-${subscriptionId}`;
export const trialStreamId = (userId: string): string => `trial-${userId}`;
