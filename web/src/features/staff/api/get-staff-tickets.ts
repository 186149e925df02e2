import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { staffTicketListResponseSchema } from '@mia/contracts';
import { ticketListFromAnswer } from './from-answer';
import type { StaffTicketFilters } from './staff-schemas';

/** `?status=&priority=&categoryId=&q=`, with the filters left empty left out. */
export function staffTicketsPath(filters: StaffTicketFilters): string {
  const query = new URLSearchParams();
  for (const key of ['status', 'priority', 'categoryId', 'q'] as const) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return search ? `/api/support/staff/tickets?${search}` : '/api/support/staff/tickets';
}

export const getStaffTickets = async (filters: StaffTicketFilters) =>
  ticketListFromAnswer(
    await api.get(staffTicketsPath(filters), { schema: staffTicketListResponseSchema }),
  );

export const staffTicketsQueryOptions = (filters: StaffTicketFilters) =>
  queryOptions({
    queryKey: staffKeys.list(filters),
    queryFn: () => getStaffTickets(filters),
    // A new filter keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useStaffTickets = (filters: StaffTicketFilters) =>
  useQuery(staffTicketsQueryOptions(filters));
