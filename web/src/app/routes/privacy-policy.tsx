import { brand } from '@mia/catalog';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { useI18n } from '@/i18n';

export default function PrivacyPolicyRoute() {
  const { t } = useI18n();
  const copy = t.privacy;
  return (
    <InfoPageLayout page="privacyPolicy" title={copy.heading}>
      <LegalDocument
        tocLabel={t.common.contents}
        updated={copy.updated}
        intro={copy.intro(brand.name)}
        sections={copy.sections}
        contact={copy.contact(brand.supportEmail)}
      />
    </InfoPageLayout>
  );
}
