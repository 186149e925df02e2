import type { Ticket } from '@mia/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate, useI18n } from '@/i18n';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';

/** Spec section 2: number, status, priority, title, two lines of description, creation date. */
export function TicketListItem({ ticket }: { ticket: Ticket }) {
  const { t, locale } = useI18n();
  return (
    <li
      className="relative rounded-xl border border-cream-300/80 bg-cream-50/60 p-4 transition-colors hover:border-navy-200 hover:bg-white"
      data-testid="ticket-item"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-navy-700 tabular-nums">
          #{ticket.ticketNumber}
        </span>
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
      </div>
      <h3 className="mt-2 font-semibold break-words text-navy-900">
        {/* The whole card is the link's target area; the title stays its accessible name. */}
        <Link
          to={paths.supportTicket(ticket.id)}
          className="rounded-sm after:absolute after:inset-0 after:rounded-xl hover:underline"
        >
          {ticket.title}
        </Link>
      </h3>
      <p className="mt-1 line-clamp-2 text-sm break-words text-navy-700">{ticket.description}</p>
      <p className="mt-2 text-xs text-navy-700">
        {t.tickets.list.created(
          formatDate(new Date(ticket.createdAt), locale, { dateStyle: 'medium' }),
        )}
      </p>
    </li>
  );
}
