import { ticketSchema, type CreateTicketRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n, type Locale } from '@/i18n';
import { api } from '@/lib/api-client';
import { ticketKeys } from './query-keys';

/** Refusals (such as the tickets-per-hour limit) come back in `locale`. */
export const createTicket = (body: CreateTicketRequest, locale: Locale) =>
  api.post(`/api/tickets?lang=${locale}`, body, { schema: ticketSchema });

/** Spec section 4: after a creation the list is loaded again. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (body: CreateTicketRequest) => createTicket(body, locale),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.list() }),
  });
}
