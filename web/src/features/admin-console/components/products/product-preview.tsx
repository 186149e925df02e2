import { ProductCard } from '@/components/product-card';
import { buttonVariants } from '@/components/ui/button';
import { useI18n } from '@/i18n';
import type { ProductFormState } from '@/features/admin-console/product-form';
import { parseDollars } from '@/features/admin-console/money-input';

/** A cream canvas where the default art will be, until the owner uploads a picture. */
const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 225"><rect width="400" height="225" fill="#efe6d2"/></svg>',
  );

/** The card as the landing page will show it, in the page's language, updated as the owner types. */
export function ProductPreview({ form }: { form: ProductFormState }) {
  const { t, locale } = useI18n();
  const copy = t.adminConsole.editor;
  const features = form.features[locale].filter((feature) => feature.trim() !== '');
  return (
    <section
      aria-labelledby="product-preview-title"
      className="grid content-start gap-3"
      data-testid="product-preview"
    >
      <div>
        <h2 id="product-preview-title" className="text-lg font-semibold text-navy-900">
          {copy.preview}
        </h2>
        <p className="text-sm text-navy-700">{copy.previewHint}</p>
      </div>
      <ProductCard
        as="div"
        product={{
          name: form.name[locale].trim() || copy.previewEmptyName,
          description: form.description[locale],
          features,
          image: form.image.trim() || PLACEHOLDER_IMAGE,
          popular: form.popular,
          priceCents: parseDollars(form.price) ?? 0,
        }}
        // Shows the button the page has, without being one: the preview sells nothing.
        action={
          <span aria-hidden="true" className={buttonVariants()}>
            {t.landing.products.buyNow}
          </span>
        }
      />
    </section>
  );
}
