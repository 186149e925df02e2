import type { StaffTicketFilters } from './staff-schemas';

export const staffKeys = {
  lists: () => ['staff', 'tickets'] as const,
  list: (filters: StaffTicketFilters) => ['staff', 'tickets', filters] as const,
  detail: (id: string) => ['staff', 'ticket', id] as const,
};
