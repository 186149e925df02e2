import { ticketSchema, type CreateTicketRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketKeys } from './query-keys';

export const createTicket = (body: CreateTicketRequest) =>
  api.post('/api/tickets', body, { schema: ticketSchema });

/** Spec section 4: after a creation the list is loaded again. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.list() }),
  });
}
