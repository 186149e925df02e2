import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { StaffConsole } from '@/features/staff/components/staff-console';
import { PrivateHead } from './private-head';
import { StaffOnly } from './staff-only';
import { PageHeading, SupportFrame } from './support-frame';
import { ticketPresenters } from './ticket-presenters';
import { useCategoryNames } from './use-category-names';

/** /support/staff: every ticket, for the support team (admins). */
export default function SupportStaffRoute() {
  const { t } = useI18n();
  return (
    <SupportFrame
      head={<PrivateHead {...t.staff.seo} path={paths.supportStaff} />}
      back={{ to: paths.dashboard, label: t.staff.back }}
    >
      <StaffOnly>
        <PageHeading title={t.staff.heading} subtitle={t.staff.subtitle} />
        <StaffPage />
      </StaffOnly>
    </SupportFrame>
  );
}

// A component of its own, so a non-admin never asks for the categories.
function StaffPage() {
  const categories = useCategoryNames();
  return <StaffConsole categories={categories} presenters={ticketPresenters} />;
}
