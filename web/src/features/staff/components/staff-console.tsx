import { LoaderCircle } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import { useStaffTickets } from '@/features/staff/api/get-staff-tickets';
import { StaffFilters } from './staff-filters';
import { StaffTicketList } from './staff-ticket-list';
import type { CategoryNames, TicketPresenters } from './ticket-presenters';
import { useStaffFilters } from './use-staff-filters';

interface Props {
  categories: CategoryNames;
  presenters: Pick<TicketPresenters, 'StatusBadge' | 'PriorityBadge'>;
}

/** Every customer's tickets, filtered by status, priority, category and text. */
export function StaffConsole({ categories, presenters }: Props) {
  const { t } = useI18n();
  const copy = t.staff.list;
  const [filters, changeFilters] = useStaffFilters();
  const tickets = useStaffTickets(filters);

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="pt-6">
          <StaffFilters
            key={filters.q ?? ''}
            filters={filters}
            categories={categories}
            onChange={changeFilters}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row items-baseline justify-between gap-3">
          <h2 className="text-lg font-semibold text-navy-900">{copy.title}</h2>
          {tickets.data ? (
            <p className="text-sm text-navy-700" role="status">
              {copy.count(tickets.data.length)}
            </p>
          ) : null}
        </CardHeader>
        <CardContent aria-busy={tickets.isFetching}>
          {tickets.isPending ? (
            <p className="flex items-center gap-2 py-8 text-navy-700" role="status">
              <LoaderCircle
                aria-hidden="true"
                className="size-5 animate-spin motion-reduce:animate-none"
              />
              {copy.loading}
            </p>
          ) : tickets.isError ? (
            <p className="py-8 font-medium text-red-800" role="alert">
              {copy.failed}
            </p>
          ) : tickets.data.length === 0 ? (
            <p className="py-8 text-center text-navy-700">{copy.empty}</p>
          ) : (
            <StaffTicketList
              tickets={tickets.data}
              categories={categories}
              presenters={presenters}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
