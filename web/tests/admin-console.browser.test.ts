import type {
  AdminProduct,
  AdminProductsResponse,
  PromotionCodeView,
  SalesMetricsResponse,
} from '@mia/contracts';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { screenshot, viewports } from './support/browser';
import {
  addPerson,
  ana,
  eventually,
  openPage,
  root,
  sidewaysOverflow,
  startCommerceHarness,
  stopCommerceHarness,
  type CommerceHarness,
} from './support/commerce-harness';

// The owner's console at /admin (issue 24). The commerce stand-ins answer who is signed in and
// the customer tools; the catalogue, codes and sales APIs (billing) are answered here, in the
// page, with the contract's shapes, and every request the console sends is kept to be checked.

let harness: CommerceHarness;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  harness = await startCommerceHarness();
});
afterAll(() => stopCommerceHarness(harness));
beforeEach(() => {
  harness.identity.reset();
  harness.commerce.reset();
  for (const person of [ana, root]) addPerson(harness, person);
});
afterEach(async () => {
  await context?.close();
});

const apocalipsis: AdminProduct = {
  id: 'apocalipsis',
  name: { es: 'Apocalipsis', en: 'Revelation' },
  description: { es: 'Estudia el Apocalipsis.', en: 'Study Revelation.' },
  features: {
    es: ['Acceso de por vida al GPT personalizado', 'Dos', 'Tres', 'Cuatro'],
    en: ['Lifetime access to the custom GPT', 'Two', 'Three', 'Four'],
  },
  examplePrompts: { es: ['Explica Ap 1'], en: ['Explain Rev 1'] },
  priceCents: 999,
  currency: 'USD',
  image: '/products/apocalipsis.svg',
  popular: true,
  status: 'published',
  destinationUrl: 'https://chatgpt.com/g/g-apocalipsis',
  position: 0,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const metrics: SalesMetricsResponse = {
  revenue: { grossCents: 4997, refundedCents: 999, disputedCents: 0, netCents: 3998 },
  mrrCents: 1999,
  activePlans: { monthly: 2, annual: 1 },
  newCustomers: 3,
  trials: { started: 4, converted: 1, conversionRate: 0.25 },
  disputes: { open: 1, won: 0, lost: 0 },
  topTools: [{ productId: 'apocalipsis', sales: 3, revenueCents: 2997, uses: 12 }],
  series: [
    { date: '2026-11-23', grossCents: 999, refundedCents: 0, newCustomers: 1, uses: 4 },
    { date: '2026-11-24', grossCents: 1999, refundedCents: 999, newCustomers: 1, uses: 3 },
    { date: '2026-11-25', grossCents: 1999, refundedCents: 0, newCustomers: 1, uses: 5 },
  ],
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Billing's admin APIs as the page sees them, over an in-memory catalogue and code list. */
async function answerBilling(target: Page) {
  const products: AdminProduct[] = [apocalipsis];
  const codes: PromotionCodeView[] = [];
  const sent: Sent[] = [];
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await target.route(/\/api\/admin\/(products|plans|promotion-codes|metrics)/, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const body = request.postData() ? (JSON.parse(request.postData()!) as unknown) : undefined;
    sent.push({ method: request.method(), path: url.pathname + url.search, body });
    const path = url.pathname;
    if (path === '/api/admin/metrics') return json(route, 200, metrics);
    if (path === '/api/admin/products' && request.method() === 'GET') {
      const answer: AdminProductsResponse = {
        products,
        plans: [
          { planType: 'monthly', priceCents: 1999, currency: 'USD', interval: 'month' },
          { planType: 'annual', priceCents: 19_999, currency: 'USD', interval: 'year' },
        ],
      };
      return json(route, 200, answer);
    }
    if (path === '/api/admin/products' && request.method() === 'POST') {
      const input = body as Omit<AdminProduct, 'status' | 'currency' | 'position' | 'updatedAt'>;
      // The owner's service refuses what only it can know: here, a plain-http destination.
      if (input.destinationUrl.startsWith('http:')) {
        return json(route, 400, {
          message: 'Invalid request',
          code: 'validation_error',
          details: [{ path: 'destinationUrl', message: 'Destination must use https' }],
        });
      }
      const created: AdminProduct = {
        ...apocalipsis,
        ...input,
        image: '/products/default.svg',
        popular: Boolean(input.popular),
        status: 'draft',
        examplePrompts: input.examplePrompts ?? { es: [], en: [] },
        position: products.length,
      };
      products.push(created);
      return json(route, 201, created);
    }
    const action = /^\/api\/admin\/products\/([^/]+)\/(publish|retire)$/.exec(path);
    if (action) {
      const product = products.find((item) => item.id === action[1])!;
      product.status = action[2] === 'publish' ? 'published' : 'retired';
      return json(route, 200, product);
    }
    if (path.startsWith('/api/admin/plans/')) return json(route, 200, {});
    if (path === '/api/admin/promotion-codes' && request.method() === 'GET') {
      return json(route, 200, { promotionCodes: codes });
    }
    if (path === '/api/admin/promotion-codes' && request.method() === 'POST') {
      const input = body as { code: string; percentOff?: number; appliesTo: 'all' };
      codes.push({
        code: input.code,
        percentOff: input.percentOff ?? null,
        amountOffCents: null,
        duration: 'once',
        durationInMonths: null,
        maxRedemptions: null,
        expiresAt: null,
        appliesTo: input.appliesTo,
        firstPurchaseOnly: false,
        active: true,
        redemptions: 0,
        createdAt: '2026-11-25T10:00:00.000Z',
      });
      return json(route, 201, codes.at(-1));
    }
    const deactivate = /^\/api\/admin\/promotion-codes\/([^/]+)\/deactivate$/.exec(path);
    if (deactivate) {
      codes.find((code) => code.code === decodeURIComponent(deactivate[1]!))!.active = false;
      return json(route, 200, {});
    }
    return json(route, 404, { message: 'Not found' });
  });
  return { products, codes, sent };
}

async function openConsole(
  path: string,
  {
    locale = 'es',
    viewport = viewports.desktop,
    person = root,
  }: {
    locale?: 'es' | 'en';
    viewport?: { width: number; height: number };
    person?: typeof root;
  } = {},
) {
  ({ context, page } = await openPage(harness, { person, viewport, locale }));
  const billing = await answerBilling(page);
  await page.goto(`${harness.server.url}${path}`);
  return billing;
}

async function checkBothWidths(name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(viewports.mobile);
  // The charts follow their box through a ResizeObserver, a frame or two after the resize.
  await eventually(() => sidewaysOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, `${name}-375`);
}

describe('the admin console', () => {
  it('is refused to a customer, as the staff pages are', async () => {
    await openConsole('/admin', { person: ana });
    await eventually(() => page.getByTestId('staff-forbidden').count()).toBe(1);
    expect(await page.getByTestId('sales-view').count()).toBe(0);
    expect(await page.getByTestId('admin-console-nav').count()).toBe(0);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  });

  it('is one click from the dashboard’s admin card', async () => {
    ({ context, page } = await openPage(harness, { person: root }));
    await answerBilling(page);
    await page.goto(`${harness.server.url}/dashboard`);
    await page.getByRole('link', { name: 'Abrir consola de administración' }).click();
    await page.waitForURL(`${harness.server.url}/admin`);
    await page.getByTestId('sales-view').waitFor();
  });

  it('shows the sales of a period as tiles, charts with tables, and the CSV links', async () => {
    const billing = await openConsole('/admin');
    const view = page.getByTestId('sales-view');
    await eventually(() => view.innerText()).toContain('Ingresos netos');
    const kpis = await page.getByTestId('sales-kpis').innerText();
    expect(kpis).toContain('39.98');
    expect(kpis).toContain('2 mensuales · 1 anuales');
    expect(kpis).toContain('25');
    expect(await page.locator('[data-testid="chart-revenue"] svg').count()).toBeGreaterThan(0);
    const revenue = page.getByTestId('chart-revenue');
    await revenue.getByText('Ver como tabla').click();
    const table = revenue.getByTestId('chart-revenue-table');
    expect(await table.getByRole('row').count()).toBe(4);
    await page.getByTestId('chart-top-tools').getByText('Ver como tabla').click();
    expect(await page.getByTestId('chart-top-tools-table').innerText()).toContain('Apocalipsis');
    const payments = page.getByRole('link', { name: 'Pagos del periodo (CSV)' });
    expect(await payments.getAttribute('href')).toMatch(
      /^\/api\/admin\/exports\/payments\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );

    // The radio is visually hidden inside its segmented label: a person clicks the label.
    await page.locator('label', { hasText: /^Mes$/ }).click();
    expect(await page.getByLabel('Mes').isChecked()).toBe(true);
    await eventually(() => billing.sent.some((call) => call.path.includes('interval=month'))).toBe(
      true,
    );
    await checkBothWidths('admin-console-sales-es');
  });

  it('creates a tool with errors by their fields, previews it, publishes and retires it', async () => {
    const billing = await openConsole('/admin/products', { locale: 'en' });
    const list = page.getByTestId('admin-products');
    await eventually(() => list.innerText()).toContain('Revelation');
    expect(await list.getByTestId('product-status').innerText()).toBe('Published');
    await page.getByRole('link', { name: 'New tool' }).click();

    const form = page.getByTestId('product-form');
    await form.getByRole('button', { name: 'Save draft' }).click();
    // Checked before sending, each message beside its field.
    expect(await form.getByLabel('Name (Spanish)').getAttribute('aria-invalid')).toBe('true');
    expect(billing.sent.filter((call) => call.method === 'POST')).toEqual([]);

    await form.getByLabel('Id (in the address)').fill('sermones-pro');
    await form.getByLabel('Price (USD)').fill('12.50');
    await form.getByLabel('Destination address (GPT)').fill('http://example.org/gpt');
    for (const [language, name] of [
      ['Spanish', 'Sermones Pro'],
      ['English', 'Sermons Pro'],
    ] as const) {
      await form.getByLabel(`Name (${language})`).fill(name);
      await form.getByLabel(`Description (${language})`).fill(`${name}: a description.`);
      for (const n of [1, 2, 3, 4]) {
        await form.getByLabel(`Feature ${n} (${language})`).fill(`${name} ${n}`);
      }
    }
    await form.getByLabel('Mark as popular').click();
    const preview = page.getByTestId('product-preview');
    expect(await preview.innerText()).toContain('Sermons Pro');
    expect(await preview.innerText()).toContain('$12.50');
    expect(await preview.innerText()).toContain('Popular');

    await form.getByRole('button', { name: 'Save draft' }).click();
    await eventually(() => form.innerText()).toContain('Destination must use https');
    await form.getByLabel('Destination address (GPT)').fill('https://chatgpt.com/g/g-sermones');
    await checkBothWidths('admin-console-product-form-en');
    await page.setViewportSize(viewports.desktop);

    await form.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(`${harness.server.url}/admin/products/sermones-pro`);
    expect(billing.products.at(-1)).toMatchObject({
      id: 'sermones-pro',
      priceCents: 1250,
      popular: true,
      destinationUrl: 'https://chatgpt.com/g/g-sermones',
    });
    await page.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => billing.products.at(-1)?.status).toBe('published');

    await page.getByRole('link', { name: 'Back to Products' }).click();
    await page.getByRole('button', { name: 'Retire Sermons Pro' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Those who own it can keep using it');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Stop selling it' }).click();
    await eventually(() => billing.products.at(-1)?.status).toBe('retired');
  });

  it('creates a 50 % code and deactivates it', async () => {
    const billing = await openConsole('/admin/promotion-codes');
    const form = page.getByTestId('promotion-form');
    await form.getByLabel('Código', { exact: true }).fill('MITAD');
    await form.getByLabel('Porcentaje de descuento (1-100)').fill('150');
    await form.getByRole('button', { name: 'Crear código' }).click();
    await eventually(() => form.innerText()).toContain('Escribe un porcentaje entre 1 y 100');
    await form.getByLabel('Porcentaje de descuento (1-100)').fill('50');
    await form.getByRole('button', { name: 'Crear código' }).click();
    const codes = page.getByTestId('promotion-codes');
    await eventually(() => codes.innerText()).toContain('MITAD');
    expect(billing.sent.find((call) => call.method === 'POST')?.body).toEqual({
      code: 'MITAD',
      percentOff: 50,
      duration: 'once',
      appliesTo: 'all',
      firstPurchaseOnly: false,
    });
    await checkBothWidths('admin-console-codes-es');
    await page.getByRole('button', { name: 'Desactivar el código MITAD' }).click();
    await eventually(() => codes.innerText()).toContain('Desactivado');
  });

  it('gathers the customer tools, disputes and incidents, each a section of its own', async () => {
    await openConsole('/admin/customers', { locale: 'en', viewport: viewports.mobile });
    await page.getByTestId('payment-review-panel').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Customers');
    const nav = page.getByTestId('admin-console-nav');
    await nav.getByRole('link', { name: 'Disputes' }).click();
    await page.getByTestId('disputes-panel').waitFor();
    await nav.getByRole('link', { name: 'Incidents' }).click();
    await eventually(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Incidents');
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-console-incidents-en-375');
  });
});
