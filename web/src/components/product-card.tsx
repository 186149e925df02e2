import { Check, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatMoney, useI18n } from '@/i18n';

export interface ProductCardText {
  name: string;
  description: string;
  features: readonly string[];
  image: string;
  popular: boolean;
  priceCents: number;
}

/**
 * One tool as the landing page's grid shows it (picture, name, description, features, price), with
 * the page's own button in `action`. Shared so the owner's preview in /admin is the same card.
 */
export function ProductCard({
  product,
  action,
  as: Tag = 'li',
}: {
  product: ProductCardText;
  action: ReactNode;
  as?: 'li' | 'div';
}) {
  const { t, locale } = useI18n();
  return (
    <Tag className="relative flex flex-col rounded-2xl border border-cream-300/70 bg-white shadow-sm">
      {product.popular ? (
        <Badge variant="navy" className="absolute top-3 right-3">
          <Star aria-hidden="true" />
          {t.landing.products.popular}
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
          {product.features.map((feature, index) => (
            <li key={`${index}-${feature}`} className="flex gap-2">
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
          {action}
        </div>
      </div>
    </Tag>
  );
}
