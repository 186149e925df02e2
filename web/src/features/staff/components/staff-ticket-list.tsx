import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate, useI18n } from '@/i18n';
import type { StaffTicketSummary } from '@/features/staff/api/staff-schemas';
import type { CategoryNames, TicketPresenters } from './ticket-presenters';

interface Props {
  tickets: StaffTicketSummary[];
  categories: CategoryNames;
  presenters: Pick<TicketPresenters, 'StatusBadge' | 'PriorityBadge'>;
}

export function StaffTicketList({ tickets, categories, presenters }: Props) {
  const { t, locale } = useI18n();
  const { StatusBadge, PriorityBadge } = presenters;
  return (
    <ul className="grid gap-3" aria-label={t.staff.list.title}>
      {tickets.map((ticket) => (
        <li
          key={ticket.id}
          data-testid="staff-ticket"
          className="relative grid gap-2 rounded-xl border border-cream-300/80 bg-white p-4 transition-colors hover:border-navy-200 hover:bg-cream-50 md:grid-cols-[4.5rem_minmax(0,1fr)_auto] md:items-center md:gap-4"
        >
          <span className="text-sm font-semibold text-navy-700 tabular-nums">
            #{ticket.ticketNumber}
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-navy-900">
              <Link
                to={paths.supportStaffTicket(ticket.id)}
                className="rounded-sm after:absolute after:inset-0 after:rounded-xl hover:underline"
              >
                {ticket.title}
              </Link>
            </h3>
            <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-navy-700">
              {ticket.customer ? (
                <>
                  <span>{ticket.customer.name}</span>
                  <span className="wrap-anywhere">{ticket.customer.email}</span>
                </>
              ) : (
                <span>{t.staff.list.unknownCustomer}</span>
              )}
              <span>{categories.get(ticket.categoryId) ?? ticket.categoryId}</span>
              <span>
                {t.staff.list.created(
                  formatDate(new Date(ticket.createdAt), locale, { dateStyle: 'medium' }),
                )}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2 md:justify-end">
            <StatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
          </div>
        </li>
      ))}
    </ul>
  );
}
