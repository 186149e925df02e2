import { brand, centsToAmountString, localizeProduct, type Product } from '@mia/catalog';
import type { Locale } from '@/i18n/locale';

/**
 * schema.org data for search engines: the organisation and every tool as an in-stock USD offer.
 * Built from the catalogue, so a new tool or price shows up here without another edit.
 */
export function buildStructuredData(products: readonly Product[], locale: Locale) {
  const site = brand.siteUrl;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        name: brand.name,
        url: site,
        email: brand.supportEmail,
        description: locale === 'en' ? brand.shortDescriptionEn : brand.shortDescription,
      },
      {
        '@type': 'ItemList',
        name: locale === 'en' ? brand.taglineEn : brand.tagline,
        numberOfItems: products.length,
        itemListElement: products.map((product, index) => {
          const text = localizeProduct(product, locale);
          return {
            '@type': 'ListItem',
            position: index + 1,
            item: {
              '@type': 'Product',
              sku: product.id,
              name: text.name,
              description: text.description,
              image: new URL(product.image, site).href,
              brand: { '@type': 'Brand', name: brand.name },
              offers: {
                '@type': 'Offer',
                price: centsToAmountString(product.priceCents),
                priceCurrency: product.currency,
                availability: 'https://schema.org/InStock',
                url: new URL(`/checkout/${product.id}`, site).href,
              },
            },
          };
        }),
      },
    ],
  };
}

/** JSON for a <script> element: '<' is escaped so no text can close the element early. */
export const serializeJsonLd = (data: unknown): string =>
  JSON.stringify(data).replace(/</g, '\\u003c');
