import autocannon from 'autocannon';
import type { BenchCustomer } from './support-customers.js';

export interface TicketListFigures {
  /** Answered in the measured run. */
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const categories = ['access', 'payment', 'technical', 'account', 'other'];

/** Opens `count` tickets for `customer` through POST /api/tickets, as the Support Center does. */
async function openTickets(baseUrl: string, customer: BenchCustomer, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${baseUrl}/api/tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Consulta ${i + 1} del benchmark`,
        description: `Descripción de la consulta número ${i + 1}, con algo de detalle.`,
        categoryId: categories[i % categories.length],
      }),
    });
    if (res.status !== 201) throw new Error(`opening ticket ${i + 1}: ${res.status}`);
  }
}

function autocannonOptions(baseUrl: string, customer: BenchCustomer, duration: number) {
  return {
    url: `${baseUrl}/api/tickets`,
    connections: 50,
    duration,
    headers: { authorization: `Bearer ${customer.token}` },
  };
}

/**
 * Opens `count` tickets for `customer`, checks the list holds them all, and warms up the list
 * (JIT, the pool's connections, Prisma's query cache) so the measured run starts hot.
 */
export async function prepareTicketList(
  baseUrl: string,
  customer: BenchCustomer,
  count: number,
): Promise<void> {
  await openTickets(baseUrl, customer, count);
  const res = await fetch(`${baseUrl}/api/tickets`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const tickets = (await res.json()) as unknown[];
  if (tickets.length !== count) throw new Error(`listed ${tickets.length} tickets, not ${count}`);
  await autocannon(autocannonOptions(baseUrl, customer, 2));
}

/** GET /api/tickets at saturation (50 connections) for one customer. */
export async function ticketListLoad(
  baseUrl: string,
  customer: BenchCustomer,
  seconds: number,
): Promise<TicketListFigures> {
  const result = await autocannon(autocannonOptions(baseUrl, customer, seconds));
  return {
    requests: result.requests.total,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
