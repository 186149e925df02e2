import { brand, trial } from '@mia/catalog';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { findPlan, toolPriceText } from '@/features/catalog/catalog';
import { LoadingStatus } from '@/components/ui/query-status';
import { CatalogError } from '@/features/catalog/components/catalog-state';
import { useCatalog } from '@/features/catalog/use-catalog';
import { LegalDocument } from '@/features/legal/components/legal-document';
import { formatMoney, useI18n } from '@/i18n';

export default function TermsOfServiceRoute() {
  const { t, locale } = useI18n();
  const copy = t.terms;
  const { view, isError, retry } = useCatalog();
  const money = (cents: number | undefined) =>
    cents === undefined ? '—' : formatMoney(cents, locale);
  // Counts and prices come from the catalogue so the terms always agree with what is sold.
  const sections = view
    ? copy.sections(
        view.toolCount,
        toolPriceText(view.catalog, money, t.catalog.fromPrice) ?? '—',
        money(findPlan(view.catalog, 'monthly')?.priceCents),
        money(findPlan(view.catalog, 'annual')?.priceCents),
        trial.days,
      )
    : null;
  return (
    <InfoPageLayout page="termsOfService" title={copy.heading}>
      {!sections ? (
        isError ? (
          <CatalogError onRetry={retry} />
        ) : (
          <LoadingStatus>{t.common.loading}</LoadingStatus>
        )
      ) : (
        <LegalDocument
          tocLabel={t.common.contents}
          updated={copy.updated}
          intro={copy.intro(brand.name)}
          sections={sections}
          contact={copy.contact(brand.supportEmail)}
        />
      )}
    </InfoPageLayout>
  );
}
