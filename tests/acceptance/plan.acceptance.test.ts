import { describe, expect, it } from 'vitest';
import { expectStatus } from './support/api.js';
import { cards, fillBillingDetails, fillCard, readDashboard, toolRow } from './support/app.js';
import { eventually, toast, useBrowser } from './support/browser.js';
import { needsSandbox } from './support/context.js';
import { signUp } from './support/users.js';

const browsing = useBrowser();

describe('subscribing to a plan', () => {
  it('pays the monthly plan with 4242: every tool is included and billing shows the plan', async (ctx) => {
    needsSandbox(ctx);
    const { api } = await signUp('plan');
    const page = await browsing.open(api);

    // From the landing page's pricing section, as a visitor subscribes.
    await page.goto('/');
    await page.locator('#pricing a[href="/checkout/monthly-subscription"]').click();
    await page.waitForURL('/checkout/monthly-subscription');
    const pay = page.getByRole('button', { name: 'Pagar $20.00 USD' });
    await pay.waitFor();
    expect(await page.getByTestId('checkout-summary').innerText()).toContain('Plan Mensual');
    await fillBillingDetails(page);
    await fillCard(page, cards.pays);
    await pay.click();
    await eventually(() => toast(page).innerText()).toContain('Pago completado');
    await page.waitForURL('/dashboard');

    await eventually(() => page.getByTestId('billing-management').innerText()).toContain(
      'Plan Mensual',
    );
    await eventually(() => toolRow(page, 'generador-sermones').innerText()).toContain(
      'Incluido en tu plan',
    );

    const dashboard = await readDashboard(api);
    expect(dashboard.availableProducts.length).toBeGreaterThan(0);
    expect(dashboard.availableProducts.filter((p) => !p.purchased)).toEqual([]);
    const billing = expectStatus(
      await api.get<{ plan: { planType: string; status: string } | null }>('/api/billing'),
      200,
      'GET /api/billing',
    );
    expect(billing.plan).toMatchObject({ planType: 'monthly', status: 'active' });
  });
});
