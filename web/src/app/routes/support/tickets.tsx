import { Bot } from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { CreateTicketCard } from '@/features/tickets/components/create-ticket-card';
import { TicketListCard } from '@/features/tickets/components/ticket-list-card';
import { PageHeading, SupportFrame } from './support-frame';

/** /support/tickets: the Support Center (spec section 2). */
export default function SupportTicketsRoute() {
  const { t } = useI18n();
  return (
    <SupportFrame
      head={<Seo page="supportTickets" />}
      back={{ to: paths.dashboard, label: t.tickets.back }}
      aside={{ to: paths.support, label: t.tickets.toChat, icon: <Bot aria-hidden="true" /> }}
    >
      <PageHeading title={t.tickets.heading} subtitle={t.tickets.subtitle} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-start">
        <CreateTicketCard />
        <TicketListCard />
      </div>
    </SupportFrame>
  );
}
