import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { staffTicketDetailResponseSchema } from '@mia/contracts';
import { ticketDetailFromAnswer } from './from-answer';

export const getStaffTicket = async (id: string) =>
  ticketDetailFromAnswer(
    await api.get(`/api/support/staff/tickets/${encodeURIComponent(id)}`, {
      schema: staffTicketDetailResponseSchema,
    }),
  );

export const staffTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffKeys.detail(id),
    queryFn: () => getStaffTicket(id),
  });

export const useStaffTicket = (id: string) => useQuery(staffTicketQueryOptions(id));
