import { describe, expect, it } from 'vitest';
import type { CatalogResponse, PublicCatalogProduct } from '@mia/contracts';
import {
  brandOf,
  EMBEDDED_CATALOG_ID,
  escapeHtml,
  formatPrice,
  renderLanding,
  scriptJson,
  structuredData,
} from './landing-render.js';

const INDEX =
  '<!doctype html><html lang="es"><head><meta charset="UTF-8" /><title>Ministerio IA</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

const product = (id: string, over: Partial<PublicCatalogProduct> = {}): PublicCatalogProduct => ({
  id,
  name: { es: `Herramienta ${id}`, en: `Tool ${id}` },
  description: { es: `Descripción ${id}`, en: `Description ${id}` },
  features: { es: ['Uno', 'Dos', 'Tres', 'Cuatro'], en: ['One', 'Two', 'Three', 'Four'] },
  examplePrompts: { es: [], en: [] },
  priceCents: 999,
  currency: 'USD',
  image: `/products/${id}.svg`,
  popular: false,
  status: 'published',
  ...over,
});

const catalog = (products: PublicCatalogProduct[]): CatalogResponse => ({
  products,
  plans: [{ planType: 'monthly', priceCents: 2000, currency: 'USD', interval: 'month' }],
});

interface ListedOffer {
  item: {
    sku: string;
    name: string;
    image: string;
    offers: { url: string } & Record<string, unknown>;
  };
}

const jsonLdOf = (html: string) => {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return match
    ? (JSON.parse(match[1]!) as { '@graph': [unknown, { itemListElement: ListedOffer[] }] })
    : null;
};
const embeddedOf = (html: string) => {
  const match = new RegExp(
    `<script type="application/json" id="${EMBEDDED_CATALOG_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as CatalogResponse) : null;
};

describe('the landing page rendered with the catalogue', () => {
  const tools = [
    product('sermones', { popular: true }),
    product('biblia'),
    product('vieja', { status: 'retired' }),
  ];
  const html = renderLanding(INDEX, catalog(tools), { origin: 'https://ministerioia.com' });

  it('titles the page with the brand from the built page and counts the published tools', () => {
    expect(brandOf(INDEX)).toBe('Ministerio IA');
    expect(html).toContain(
      '<title data-server-head>Herramientas de IA para tu ministerio | Ministerio IA</title>',
    );
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html).toContain('content="2 asistentes de IA especializados');
    expect(html).toContain('Acceso de por vida por $9.99 USD.');
    expect(html).toContain(
      '<meta data-server-head property="og:url" content="https://ministerioia.com/">',
    );
  });

  it('lists every published tool in the grid text, never a retired one', () => {
    expect(html).toContain('<h3>Herramienta sermones</h3>');
    expect(html).toContain('<h3>Herramienta biblia</h3>');
    expect(html).toContain('<a href="/checkout/biblia">Comprar Ahora</a>');
    expect(html).toContain('<li>Cuatro</li>');
    expect(html).toContain('Más Popular');
    expect(html).not.toContain('Herramienta vieja</h3>');
  });

  it('offers the published tools in the structured data, with absolute links', () => {
    const items = jsonLdOf(html)!['@graph'][1].itemListElement;
    expect(items.map((item) => item.item.sku)).toEqual(['sermones', 'biblia']);
    expect(items[0]!.item.offers).toEqual({
      '@type': 'Offer',
      price: '9.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: 'https://ministerioia.com/checkout/sermones',
    });
    expect(items[0]!.item.image).toBe('https://ministerioia.com/products/sermones.svg');
  });

  it('embeds the whole catalogue for the app (retired tools too: owners still see their names)', () => {
    expect(embeddedOf(html)).toEqual(catalog(tools));
  });

  it('keeps the rest of the page as built', () => {
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html.indexOf(`id="${EMBEDDED_CATALOG_ID}"`)).toBeGreaterThan(
      html.indexOf('<div id="root"></div>'),
    );
  });

  it('quotes "desde" the lowest price when the tools cost different amounts', () => {
    const mixed = renderLanding(
      INDEX,
      catalog([product('a', { priceCents: 1500 }), product('b', { priceCents: 450 })]),
    );
    expect(mixed).toContain('Acceso de por vida por desde $4.50 USD.');
    // Without an origin the structured data keeps paths.
    expect(jsonLdOf(mixed)!['@graph'][1].itemListElement[0]!.item.offers.url).toBe('/checkout/a');
  });

  it('does not read a price with a dollar sign as a replacement pattern', () => {
    const page = renderLanding(
      INDEX,
      catalog([product('a', { priceCents: 150, name: { es: "$1 $& $' $`", en: 'x' } })]),
    );
    expect(page).toContain('<h3>$1 $&amp; $&#39; $`</h3>');
    expect(page).toContain('$1.50 USD');
    expect(page.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });
});

describe('a hostile product name', () => {
  const hostile = '</script><script>alert("x")</script><img src=x onerror=alert(1)>';
  const html = renderLanding(
    INDEX,
    catalog([
      product('malo', {
        name: { es: hostile, en: hostile },
        description: { es: '"><b>', en: 'x' },
      }),
    ]),
  );

  it('is text in the grid and in attributes, never markup', () => {
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('"><b>');
  });

  it('cannot close the JSON script elements early, and reads back intact', () => {
    // Exactly the page's own scripts: the app bundle, the structured data and the catalogue.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(embeddedOf(html)!.products[0]!.name.es).toBe(hostile);
    expect(jsonLdOf(html)!['@graph'][1].itemListElement[0]!.item.name).toBe(hostile);
  });
});

describe('without a catalogue', () => {
  it('still titles and describes the page, without tools, offers or embedded copy', () => {
    const html = renderLanding(INDEX, undefined);
    expect(html).toContain(
      '<title data-server-head>Herramientas de IA para tu ministerio | Ministerio IA</title>',
    );
    expect(html).toContain('content="Asistentes de IA especializados');
    expect(html).not.toContain('application/ld+json');
    expect(html).not.toContain(EMBEDDED_CATALOG_ID);
    expect(html).not.toContain('<noscript>');
  });

  it('with nothing published embeds the catalogue but lists nothing', () => {
    const html = renderLanding(INDEX, catalog([product('x', { status: 'retired' })]));
    expect(html).not.toContain('application/ld+json');
    expect(html).not.toContain('<noscript>');
    expect(embeddedOf(html)?.products).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
  it('writes script-safe JSON that parses back', () => {
    const value = { text: '</script><!-- & \u2028 \u2029 >' };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
  it('formats prices with the currency code', () => {
    expect(formatPrice(999, 'USD')).toBe('$9.99 USD');
    expect(formatPrice(99_900, 'USD')).toBe('$999.00 USD');
  });
  it('builds structured data with the brand', () => {
    const data = structuredData([product('a')], 'Ministerio IA');
    expect(data['@graph'][0]).toEqual({ '@type': 'Organization', name: 'Ministerio IA', url: '/' });
  });
});
