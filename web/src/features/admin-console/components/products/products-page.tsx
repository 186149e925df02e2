import type { AdminProduct } from '@mia/contracts';
import { Pencil, Plus, Rocket } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useAdminProducts, usePublishProduct } from '@/features/admin-console/api/products';
import { SectionHeading } from '@/features/admin-console/components/admin-layout';
import { SectionState } from '@/features/admin-console/components/section-state';
import { adminPaths } from '@/features/admin-console/paths';
import { PlanPrices } from './plan-prices';
import { RetireDialog } from './retire-dialog';
import { ProductStatusBadge } from './status-badge';

/** /admin/products: every tool, drafts included, and the plans' prices. */
export function ProductsPage() {
  const { t } = useI18n();
  const copy = t.adminConsole.products;
  const products = useAdminProducts();
  return (
    <>
      <SectionHeading
        title={copy.heading}
        subtitle={copy.subtitle}
        action={
          <Link to={adminPaths.newProduct} className={buttonVariants()}>
            <Plus aria-hidden="true" />
            {copy.create}
          </Link>
        }
      />
      {products.data ? (
        <>
          <Card>
            <CardContent className="pt-6">
              {products.data.products.length === 0 ? (
                <p className="text-navy-700">{copy.empty}</p>
              ) : (
                <ul
                  aria-label={copy.listLabel}
                  className="divide-y divide-cream-300/70"
                  data-testid="admin-products"
                >
                  {products.data.products.map((product) => (
                    <ProductRow key={product.id} product={product} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <PlanPrices plans={products.data.plans} />
        </>
      ) : (
        <SectionState query={products} />
      )}
    </>
  );
}

function ProductRow({ product }: { product: AdminProduct }) {
  const { t, locale } = useI18n();
  const copy = t.adminConsole.products;
  const publish = usePublishProduct();
  const name = product.name[locale];
  const onPublish = () =>
    publish.mutate(product.id, {
      onSuccess: () => toast({ variant: 'success', title: copy.published }),
      onError: (error) =>
        toast({ variant: 'destructive', title: copy.actionFailed, description: errorText(error) }),
    });
  return (
    <li
      className="flex flex-wrap items-center gap-4 py-4"
      data-testid="admin-product"
      data-product={product.id}
    >
      <img
        src={product.image}
        alt=""
        width={96}
        height={54}
        loading="lazy"
        className="aspect-video w-24 shrink-0 rounded-lg bg-cream-200 object-cover"
      />
      <div className="grid min-w-0 flex-1 basis-48 gap-1">
        <p className="font-semibold text-navy-900">{name}</p>
        <p className="truncate text-sm text-navy-700">
          <span className="font-mono">{product.id}</span> ·{' '}
          {formatMoney(product.priceCents, locale)}
        </p>
        <p className="flex flex-wrap gap-1.5">
          <ProductStatusBadge status={product.status} />
          {product.popular ? <Badge variant="gold">{copy.popular}</Badge> : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={adminPaths.product(product.id)}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={copy.editLabel(name)}
        >
          <Pencil aria-hidden="true" />
          {copy.edit}
        </Link>
        {product.status === 'draft' ? (
          <Button
            size="sm"
            onClick={onPublish}
            disabled={publish.isPending}
            aria-label={copy.publishLabel(name)}
          >
            <Rocket aria-hidden="true" />
            {copy.publish}
          </Button>
        ) : null}
        {product.status === 'published' ? <RetireDialog id={product.id} name={name} /> : null}
      </div>
    </li>
  );
}
