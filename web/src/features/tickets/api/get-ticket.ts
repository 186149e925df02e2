import { ticketSchema } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketKeys } from './query-keys';

/** One of the user's own tickets with its public thread; someone else's answers 404. */
export const getTicket = (id: string) =>
  api.get(`/api/tickets/${encodeURIComponent(id)}`, { schema: ticketSchema });

export const ticketQueryOptions = (id: string) =>
  queryOptions({ queryKey: ticketKeys.detail(id), queryFn: () => getTicket(id) });

export const useTicket = (id: string) => useQuery(ticketQueryOptions(id));
