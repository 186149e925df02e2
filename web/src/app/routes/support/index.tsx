import { Ticket } from 'lucide-react';
import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { SupportAssistant } from '@/features/support-chat/components/support-assistant';
import { useRefreshTickets } from '@/features/tickets/api/get-tickets';
import { PageHeading, SupportFrame } from './support-frame';

/** /support: the AI support chat (spec section 2). */
export default function SupportRoute() {
  const { t } = useI18n();
  const refreshTickets = useRefreshTickets();
  return (
    <SupportFrame
      head={<Seo page="support" />}
      back={{ to: paths.dashboard, label: t.support.back }}
      aside={{
        to: paths.supportTickets,
        label: t.support.toTickets,
        icon: <Ticket aria-hidden="true" />,
      }}
    >
      <PageHeading title={t.support.heading} subtitle={t.support.subtitle} />
      <SupportAssistant onTicketOpened={refreshTickets} />
    </SupportFrame>
  );
}
