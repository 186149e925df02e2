import { Check, Star } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { LocalizedProduct } from '@/features/catalog/catalog';
import { formatMoney, useI18n } from '@/i18n';

/** Every tool on sale with its price and a 'Comprar Ahora' button. */
export function ProductGrid({
  signedIn,
  products,
}: {
  signedIn: boolean;
  products: readonly LocalizedProduct[];
}) {
  const { t, locale } = useI18n();
  const copy = t.landing.products;
  return (
    <section aria-labelledby="products-title" className="bg-cream-100 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mb-10 max-w-2xl">
          <h2 id="products-title" className="text-3xl font-bold tracking-tight text-navy-900">
            {copy.heading}
          </h2>
          <p className="mt-3 text-lg text-navy-700">{copy.subtitle(products.length)}</p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li
              key={product.id}
              className="relative flex flex-col rounded-2xl border border-cream-300/70 bg-white shadow-sm"
            >
              {product.popular ? (
                <Badge variant="navy" className="absolute top-3 right-3">
                  <Star aria-hidden="true" />
                  {copy.popular}
                </Badge>
              ) : null}
              <img
                src={product.image}
                alt=""
                width={400}
                height={225}
                loading="lazy"
                decoding="async"
                className="aspect-video w-full rounded-t-2xl bg-cream-200 object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-lg font-semibold text-navy-900">{product.name}</h3>
                <p className="mt-2 text-sm text-navy-700">{product.description}</p>
                <ul className="mt-4 space-y-2 text-sm text-navy-800">
                  {product.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-600" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <div className="mt-auto flex items-end justify-between gap-3 pt-6">
                  <p>
                    <span className="block text-xl font-bold whitespace-nowrap text-navy-900">
                      {formatMoney(product.priceCents, locale)}
                    </span>
                    <span className="text-xs text-navy-700">{t.common.oneTimePayment}</span>
                  </p>
                  <Button asChild>
                    <Link
                      to={signedIn ? paths.checkout(product.id) : paths.auth}
                      aria-label={copy.buyNowLabel(product.name)}
                    >
                      {copy.buyNow}
                    </Link>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
