import { findProduct, products } from '@mia/catalog';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../services/identity/src/users/refusals.js';
import { seriousViolations } from './support/axe';
import { screenshot, viewports } from './support/browser';
import {
  addPerson,
  eventually,
  ana,
  openPage,
  sidewaysOverflow,
  root,
  startCommerceHarness,
  stopCommerceHarness,
  type CommerceHarness,
  type Person,
  viewportShot,
} from './support/commerce-harness';
import { FAKE_TEXTS } from './support/fake-commerce';

// The dashboard against stand-ins for access, billing and identity (support/fake-commerce.ts).

const luis: Person = { name: 'Luis Diácono', email: 'luis@example.org', password: 'clave123' };

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
  for (const person of [ana, luis, root]) addPerson(harness, person);
});
afterEach(async () => {
  await context?.close();
  harness.identity.assertContractsKept();
  harness.commerce.assertContractsKept();
});

const url = (path: string) => `${harness.server.url}${path}`;
const toast = () => page.getByTestId('toast');
const tool = (id: string) => page.getByTestId(`tool-${id}`);

async function openDashboard(options: Parameters<typeof openPage>[1] = { person: ana }) {
  ({ context, page } = await openPage(harness, options));
  await page.goto(url('/dashboard'));
  await page.getByTestId('tools-list').waitFor();
}

describe('a new customer’s dashboard', () => {
  for (const [width, viewport] of Object.entries(viewports)) {
    it(`shows empty states at ${width} width`, async () => {
      await openDashboard({ person: ana, viewport });
      const main = page.locator('main');
      await eventually(() => main.innerText()).toContain('0 de 14');
      const text = await main.innerText();
      expect(text).toContain('No hay actividad reciente');
      expect(text).toContain('No hay pagos registrados');
      await eventually(() => main.innerText()).toContain('No hay herramientas compradas aún');
      expect(
        await page
          .getByTestId('billing-management')
          .getByRole('link', { name: 'Ver herramientas' })
          .getAttribute('href'),
      ).toBe('/');
      // Every tool can be bought from here.
      expect(await page.getByRole('link', { name: /^Comprar / }).count()).toBe(products.length);
      expect(await tool('apocalipsis').innerText()).toContain('$9.99 USD - Pago único');
      expect(
        await tool('apocalipsis')
          .getByRole('link', { name: /^Comprar / })
          .getAttribute('href'),
      ).toBe('/checkout/apocalipsis');
      expect(await page.getByTestId('admin-panel').count()).toBe(0);
      await page.getByTestId('access-code').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `commerce-dashboard-empty-es-${viewport.width}`);
    });
  }

  it('uses the spec’s English texts', async () => {
    await openDashboard({ person: ana, locale: 'en' });
    const main = page.locator('main');
    await eventually(() => main.innerText()).toContain('No payment history available');
    const text = await main.innerText();
    expect(text).toContain('Payment History');
    expect(text).toContain('Account Settings');
    expect(text).toContain('Billing Management');
    expect(await page.getByRole('button', { name: 'Change Password' }).count()).toBe(1);
  });

  it('says so when the dashboard cannot be loaded', async () => {
    harness.commerce.failDashboard = true;
    ({ context, page } = await openPage(harness, { person: ana, locale: 'en' }));
    await page.goto(url('/dashboard'));
    await eventually(() => page.getByText('Unable to load dashboard data.').count()).toBe(1);
  });
});

describe('a customer with tools and payments', () => {
  beforeEach(() => {
    harness.commerce.givePurchase(ana.email, 'generador-sermones', 3);
    harness.commerce.givePurchase(ana.email, 'apocalipsis');
    harness.commerce.givePayment(ana.email, 'Diccionario Bíblico', 999, 'failed');
    harness.commerce.givePayment(ana.email, 'Cantar de los Cantares', 999, 'refunded');
  });

  it('adds up what was bought and used, and lists the payments', async () => {
    await openDashboard();
    const main = page.locator('main');
    await eventually(() => main.innerText()).toContain('2 de 14');
    const text = await main.innerText();
    expect(text).toContain('Usos totales\n3');
    // Two succeeded payments of 9.99, shown without decimals; failed and refunded do not count.
    expect(text).toContain('$20 USD');
    expect(await tool('generador-sermones').innerText()).toContain('Usado 3 veces');
    expect(await tool('generador-sermones').innerText()).toContain('Comprado');

    const activity = await page.getByTestId('recent-activity').innerText();
    expect(activity).toContain(findProduct('generador-sermones')!.name);
    expect(activity).toContain('Último acceso:');
    expect(activity).toContain('Aún sin usar');

    const rows = page.getByTestId('payment-history').locator('tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await rows.nth(0).innerText()).toMatch(/\$9\.99 USD\s+Pagado/);
    expect(await rows.nth(2).innerText()).toContain('Fallido');
    expect(await rows.nth(3).innerText()).toContain('Reembolsado');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-dashboard-owned-es-1280');
  });

  it('shows under the amount what a promotion code took off', async () => {
    const paid = harness.commerce.givePayment(ana.email, 'Manual de Ceremonias', 499, 'succeeded');
    paid.discount = { cents: 500, code: 'PASTOR50' };
    await openDashboard();
    const row = page.getByTestId('payment-history').locator('tbody tr', {
      hasText: 'Manual de Ceremonias',
    });
    await eventually(() => row.innerText()).toContain('Descuento: -$5.00 USD (código PASTOR50)');
    expect(await row.innerText()).toMatch(/\$4\.99 USD/);
  });

  it('opens a tool in a new tab with "Usar", counts the use and says so', async () => {
    await openDashboard();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      tool('generador-sermones')
        .getByRole('button', { name: /^Usar / })
        .click(),
    ]);
    await tab.waitForURL(url('/stand-in-gpt/generador-sermones'));
    // The tool's tab cannot reach back into the dashboard.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await eventually(() => toast().innerText()).toContain('Acceso Concedido');
    expect(await toast().innerText()).toContain(
      `Abriendo ${findProduct('generador-sermones')!.name}. Uso total: 4`,
    );
    await eventually(() => tool('generador-sermones').innerText()).toContain('Usado 4 veces');
    await eventually(() => page.locator('main').innerText()).toContain('Usos totales\n4');
  });

  it('says "Acceso Denegado" and closes the tab when access ended meanwhile', async () => {
    await openDashboard();
    for (const grant of harness.commerce.account(ana.email).grants) grant.status = 'revoked';
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      tool('apocalipsis')
        .getByRole('button', { name: /^Usar / })
        .click(),
    ]);
    await eventually(() => toast().innerText()).toContain('Acceso Denegado');
    expect(await toast().innerText()).toContain(FAKE_TEXTS.noAccess);
    await eventually(() => tab.isClosed()).toBe(true);
    // The dashboard was read again: the tool is for sale now.
    await eventually(() => tool('apocalipsis').innerText()).toContain('Comprar');
  });

  it('shows the access code, copies it and replaces it', async () => {
    await context?.close();
    ({ context, page } = await openPage(harness, { person: ana }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: harness.server.url,
    });
    await page.goto(url('/dashboard'));
    const code = page.getByTestId('access-code');
    const first = harness.commerce.account(ana.email).accessCode;
    await eventually(() => code.innerText()).toBe(first);
    await page.getByRole('button', { name: 'Copiar el código MIA' }).click();
    await eventually(() => toast().innerText()).toContain('Código copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    await page.getByRole('button', { name: 'Generar nuevo código' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generar código' }).click();
    await eventually(() => toast().innerText()).toContain('Nuevo código generado');
    const second = harness.commerce.account(ana.email).accessCode;
    expect(second).not.toBe(first);
    await eventually(() => code.innerText()).toBe(second);
  });
});

describe('account settings', () => {
  it('starts with e-mail notifications on and usage alerts off, and remembers changes', async () => {
    await openDashboard();
    const notifications = page.getByRole('switch', { name: 'Notificaciones por correo' });
    const alerts = page.getByRole('switch', { name: 'Alertas de uso' });
    // The switches stay disabled, at the defaults, until the account's settings have loaded:
    // read them once they show what the service holds.
    const loaded = () => eventually(() => notifications.isEnabled()).toBe(true);
    await loaded();
    expect(await notifications.getAttribute('aria-checked')).toBe('true');
    expect(await alerts.getAttribute('aria-checked')).toBe('false');
    await notifications.click();
    await alerts.click();
    // Saved by the service (the account's, not this browser's), then shown after a reload.
    await eventually(() => harness.commerce.account(ana.email).settings).toEqual({
      emailNotifications: false,
      usageAlerts: true,
    });
    await page.reload();
    await page.getByTestId('tools-list').waitFor();
    await loaded();
    expect(await notifications.getAttribute('aria-checked')).toBe('false');
    expect(await alerts.getAttribute('aria-checked')).toBe('true');
  });

  it('puts a switch back and says so when the account cannot save it', async () => {
    harness.commerce.failSettings = true;
    await openDashboard({ person: ana, locale: 'en' });
    const notifications = page.getByRole('switch', { name: 'Email notifications' });
    await eventually(() => notifications.isEnabled()).toBe(true);
    await notifications.click();
    await eventually(() => toast().innerText()).toContain('Could not save your settings');
    await eventually(() => notifications.getAttribute('aria-checked')).toBe('true');
    expect(harness.commerce.account(ana.email).settings.emailNotifications).toBe(true);
  });

  it('changes the password, checking the rules first', async () => {
    await openDashboard({ person: ana, locale: 'en' });
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current password').fill('wrong-one');
    await dialog.getByLabel('New password', { exact: true }).fill('nueva123');
    await dialog.getByLabel('Confirm new password').fill('nueva124');
    await dialog.getByRole('button', { name: 'Save password' }).click();
    await eventually(() => dialog.getByText("Passwords don't match").count()).toBe(1);

    await dialog.getByLabel('Confirm new password').fill('nueva123');
    await dialog.getByRole('button', { name: 'Save password' }).click();
    await eventually(() => dialog.getByRole('alert').innerText()).toContain(
      WRONG_CURRENT_PASSWORD_MESSAGE,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await viewportShot(page, 'commerce-change-password-en-1280');

    await dialog.getByLabel('Current password').fill(ana.password);
    await dialog.getByRole('button', { name: 'Save password' }).click();
    await eventually(() => toast().innerText()).toContain('Password changed');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(harness.identity.users.get(ana.email)?.password).toBe('nueva123');
  });
});

describe('billing management', () => {
  beforeEach(() => harness.commerce.givePlan(ana.email, 'monthly'));

  it('shows the plan and card, cancels at period end and resumes', async () => {
    await openDashboard();
    const billing = page.getByTestId('billing-management');
    await eventually(() => billing.innerText()).toContain('Plan Mensual');
    expect(await billing.innerText()).toContain('Activo');
    expect(await billing.innerText()).toContain('Se renueva el');
    expect(await billing.getByTestId('card-on-file').innerText()).toContain(
      'Visa terminada en 4242',
    );
    expect(await billing.getByTestId('card-on-file').innerText()).toContain('Vence 12/34');

    await billing.getByRole('button', { name: 'Cancelar' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Cancelar al final del periodo' })
      .click();
    await eventually(() => toast().innerText()).toContain('Suscripción cancelada');
    await eventually(() => billing.innerText()).toContain('Termina el');
    expect(harness.commerce.account(ana.email).plan?.cancelAtPeriodEnd).toBe(true);

    await billing.getByRole('button', { name: 'Reanudar' }).click();
    await eventually(() => toast().innerText()).toContain('Suscripción reanudada');
    await eventually(() => billing.innerText()).toContain('Se renueva el');
    expect(harness.commerce.account(ana.email).plan?.cancelAtPeriodEnd).toBe(false);
  });

  it('changes the plan to annual', async () => {
    await openDashboard();
    const billing = page.getByTestId('billing-management');
    await billing.getByRole('button', { name: 'Cambiar plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cambiar al Plan Anual' }).click();
    await eventually(() => toast().innerText()).toContain('Plan cambiado');
    await eventually(() => billing.innerText()).toContain('Plan Anual');
    expect(harness.commerce.account(ana.email).plan?.planType).toBe('annual');
  });

  it('replaces the card through the sandbox, refusing a declined one', async () => {
    await openDashboard({ person: ana, viewport: viewports.mobile });
    const billing = page.getByTestId('billing-management');
    await billing.getByRole('button', { name: 'Actualizar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
    await dialog.getByLabel(/^Vencimiento/).fill('11/33');
    await dialog.getByLabel(/CVC/).fill('321');
    expect(await seriousViolations(page)).toEqual([]);
    await viewportShot(page, 'commerce-update-card-es-375');
    await dialog.getByRole('button', { name: 'Guardar tarjeta' }).click();
    await eventually(() => toast().innerText()).toContain('No se pudo guardar la tarjeta');
    expect(await toast().innerText()).toContain('Your card was declined.');

    await dialog.getByLabel('Número de tarjeta').fill('5555 5555 5555 4444');
    await dialog.getByRole('button', { name: 'Guardar tarjeta' }).click();
    await eventually(() => toast().innerText()).toContain('Tarjeta actualizada');
    await eventually(() => billing.getByTestId('card-on-file').innerText()).toContain(
      'Mastercard terminada en 4444',
    );
    expect(harness.commerce.sandboxRequests.at(-1)?.path).toMatch(
      /^\/sandbox\/stripe\/v1\/setup_intents\/seti_\w+\/confirm$/,
    );
  });

  it('a plan past due asks for a new card first; the card pays and the plan is active again', async () => {
    harness.commerce.planPastDue(ana.email);
    await openDashboard();
    const billing = page.getByTestId('billing-management');
    const notice = billing.getByTestId('plan-past-due');
    await eventually(() => notice.innerText()).toContain('No pudimos cobrar la renovación');
    expect(await billing.innerText()).toContain('Pago pendiente');
    expect(await billing.getByRole('button', { name: 'Cambiar plan' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await notice.getByRole('button', { name: 'Actualizar tarjeta' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Número de tarjeta').fill('5555 5555 5555 4444');
    await dialog.getByLabel(/^Vencimiento/).fill('11/33');
    await dialog.getByLabel(/CVC/).fill('321');
    await dialog.getByRole('button', { name: 'Guardar tarjeta' }).click();
    await eventually(() => toast().innerText()).toContain('tu plan vuelve a estar activo');
    await eventually(() => billing.getByTestId('plan-past-due').count()).toBe(0);
    expect(harness.commerce.account(ana.email).plan?.status).toBe('active');
  });

  it('fits a phone with a plan, invoices and everything else', async () => {
    harness.commerce.givePurchase(ana.email, 'epistolas-pablo', 2);
    await openDashboard({ person: ana, viewport: viewports.mobile });
    await eventually(() => page.getByTestId('invoices').count()).toBe(1);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-dashboard-owned-es-375');
  });
});

describe('the admin panel', () => {
  it('is not there for customers', async () => {
    harness.commerce.givePurchase(ana.email, 'apocalipsis');
    await openDashboard();
    expect(await page.getByTestId('admin-panel').count()).toBe(0);
    expect(await page.getByText('Panel de administración').count()).toBe(0);
  });

  it('asks an admin without two-step verification to enrol first, instead of offering forms', async () => {
    harness.identity.users.get(root.email)!.twoFactorEnabled = false;
    await openDashboard({ person: root });
    const panel = page.getByTestId('admin-panel');
    await eventually(() => panel.getByTestId('admin-needs-second-factor').innerText()).toContain(
      'activa primero la verificación en dos pasos',
    );
    expect(await panel.getByRole('button', { name: 'Conceder acceso' }).count()).toBe(0);
    expect(await page.getByTestId('two-factor').innerText()).toContain(
      'Activar la verificación en dos pasos',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('grants a tool once e-mail and product are chosen, and says why a grant failed', async () => {
    await openDashboard({ person: root });
    const panel = page.getByTestId('admin-panel');
    const grant = panel.getByRole('button', { name: 'Conceder acceso' });
    expect(await grant.isDisabled()).toBe(true);
    await panel.getByLabel('Correo del usuario').fill('nobody@example.org');
    expect(await grant.isDisabled()).toBe(true);
    await panel.getByTestId('grant-product').click();
    // Every tool and 'all' can be granted.
    expect(await page.getByRole('option').count()).toBe(products.length + 1);
    await page.getByRole('option', { name: 'Todas las herramientas' }).click();
    expect(await grant.isDisabled()).toBe(false);
    await grant.click();
    await eventually(() => toast().innerText()).toContain('Error al conceder acceso');
    expect(await toast().innerText()).toContain(FAKE_TEXTS.unknownUser);

    await panel.getByLabel('Correo del usuario').fill(luis.email);
    await grant.click();
    await eventually(() => toast().innerText()).toContain(FAKE_TEXTS.granted(luis.email));
    // The inputs are cleared for the next grant.
    await eventually(() => panel.getByLabel('Correo del usuario').inputValue()).toBe('');
    expect(harness.commerce.usable(luis.email, 'apocalipsis')?.source.kind).toBe('admin');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-admin-es-1280');
  });

  it('looks a customer up, revokes a grant and refunds a payment', async () => {
    harness.commerce.givePurchase(luis.email, 'apocalipsis', 1);
    const payment = harness.commerce.givePurchase(luis.email, 'diccionario-biblico');
    await openDashboard({ person: root, viewport: viewports.mobile });
    const panel = page.getByTestId('admin-panel');
    await panel.getByLabel('Correo del cliente').fill(luis.email);
    await panel.getByRole('button', { name: 'Buscar' }).click();
    const details = panel.getByTestId('customer-details');
    await eventually(() => details.innerText()).toContain(`${luis.name} (${luis.email})`);
    const text = await details.innerText();
    expect(text).toContain(findProduct('apocalipsis')!.name);
    expect(text).toContain('Compra · De por vida');
    expect(text).toContain('7 días');
    expect(text).toContain('AccessGranted');
    await screenshot(page, 'commerce-admin-lookup-es-375');

    await details
      .getByRole('button', { name: `Revocar el acceso a ${findProduct('apocalipsis')!.name}` })
      .click();
    await eventually(() => toast().innerText()).toContain('Acceso revocado');
    expect(harness.commerce.usable(luis.email, 'apocalipsis')).toBeUndefined();
    await eventually(() => details.innerText()).toContain('Revocado');

    await details
      .getByRole('button', { name: `Reembolsar ${findProduct('diccionario-biblico')!.name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reembolsar el pago' }).click();
    await eventually(() => toast().innerText()).toContain('Reembolso solicitado');
    expect(
      harness.commerce.account(luis.email).payments.find((p) => p.id === payment.id)?.status,
    ).toBe('refunded');
    expect(harness.commerce.usable(luis.email, 'diccionario-biblico')).toBeUndefined();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-admin-after-es-375');
  });
});
