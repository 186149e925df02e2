import type { BillingTx } from '../db.js';
import type { MailLocale } from './templates/layout.js';

export interface Recipient {
  email: string;
  name: string;
  locale: MailLocale;
}

/**
 * Where a customer's mails go, from the customers read model. Identity has no language setting
 * yet, so every mail is in Spanish; `en` templates are ready for when it has.
 */
export async function recipientOf(tx: BillingTx, userId: string): Promise<Recipient | null> {
  const customer = await tx.customer.findUnique({ where: { userId } });
  if (!customer?.email) return null;
  return { email: customer.email, name: customer.name ?? customer.email, locale: 'es' };
}
