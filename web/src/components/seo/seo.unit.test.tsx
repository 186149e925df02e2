import { brand } from '@mia/catalog';
import { describe, expect, it } from 'vitest';
import { pages, type PageKey } from '@/config/paths';
import { en } from '@/i18n/en';
import { es } from '@/i18n/es';
import { decode, renderHtml } from '@/test/render';
import { pageHead } from './page-seo';
import { Seo } from './seo';

const privatePages: PageKey[] = [
  'dashboard',
  'support',
  'supportTickets',
  'checkout',
  'startTrial',
  // A one-time link's landing page: nothing for a search engine.
  'verifyEmail',
  // Churches and gifts (issue 25): signed-in forms, and the mailed links' pages.
  'teamNew',
  'teamInvitation',
  'giftNew',
  'giftClaim',
];
const allPages = Object.keys(pages) as PageKey[];

describe.each([
  ['es', es],
  ['en', en],
] as const)('head tags (%s)', (locale, t) => {
  it.each(allPages)(
    '%s: title with the product name, description, keywords, share tags',
    (page) => {
      const head = pageHead(page, t, locale);
      expect(head.title).toBe(`${t.seo[page].title} | ${brand.name}`);
      const meta = Object.fromEntries(head.meta.map((m) => [m.name ?? m.property, m.content]));
      expect(meta.description?.length).toBeGreaterThan(0);
      expect(meta.keywords?.length).toBeGreaterThan(0);
      expect(meta['og:title']).toBe(head.title);
      expect(meta['og:description']).toBe(meta.description);
      expect(meta['twitter:card']).toBe('summary');
      expect(meta['og:locale']).toBe(locale === 'es' ? 'es_ES' : 'en_US');
      const path = pages[page].path;
      expect(head.canonical).toBe(path === null ? null : `${brand.siteUrl}${path}`);
    },
  );

  it('marks the private pages noindex and the public ones indexable', () => {
    for (const page of allPages) {
      const robots = pageHead(page, t, locale).meta.find((m) => m.name === 'robots')?.content;
      const shouldHide = privatePages.includes(page) || page === 'notFound';
      expect(robots, page).toBe(shouldHide ? 'noindex, nofollow' : 'index, follow');
    }
  });

  it('renders the tags', () => {
    const html = decode(renderHtml(<Seo page="dashboard" />, locale));
    expect(html).toContain(`<title>${t.seo.dashboard.title} | ${brand.name}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain(`<link rel="canonical" href="${brand.siteUrl}/dashboard"/>`);
  });
});

describe('landing head', () => {
  it('counts the tools and prices them from the catalogue', () => {
    const figures = { tools: 5, lowestPriceCents: 999 };
    const description = pageHead('landing', es, 'es', figures).meta.find(
      (m) => m.name === 'description',
    );
    expect(description?.content).toContain('5 asistentes');
    expect(description?.content).toContain('$9.99 USD');
  });

  it('says the same without figures before the catalogue is there', () => {
    const description = pageHead('landing', en, 'en', null).meta.find(
      (m) => m.name === 'description',
    );
    expect(description?.content).toMatch(/^Specialised AI assistants/);
    expect(description?.content).not.toMatch(/\d/);
  });
});
