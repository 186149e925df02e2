import { annualPlan, brand, monthlyPlan, PRODUCT_PRICE_CENTS, products, trial } from '@mia/catalog';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { formatMoney, useI18n } from '@/i18n';

export default function TermsOfServiceRoute() {
  const { t, locale } = useI18n();
  const copy = t.terms;
  // Counts and prices come from the catalogue so the terms always agree with what is sold.
  const sections = copy.sections(
    products.length,
    formatMoney(PRODUCT_PRICE_CENTS, locale),
    formatMoney(monthlyPlan.priceCents, locale),
    formatMoney(annualPlan.priceCents, locale),
    trial.days,
  );
  return (
    <InfoPageLayout page="termsOfService" title={copy.heading}>
      <LegalDocument
        tocLabel={t.common.contents}
        updated={copy.updated}
        intro={copy.intro(brand.name)}
        sections={sections}
        contact={copy.contact(brand.supportEmail)}
      />
    </InfoPageLayout>
  );
}
