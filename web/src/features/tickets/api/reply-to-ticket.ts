import { ticketSchema, type TicketReplyRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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

export const replyToTicket = ({ id, body }: TicketReplyRequest & { id: string }) =>
  api.post(
    `/api/tickets/${encodeURIComponent(id)}/messages`,
    { body },
    {
      schema: replyAnswerSchema,
    },
  );

/** The thread and the list both change (a reply reopens a resolved ticket). */
export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.list() }),
      ]),
  });
}
