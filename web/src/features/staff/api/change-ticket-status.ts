import type { TicketStatusChangeRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** Which moves are allowed is support's decision: a refused one answers 409 with its reason. */
export const changeTicketStatus = ({ id, status }: TicketStatusChangeRequest & { id: string }) =>
  api.post(`/api/support/staff/tickets/${encodeURIComponent(id)}/status`, { status });

export function useChangeTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTicketStatus,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
      ]),
  });
}
