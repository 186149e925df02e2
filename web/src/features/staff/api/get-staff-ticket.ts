import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { staffTicketDetailSchema } from './staff-schemas';

export const getStaffTicket = (id: string) =>
  api.get(`/api/support/staff/tickets/${encodeURIComponent(id)}`, {
    schema: staffTicketDetailSchema,
  });

export const staffTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffKeys.detail(id),
    queryFn: () => getStaffTicket(id),
  });

export const useStaffTicket = (id: string) => useQuery(staffTicketQueryOptions(id));
