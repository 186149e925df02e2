import { Link } from 'react-router-dom';
import { ProductCard } from '@/components/product-card';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { LocalizedProduct } from '@/features/catalog/catalog';
import { useI18n } from '@/i18n';

/** Every tool on sale with its price and a 'Comprar Ahora' button. */
export function ProductGrid({
  signedIn,
  products,
}: {
  signedIn: boolean;
  products: readonly LocalizedProduct[];
}) {
  const { t } = useI18n();
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
            <ProductCard
              key={product.id}
              product={product}
              action={
                <Button asChild>
                  <Link
                    to={signedIn ? paths.checkout(product.id) : paths.auth}
                    aria-label={copy.buyNowLabel(product.name)}
                  >
                    {copy.buyNow}
                  </Link>
                </Button>
              }
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
