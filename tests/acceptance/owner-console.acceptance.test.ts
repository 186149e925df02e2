import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectStatus } from './support/api.js';
import {
  cards,
  fillBillingDetails,
  fillCard,
  productOf,
  readDashboard,
  toolRow,
} from './support/app.js';
import { eventually, toast, useBrowser } from './support/browser.js';
import { needsAdmin, needsSandbox } from './support/context.js';
import { adminCredentials } from './support/target.js';
import { signIn, signUp } from './support/users.js';

const browsing = useBrowser();

/** Today as the sales view counts days (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The checkout's "¿Tienes un código de descuento?": opens the field, types the code and applies
 * it, so the pay button shows the discounted total.
 */
async function applyPromotionCode(page: Page, code: string): Promise<void> {
  await page.getByText('¿Tienes un código de descuento?').click();
  await page.getByLabel(/código de descuento/i).fill(code);
  await page.getByRole('button', { name: 'Aplicar' }).click();
}

describe('the owner runs the store from the admin console', () => {
  it('creates a tool and publishes it; a customer finds it on the landing page, buys it with a 50 % code and opens it at its destination; the owner sees the sale in the metrics and the CSV', async (ctx) => {
    needsSandbox(ctx);
    needsAdmin(ctx);
    // Unique per run: the target keeps every tool and code an earlier run made.
    const suffix = Date.now().toString(36);
    const id = `prueba-${suffix}`;
    const name = `Sermones Prueba ${suffix}`;
    const code = `MITAD${suffix.toUpperCase()}`;
    const destination = `https://example.org/gpts/${id}`;

    const owner = await signIn(adminCredentials()!);
    const console = await browsing.open(owner);

    // A new tool, es and en side by side, saved as a draft.
    await console.goto('/admin/products');
    await console.getByRole('link', { name: 'Nueva herramienta' }).click();
    const form = console.getByTestId('product-form');
    await form.getByLabel('Identificador (en la dirección)').fill(id);
    await form.getByLabel('Precio (USD)').fill('20.00');
    await form.getByLabel('Dirección de destino (GPT)').fill(destination);
    for (const [language, text] of [
      ['Español', name],
      ['Inglés', `Test Sermons ${suffix}`],
    ] as const) {
      await form.getByLabel(`Nombre (${language})`).fill(text);
      await form.getByLabel(`Descripción (${language})`).fill(`${text}: prepara tu sermón.`);
      for (const n of [1, 2, 3, 4]) {
        await form.getByLabel(`Característica ${n} (${language})`).fill(`${text} ${n}`);
      }
    }
    expect(await console.getByTestId('product-preview').innerText()).toContain(name);
    await form.getByRole('button', { name: 'Guardar borrador' }).click();
    await console.waitForURL(`/admin/products/${id}`);
    await eventually(() => console.getByTestId('product-status').innerText()).toBe('Borrador');

    // Published: on sale from now on, with no release and no restart.
    await console.getByRole('button', { name: 'Publicar' }).click();
    await eventually(() => toast(console).innerText()).toContain('Herramienta publicada');
    await eventually(() => console.getByTestId('product-status').innerText()).toBe('Publicada');

    // A 50 % code for tools.
    await console.goto('/admin/promotion-codes');
    const codeForm = console.getByTestId('promotion-form');
    await codeForm.getByLabel('Código', { exact: true }).fill(code);
    await codeForm.getByLabel('Porcentaje de descuento (1-100)').fill('50');
    await codeForm.getByLabel('Herramientas').check();
    await codeForm.getByRole('button', { name: 'Crear código' }).click();
    await eventually(() => console.getByTestId('promotion-codes').innerText()).toContain(code);

    // The customer sees the tool on the landing page and buys it at half price.
    const customer = await signUp('owner-console');
    const shop = await browsing.open(customer.api);
    await shop.goto('/');
    await eventually(() => shop.locator('#products-title').count()).toBe(1);
    await eventually(() => shop.getByRole('heading', { name, level: 3 }).count()).toBe(1);
    await shop.locator(`a[href="/checkout/${id}"]`).first().click();
    await shop.waitForURL(`/checkout/${id}`);
    await applyPromotionCode(shop, code);
    const pay = shop.getByRole('button', { name: 'Pagar $10.00 USD' });
    await pay.waitFor();
    await fillBillingDetails(shop);
    await fillCard(shop, cards.pays);
    await pay.click();
    await eventually(() => toast(shop).innerText()).toContain('Pago completado');
    await shop.waitForURL('/dashboard');
    await eventually(async () => productOf(await readDashboard(customer.api), id)).toMatchObject({
      purchased: true,
      access: { source: 'purchase' },
    });

    // "Usar" opens the tool at the destination the owner typed (access's copy of the catalogue).
    const row = toolRow(shop, id);
    await eventually(() => row.innerText()).toContain('Comprado');
    const [tab, answer] = await Promise.all([
      shop.context().waitForEvent('page'),
      shop.waitForResponse((res) => res.url().endsWith('/api/access-gpt')),
      row.getByRole('button', { name: /^Usar / }).click(),
    ]);
    expect(((await answer.json()) as { gptUrl: string }).gptUrl).toBe(destination);
    await tab.waitForURL(destination);

    // The owner sees the sale: in the metrics (the projection catches up), the console and the CSV.
    const range = `from=${today()}&to=${today()}`;
    await eventually(async () => {
      const metrics = expectStatus(
        await owner.get<{ topTools: { productId: string; sales: number; revenueCents: number }[] }>(
          `/api/admin/metrics?${range}&interval=day`,
        ),
        200,
        'GET /api/admin/metrics',
      );
      return metrics.topTools.find((tool) => tool.productId === id);
    }).toMatchObject({ sales: 1, revenueCents: 1000 });
    await console.goto('/admin');
    const topTools = console.getByTestId('chart-top-tools');
    await topTools.getByText('Ver como tabla').click();
    await eventually(() => topTools.getByTestId('chart-top-tools-table').innerText()).toContain(
      name,
    );
    const csv = await owner.get(`/api/admin/exports/payments.csv?from=${today()}&to=${today()}`);
    expect(csv.status).toBe(200);
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    const line = csv.text.split(/\r?\n/).find((row) => row.includes(customer.person.email));
    expect(line).toBeDefined();
    expect(line).toContain('10.00');
  });
});
