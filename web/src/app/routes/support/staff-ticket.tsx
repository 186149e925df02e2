import { useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { StaffTicketView } from '@/features/staff/components/staff-ticket-view';
import { PrivateHead } from './private-head';
import { StaffOnly } from './staff-only';
import { SupportFrame } from './support-frame';
import { ticketPresenters } from './ticket-presenters';
import { useCategoryNames } from './use-category-names';

/** /support/staff/:id: one ticket with its whole thread and the customer beside it. */
export default function SupportStaffTicketRoute() {
  const { t } = useI18n();
  const id = useParams().id ?? '';
  return (
    <SupportFrame
      head={<PrivateHead {...t.staff.seo} path={paths.supportStaffTicket(id)} />}
      back={{ to: paths.supportStaff, label: t.staff.ticket.back }}
    >
      <StaffOnly>
        <StaffTicket id={id} />
      </StaffOnly>
    </SupportFrame>
  );
}

function StaffTicket({ id }: { id: string }) {
  const categories = useCategoryNames();
  return <StaffTicketView id={id} categories={categories} presenters={ticketPresenters} />;
}
