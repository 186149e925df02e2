import { readCatalog } from '../catalog/catalog.js';
import type { SupportDb } from '../db.js';
import type { AccountFacts } from './account-summary.js';

/**
 * Everything support's projections hold about one customer, and nobody else: every query is
 * filtered by this user id, so neither the chat's prompt nor a console page can mix customers.
 */
export async function loadAccountFacts(db: SupportDb, userId: string): Promise<AccountFacts> {
  const [customer, grants, payments, subscriptions, trials, tickets, tools] = await Promise.all([
    db.customer.findUnique({ where: { userId } }),
    db.customerGrant.findMany({ where: { userId } }),
    db.customerPayment.findMany({ where: { userId } }),
    db.customerSubscription.findMany({ where: { userId } }),
    db.customerTrial.findMany({ where: { userId } }),
    db.ticket.findMany({
      where: { userId },
      orderBy: { createdAt: 'desc' },
      take: 20,
      select: { ticketNumber: true, title: true, status: true, createdAt: true },
    }),
    // The catalogue is the same for everyone: no customer's data in it.
    readCatalog(db),
  ]);
  return { name: customer?.name ?? null, grants, payments, subscriptions, trials, tickets, tools };
}
