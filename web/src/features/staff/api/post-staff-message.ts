import type { StaffTicketReplyRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** A reply (mailed to the customer) or an internal note; the answer is not read. */
export const postStaffMessage = ({ id, ...body }: StaffTicketReplyRequest & { id: string }) =>
  api.post(`/api/support/staff/tickets/${encodeURIComponent(id)}/messages`, body);

export function usePostStaffMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postStaffMessage,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
      ]),
  });
}
