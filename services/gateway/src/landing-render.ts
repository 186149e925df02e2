import type { CatalogResponse, PublicCatalogProduct } from '@mia/contracts';

/**
 * The landing page's HTML with the published tools in it, for crawlers and link previews that
 * run no JavaScript: the title and description, the schema.org offers, the grid's text (in a
 * <noscript>, so browsers running the app never show it twice) and the catalogue itself as JSON,
 * which the app reads instead of asking billing again. Pure: the page, the catalogue and the
 * public origin in, the page out. Texts are the Spanish ones (the page's language, `lang="es"`).
 */

/** The element id the web app reads the embedded catalogue from (web features/catalog/embedded). */
export const EMBEDDED_CATALOG_ID = 'mia-catalog';
/** Marks head elements the app replaces with its own once it runs (web main.tsx removes them). */
export const SERVER_HEAD_ATTRIBUTE = 'data-server-head';

const copy = {
  title: 'Herramientas de IA para tu ministerio',
  description: (tools: number, price: string) =>
    `${tools} asistentes de IA especializados para pastores, ministros y líderes de iglesia: sermones, estudios bíblicos, ceremonias y más, en español. Acceso de por vida por ${price}.`,
  descriptionWithout:
    'Asistentes de IA especializados para pastores, ministros y líderes de iglesia: sermones, estudios bíblicos, ceremonias y más, en español, con acceso de por vida.',
  from: (price: string) => `desde ${price}`,
  heading: 'Nuestras Herramientas',
  popular: 'Más Popular',
  oneTimePayment: 'Pago único',
  buyNow: 'Comprar Ahora',
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value safe in HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * JSON safe inside a <script> element: no '<' (so no '</script>' or '<!--'), no '>' or '&', and no
 * line separators that older parsers take for line ends. JSON.parse reads the escapes back.
 */
export const scriptJson = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** '$9.99 USD' as the pages show it (Latin-American readers take a bare '$' for pesos). */
export function formatPrice(cents: number, currency: string): string {
  const amount = new Intl.NumberFormat('es-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  return `${amount} ${currency}`;
}

const decimal = (cents: number): string => (cents / 100).toFixed(2);

export interface LandingRenderOptions {
  /** The public origin for absolute links in the structured data; unset: paths only. */
  readonly origin?: string;
}

const absolute = (path: string, origin: string | undefined): string =>
  origin ? new URL(path, origin).href : path;

/** schema.org data: the organisation and every published tool as an in-stock offer. */
export function structuredData(
  products: readonly PublicCatalogProduct[],
  brand: string,
  options: LandingRenderOptions = {},
) {
  const { origin } = options;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', name: brand, url: absolute('/', origin) },
      {
        '@type': 'ItemList',
        name: copy.heading,
        numberOfItems: products.length,
        itemListElement: products.map((product, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          item: {
            '@type': 'Product',
            sku: product.id,
            name: product.name.es,
            description: product.description.es,
            image: absolute(product.image, origin),
            brand: { '@type': 'Brand', name: brand },
            offers: {
              '@type': 'Offer',
              price: decimal(product.priceCents),
              priceCurrency: product.currency,
              availability: 'https://schema.org/InStock',
              url: absolute(`/checkout/${encodeURIComponent(product.id)}`, origin),
            },
          },
        })),
      },
    ],
  };
}

function priceText(products: readonly PublicCatalogProduct[]): string | undefined {
  const first = products[0];
  if (!first) return undefined;
  const lowest = products.reduce((min, p) => (p.priceCents < min.priceCents ? p : min), first);
  const price = formatPrice(lowest.priceCents, lowest.currency);
  return products.every((p) => p.priceCents === lowest.priceCents) ? price : copy.from(price);
}

function gridHtml(products: readonly PublicCatalogProduct[]): string {
  const items = products.map((product) => {
    const features = product.features.es.map((f) => `<li>${escapeHtml(f)}</li>`).join('');
    return (
      `<li><h3>${escapeHtml(product.name.es)}</h3>` +
      (product.popular ? `<p>${copy.popular}</p>` : '') +
      `<p>${escapeHtml(product.description.es)}</p>` +
      `<ul>${features}</ul>` +
      `<p>${escapeHtml(formatPrice(product.priceCents, product.currency))} · ${copy.oneTimePayment}</p>` +
      `<a href="/checkout/${escapeHtml(encodeURIComponent(product.id))}">${copy.buyNow}</a></li>`
    );
  });
  return `<section><h2>${copy.heading}</h2><ul>${items.join('')}</ul></section>`;
}

/** The brand as the built page names it (`<title>` of index.html, set from libs/catalog's brand). */
export const brandOf = (html: string): string =>
  /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';

/**
 * The landing page: `html` is the built index.html (its own <title> is the brand's name). With no
 * catalogue ever fetched, the page still gets its title and a description without figures.
 */
export function renderLanding(
  html: string,
  catalog: CatalogResponse | undefined,
  options: LandingRenderOptions = {},
): string {
  const brandText = brandOf(html);
  const brand = escapeHtml(brandText);
  const published = (catalog?.products ?? []).filter((p) => p.status === 'published');
  const price = priceText(published);
  const title = `${escapeHtml(copy.title)}${brand ? ` | ${brand}` : ''}`;
  const description = escapeHtml(
    price ? copy.description(published.length, price) : copy.descriptionWithout,
  );
  const mark = SERVER_HEAD_ATTRIBUTE;
  const head = [
    `<title ${mark}>${title}</title>`,
    `<meta ${mark} name="description" content="${description}">`,
    `<meta ${mark} property="og:type" content="website">`,
    brand ? `<meta ${mark} property="og:site_name" content="${brand}">` : '',
    `<meta ${mark} property="og:title" content="${title}">`,
    `<meta ${mark} property="og:description" content="${description}">`,
    `<meta ${mark} property="og:locale" content="es_ES">`,
    options.origin
      ? `<meta ${mark} property="og:url" content="${escapeHtml(absolute('/', options.origin))}">`
      : '',
    catalog && published.length > 0
      ? `<script type="application/ld+json">${scriptJson(structuredData(published, brandText, options))}</script>`
      : '',
  ].join('');
  const body = catalog
    ? (published.length > 0 ? `<noscript>${gridHtml(published)}</noscript>` : '') +
      `<script type="application/json" id="${EMBEDDED_CATALOG_ID}">${scriptJson(catalog)}</script>`
    : '';

  // Replace the brand-only title, then add the rest to the head and the grid after the root.
  // Function replacements: the inserted text ('$1.50 USD') must not be read as a pattern.
  return html
    .replace(/<title>[^<]*<\/title>/i, () => '')
    .replace(/<\/head>/i, () => `${head}</head>`)
    .replace(/<div id="root"><\/div>/, (root) => `${root}${body}`);
}
