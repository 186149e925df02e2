import { useSearchParams } from 'react-router-dom';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { useI18n } from '@/i18n';
import { useUser } from '@/lib/session';
import { GiftClaimScreen } from '@/features/gifts/components/gift-claim-screen';
import { VerifyEmailBanner } from '@/features/verify-email/components/verify-email-banner';

/** /regalo?token=…: public, as the link is opened before signing in. */
export default function GiftClaimRoute() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const { data: user } = useUser();
  return (
    <InfoPageLayout page="giftClaim" title={t.gifts.claim.heading}>
      <GiftClaimScreen
        token={(search.get('token') ?? '').trim()}
        verify={user ? <VerifyEmailBanner email={user.email} /> : null}
      />
    </InfoPageLayout>
  );
}
