import { useMemo } from 'react';
import type { CategoryNames } from '@/features/staff/components/ticket-presenters';
import { useTicketCategories } from '@/features/tickets/api/get-ticket-categories';

/** The ticket categories by id, in the visitor's language (empty until they arrive). */
export function useCategoryNames(): CategoryNames {
  const { data } = useTicketCategories();
  return useMemo(() => new Map(data?.map((c) => [c.id, c.name])), [data]);
}
