import { describe, expect, it } from 'vitest';
import { expectStatus } from './support/api.js';
import {
  cards,
  fillBillingDetails,
  fillCard,
  productOf,
  readDashboard,
  toolRow,
  usesOf,
} from './support/app.js';
import { eventually, toast, useBrowser } from './support/browser.js';
import { needsSandbox } from './support/context.js';
import { signUp } from './support/users.js';

const browsing = useBrowser();
const TOOL = 'apocalipsis';

describe('buying a tool', () => {
  it('refuses a declined card, then pays with 4242: the tool is owned, opens in a new tab and the use is counted', async (ctx) => {
    needsSandbox(ctx);
    const { api } = await signUp('buyer');
    const page = await browsing.open(api);

    // From the landing page, as a visitor buys: the tool's card leads to its checkout.
    await page.goto('/');
    await page.locator(`a[href="/checkout/${TOOL}"]`).first().click();
    await page.waitForURL(`/checkout/${TOOL}`);
    const pay = page.getByRole('button', { name: 'Pagar $9.99 USD' });
    await pay.waitFor();
    // Sandbox mode says so on the form itself.
    await page.getByText('Tarjeta de prueba (sandbox)').waitFor();
    await fillBillingDetails(page);

    await fillCard(page, cards.declined);
    await pay.click();
    await eventually(() => toast(page).innerText()).toContain('Pago rechazado');
    expect(page.url()).toMatch(new RegExp(`/checkout/${TOOL}$`));
    const refused = await readDashboard(api);
    expect(productOf(refused, TOOL).purchased).toBe(false);

    await fillCard(page, cards.pays);
    await pay.click();
    await eventually(() => toast(page).innerText()).toContain('Pago completado');
    await page.waitForURL('/dashboard');
    const row = toolRow(page, TOOL);
    await eventually(() => row.innerText()).toContain('Usado 0 veces');
    expect(await row.innerText()).toContain('Comprado');
    await eventually(() => page.getByTestId('payment-history').innerText()).toContain('Pagado');

    // "Usar" opens the tool in a new tab at the address access answers, and counts the use.
    const [tab, answer] = await Promise.all([
      page.context().waitForEvent('page'),
      page.waitForResponse((res) => res.url().endsWith('/api/access-gpt')),
      row.getByRole('button', { name: /^Usar / }).click(),
    ]);
    const { gptUrl } = (await answer.json()) as { gptUrl: string };
    await tab.waitForURL(gptUrl);
    await eventually(() => toast(page).innerText()).toContain('Acceso Concedido');
    expect(await toast(page).innerText()).toContain('Uso total: 1');
    await eventually(() => row.innerText()).toContain('Usado 1 vez');

    // Where no chatbot is configured (development, tests) the tab is access's stand-in page,
    // which does what the real GPT does: asks for the personal code and verifies it.
    if (new URL(gptUrl).pathname.startsWith('/api/gpt/stand-in/')) {
      const { accessCode } = expectStatus(
        await api.get<{ accessCode: string }>('/api/access-code'),
        200,
        'GET /api/access-code',
      );
      await tab.getByLabel('Tu código de acceso').fill(accessCode);
      await tab.getByRole('button', { name: 'Verificar código' }).click();
      await eventually(() => tab.getByRole('status').innerText()).toContain(
        'Acceso verificado: puedes usar',
      );
      // A verified code is a use too (GptOpened via the GPT's action).
      await eventually(async () => usesOf(await readDashboard(api), TOOL)).toBe(2);
    }

    const owned = await readDashboard(api);
    expect(productOf(owned, TOOL)).toMatchObject({
      purchased: true,
      access: { source: 'purchase' },
    });
    expect(usesOf(owned, TOOL)).toBeGreaterThanOrEqual(1);
    expect(owned.payments.filter((p) => p.status === 'succeeded')).toEqual([
      expect.objectContaining({ amount: '9.99' }),
    ]);
    // Owned once, never charged twice.
    expect((await api.post('/api/create-payment-intent', { productId: TOOL })).status).toBe(409);
  });
});
