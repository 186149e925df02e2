import { brand, products } from '@mia/catalog';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, screenshot, viewports } from './support/browser';
import { distDir, ensureWebBuilt } from './support/build';
import { startStaticServer, type StaticServer } from './support/static-server';

const publicRoutes = [
  { path: '/', name: 'landing', heading: { es: 'Herramientas de IA', en: 'AI tools' } },
  { path: '/features', name: 'features', heading: { es: 'Todo lo que', en: 'Everything you' } },
  { path: '/user-guide', name: 'user-guide', heading: { es: 'Guía de Usuario', en: 'User Guide' } },
  { path: '/status', name: 'status', heading: { es: 'Estado del Servicio', en: 'Service Status' } },
  { path: '/security', name: 'security', heading: { es: 'Seguridad', en: 'Security' } },
  {
    path: '/privacy-policy',
    name: 'privacy-policy',
    heading: { es: 'Política de Privacidad', en: 'Privacy Policy' },
  },
  {
    path: '/terms-of-service',
    name: 'terms-of-service',
    heading: { es: 'Términos de Servicio', en: 'Terms of Service' },
  },
  { path: '/auth', name: 'auth', heading: { es: 'Iniciar Sesión', en: 'Sign In' } },
  // The same screen as /auth, so its canonical address is /auth.
  {
    path: '/login',
    name: 'login',
    heading: { es: 'Iniciar Sesión', en: 'Sign In' },
    canonical: '/auth',
  },
  { path: '/verify', name: 'verify', heading: { es: 'Verificar Acceso', en: 'Verify Access' } },
] as const;

const notFound = {
  es: { title: '404 Página no encontrada', hint: '¿Olvidaste agregar la página al enrutador?' },
  en: { title: '404 Page Not Found', hint: 'Did you forget to add the page to the router?' },
};

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startStaticServer(distDir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openContext(
  locale: 'es' | 'en',
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<BrowserContext> {
  // The browser language decides the first visit's locale (no choice remembered yet).
  const context = await browser.newContext({
    locale: locale === 'es' ? 'es-PR' : 'en-US',
    viewport,
  });
  context.setDefaultTimeout(10_000);
  return context;
}

const h1Text = (page: Page) => page.locator('h1').first().innerText();

describe.each(['es', 'en'] as const)('public pages in %s', (locale) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await openContext(locale);
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it.each(publicRoutes)(
    '$path renders, has its head tags, links home and passes axe',
    async (route) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url + route.path);
      await expect.poll(() => h1Text(page)).toContain(route.heading[locale]);
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);

      expect(await page.title()).toMatch(new RegExp(` \\| ${brand.name}$`));
      const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
      expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(20);
      expect(await meta('meta[name="keywords"]')).toBeTruthy();
      expect(await meta('meta[property="og:title"]')).toBe(await page.title());
      expect(await meta('meta[name="twitter:card"]')).toBe('summary');
      expect(await meta('meta[name="robots"]')).toBe('index, follow');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${brand.siteUrl}${'canonical' in route ? route.canonical : route.path}`,
      );
      expect(await page.locator('title').count()).toBe(1);
      expect(await page.locator('meta[name="description"]').count()).toBe(1);

      expect(await page.locator('a[href="/"]').count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
      // /login shows the very screen /auth shows (its canonical says so): its pictures would
      // repeat /auth's, so only the checks run for it.
      const shoot = !('canonical' in route);
      if (shoot) await screenshot(page, `${route.name}-${locale}-1280`);
      await page.setViewportSize(viewports.mobile);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      if (shoot) await screenshot(page, `${route.name}-${locale}-375`);
      await page.setViewportSize(viewports.desktop);
      expect(errors).toEqual([]);
    },
  );

  it('shows the 404 page for any other path', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => h1Text(page)).toBe(notFound[locale].title);
    await expect.poll(() => page.getByText(notFound[locale].hint).count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `not-found-${locale}-1280`);
  });
});

describe('signed out', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await openContext('es');
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it.each([
    '/dashboard',
    '/checkout',
    '/checkout/annual-subscription',
    '/start-trial',
    '/support',
    '/support/tickets',
  ])('%s sends the visitor to /auth', async (path) => {
    await page.goto(server.url + path);
    await page.waitForURL(`${server.url}/auth`);
    await expect.poll(() => h1Text(page)).toBe('Iniciar Sesión');
  });

  it('every landing button that needs an account leads to /auth', async () => {
    await page.goto(server.url);
    // The tools, plans and trial render from their own chunk, just after the first screen.
    await page.locator('#pricing').waitFor();
    const buyButtons = page.getByRole('link', { name: /^Comprar Ahora/ });
    expect(await buyButtons.count()).toBe(products.length);
    for (const name of [
      /^Comprar Ahora/,
      'Elegir Plan Mensual',
      'Elegir Plan Anual',
      'Comenzar Prueba Gratuita',
      'Comenzar',
      'Iniciar Sesión',
    ]) {
      const links = page.getByRole('link', { name, exact: typeof name === 'string' });
      const hrefs = await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
      expect(hrefs.length, String(name)).toBeGreaterThan(0);
      expect(new Set(hrefs), String(name)).toEqual(new Set(['/auth']));
    }
    await buyButtons.first().click();
    await page.waitForURL(`${server.url}/auth`);
    await page.goBack();
    await page.getByRole('link', { name: 'Elegir Plan Anual' }).click();
    await page.waitForURL(`${server.url}/auth`);
  });

  it('the landing page downloads none of the private pages’ code', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(server.url);
    await page.locator('h1').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const privateChunks = scripts.filter((path) =>
      /\/(dashboard|checkout|start-trial|tickets|support|auth|verify)-[\w-]+\.js$/.test(path),
    );
    expect(privateChunks).toEqual([]);
  });

  it('View Pricing scrolls to the plans', async () => {
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Ver Precios' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#pricing');
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('pricing')!.getBoundingClientRect().top),
      )
      .toBeLessThan(200);
  });

  it('publishes every tool as an in-stock USD offer in the structured data', async () => {
    await page.goto(server.url);
    const raw = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(raw ?? '{}') as {
      '@graph': { '@type': string; itemListElement?: { item: Record<string, unknown> }[] }[];
    };
    const list = data['@graph'].find((node) => node['@type'] === 'ItemList');
    const items = list?.itemListElement?.map((entry) => entry.item) ?? [];
    expect(items.map((item) => item.sku)).toEqual(products.map((product) => product.id));
    for (const item of items) {
      expect(item.offers).toMatchObject({
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      });
    }
  });
});

describe('mobile menu', () => {
  it('toggles open and closed and its links work', async () => {
    const context = await openContext('es', viewports.mobile);
    const page = await context.newPage();
    try {
      await page.goto(server.url);
      const toggle = page.getByRole('button', { name: 'Abrir menú' });
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#mobile-menu').isVisible()).toBe(false);

      await toggle.click();
      const close = page.getByRole('button', { name: 'Cerrar menú' });
      expect(await close.getAttribute('aria-expanded')).toBe('true');
      const menu = page.locator('#mobile-menu');
      expect(await menu.isVisible()).toBe(true);
      for (const name of ['Precios', 'Funcionalidades', 'Soporte', 'Iniciar Sesión', 'Comenzar']) {
        expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      await screenshot(page, 'landing-menu-open-es-375');

      await close.click();
      expect(await menu.isVisible()).toBe(false);

      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await menu.getByRole('link', { name: 'Funcionalidades' }).click();
      await page.waitForURL(`${server.url}/features`);
    } finally {
      await context.close();
    }
  });
});

describe('language', () => {
  it('switches, and the choice is remembered on the next visit', async () => {
    const context = await openContext('es');
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/features`);
      await expect.poll(() => h1Text(page)).toContain('Todo lo que');
      await page.getByRole('button', { name: 'English' }).click();
      await expect.poll(() => h1Text(page)).toContain('Everything you');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.title()).toBe(`Features | ${brand.name}`);
      await page.reload();
      await expect.poll(() => h1Text(page)).toContain('Everything you');
      await page.getByRole('button', { name: 'Español' }).click();
      await expect.poll(() => h1Text(page)).toContain('Todo lo que');
    } finally {
      await context.close();
    }
  });
});

describe('keyboard', () => {
  it('reaches the skip link first and shows where the focus is', async () => {
    const context = await openContext('es');
    const page = await context.newPage();
    try {
      await page.goto(server.url);
      await page.locator('h1').waitFor();
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      expect(await focused.innerText()).toBe('Saltar al contenido');
      expect(await focused.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(outline).not.toMatch(/^none/);
      // Activating the skip link moves focus into the main content.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    } finally {
      await context.close();
    }
  });
});
