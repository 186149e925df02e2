import { PlaceholderPage } from '@/components/layouts/placeholder-page';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

export default function SupportTicketsRoute() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      page="supportTickets"
      title={t.tickets.heading}
      back={{ to: paths.dashboard, label: t.tickets.back }}
    />
  );
}
