import { ticketSchema } from '@mia/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ticketKeys } from './query-keys';

const ticketsSchema = z.array(ticketSchema);

/** The signed-in user's own tickets (spec section 7: the client applies no filter of its own). */
export const getTickets = () => api.get('/api/tickets', { schema: ticketsSchema });

export const ticketsQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.list(), queryFn: getTickets });

export const useTickets = () => useQuery(ticketsQueryOptions());

/** For other pages that opened a ticket (the chat): the list is loaded again when next shown. */
export function useRefreshTickets() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ticketKeys.list() });
}
