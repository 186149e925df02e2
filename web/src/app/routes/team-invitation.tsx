import { useSearchParams } from 'react-router-dom';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { useI18n } from '@/i18n';
import { useUser } from '@/lib/session';
import { InvitationScreen } from '@/features/teams/components/invitation-screen';
import { VerifyEmailBanner } from '@/features/verify-email/components/verify-email-banner';

/** /equipo/invitacion?token=…: public, as the link is opened before signing in. */
export default function TeamInvitationRoute() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const { data: user } = useUser();
  return (
    <InfoPageLayout page="teamInvitation" title={t.teams.invitation.heading}>
      <InvitationScreen
        token={(search.get('token') ?? '').trim()}
        verify={user ? <VerifyEmailBanner email={user.email} /> : null}
      />
    </InfoPageLayout>
  );
}
