import { useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { TicketDetails } from '@/features/tickets/components/ticket-details';
import { PrivateHead } from './private-head';
import { SupportFrame } from './support-frame';

/** /support/tickets/:id: one of the user's tickets, its thread and a reply box. */
export default function SupportTicketRoute() {
  const { t } = useI18n();
  const id = useParams().id ?? '';
  // The same cached answer the page shows; the head names the ticket once it is known.
  const ticket = useTicket(id);
  const copy = t.tickets.seo;
  return (
    <SupportFrame
      head={
        <PrivateHead
          title={ticket.data ? copy.title(ticket.data.ticketNumber) : t.seo.supportTickets.title}
          description={copy.description}
          keywords={copy.keywords}
          path={paths.supportTicket(id)}
        />
      }
      back={{ to: paths.supportTickets, label: t.tickets.detail.back }}
      narrow
    >
      <TicketDetails id={id} />
    </SupportFrame>
  );
}
