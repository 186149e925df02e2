import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { Card } from '@/components/ui/card';
import { useI18n } from '@/i18n';
import { useUser } from '@/lib/session';
import { VerifyAccessForm } from '@/features/access/components/verify-access-form';
import { WithCatalog } from '@/features/catalog/components/with-catalog';

/** The access verification page: public; a signed-in visitor's e-mail is filled in. */
export default function VerifyRoute() {
  const { t } = useI18n();
  const { data: user, isPending } = useUser();
  return (
    <InfoPageLayout page="verify" title={t.verify.heading} subtitle={t.verify.subtitle}>
      <Card className="mx-auto max-w-lg">
        <div className="p-6">
          {/* Keyed so the e-mail is filled in once the session is known. */}
          <VerifyAccessForm
            key={isPending ? 'loading' : 'ready'}
            defaultEmail={user?.email ?? ''}
          />
        </div>
      </Card>
      <section aria-labelledby="verify-gpts-title" className="mt-12">
        <h2 id="verify-gpts-title" className="text-2xl font-bold text-navy-900">
          {t.verify.gptsHeading}
        </h2>
        <WithCatalog>
          {({ products }) => (
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((product) => {
                const text = product;
                return (
                  <li
                    key={product.id}
                    className="flex gap-4 rounded-2xl border border-cream-300/70 bg-white p-4 shadow-sm"
                  >
                    <img
                      src={product.image}
                      alt=""
                      width={80}
                      height={45}
                      loading="lazy"
                      decoding="async"
                      className="h-12 w-20 shrink-0 rounded-lg bg-cream-200 object-cover"
                    />
                    <div className="min-w-0">
                      <h3 className="font-semibold text-navy-900">{text.name}</h3>
                      <p className="mt-1 line-clamp-3 text-sm text-navy-700">{text.description}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </WithCatalog>
      </section>
    </InfoPageLayout>
  );
}
