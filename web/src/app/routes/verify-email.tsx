import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { PendingReturnLink } from '@/components/pending-return-link';
import { useI18n } from '@/i18n';
import { VerifyEmailScreen } from '@/features/verify-email/components/verify-email-screen';

/** /verify-email?token=…: public, as the link may be opened in another browser. */
export default function VerifyEmailRoute() {
  const { t } = useI18n();
  return (
    <InfoPageLayout page="verifyEmail" title={t.verifyEmail.heading}>
      <VerifyEmailScreen />
      <PendingReturnLink label={t.verifyEmail.continuePending} />
    </InfoPageLayout>
  );
}
