import { ticketSchema, type TicketReplyRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useI18n, type Locale } from '@/i18n';
import { api } from '@/lib/api-client';
import { ticketKeys } from './query-keys';

/**
 * The contracts describe the request only. A reply on a closed ticket opens a new ticket that
 * links the old one, so when the answer is a ticket its id tells where the message went;
 * anything else counts as "added to this ticket".
 */
const replyAnswerSchema = z.unknown().transform((value) => {
  const ticket = ticketSchema.safeParse(value);
  return ticket.success ? ticket.data : null;
});

/** Refusals (such as the replies-per-hour limit) come back in `locale`. */
export const replyToTicket = ({ id, body }: TicketReplyRequest & { id: string }, locale: Locale) =>
  api.post(
    `/api/tickets/${encodeURIComponent(id)}/messages?lang=${locale}`,
    { body },
    {
      schema: replyAnswerSchema,
    },
  );

/** The thread and the list both change (a reply reopens a resolved ticket). */
export function useReplyToTicket() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (input: TicketReplyRequest & { id: string }) => replyToTicket(input, locale),
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.list() }),
      ]),
  });
}
