import { accessPageProducts, localizeProduct } from '@mia/catalog';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { Card } from '@/components/ui/card';
import { VerifyAccessForm } from '@/features/access/components/verify-access-form';
import { useI18n } from '@/i18n';

export default function VerifyRoute() {
  const { t, locale } = useI18n();
  return (
    <InfoPageLayout page="verify" title={t.verify.heading} subtitle={t.verify.subtitle}>
      <Card className="mx-auto max-w-lg">
        <div className="p-6">
          <VerifyAccessForm />
        </div>
      </Card>
      <section aria-labelledby="verify-gpts-title" className="mt-12">
        <h2 id="verify-gpts-title" className="text-2xl font-bold text-navy-900">
          {t.verify.gptsHeading}
        </h2>
        <ul className="mt-5 grid gap-5 md:grid-cols-3">
          {accessPageProducts.map((product) => {
            const text = localizeProduct(product, locale);
            return (
              <li
                key={product.id}
                className="rounded-2xl border border-cream-300/70 bg-white p-6 shadow-sm"
              >
                <h3 className="font-semibold text-navy-900">{text.name}</h3>
                <p className="mt-1 text-sm text-navy-700">{text.description}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </InfoPageLayout>
  );
}
