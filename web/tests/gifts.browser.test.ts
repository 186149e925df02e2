import { findProduct, planFor } from '@mia/catalog';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { screenshot, viewports } from './support/browser';
import {
  addPerson,
  ana,
  eventually,
  openPage,
  sidewaysOverflow,
  startCommerceHarness,
  stopCommerceHarness,
  type CommerceHarness,
  type Person,
} from './support/commerce-harness';

// Gifts (issue 25) against the stand-ins (support/fake-churches.ts): buying one, the buyer's list
// and the recipient's claim page, at 1280 and 375 px with axe.

let harness: CommerceHarness;
let context: BrowserContext;
let page: Page;

const pedro: Person = { name: 'Pedro Pastor', email: 'pastor@example.org', password: 'clave123' };
const tool = findProduct('apocalipsis')!;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)} USD`;

beforeAll(async () => {
  harness = await startCommerceHarness();
});
afterAll(() => stopCommerceHarness(harness));

beforeEach(() => {
  harness.identity.reset();
  harness.commerce.reset();
  harness.churches.reset();
  addPerson(harness, ana);
  addPerson(harness, pedro);
});
afterEach(async () => {
  await context?.close();
  harness.identity.assertContractsKept();
  harness.commerce.assertContractsKept();
});

const url = (path: string) => `${harness.server.url}${path}`;
const toast = () => page.getByTestId('toast');

async function open(path: string, options: Parameters<typeof openPage>[1] = { person: ana }) {
  ({ context, page } = await openPage(harness, options));
  await page.goto(url(path));
}

describe('the gift purchase page', () => {
  for (const [width, viewport] of [
    ['1280', viewports.desktop],
    ['375', viewports.mobile],
  ] as const) {
    it(`takes the recipient, a message and a day, then pays like a purchase (${width} px)`, async () => {
      await open('/regalar?producto=apocalipsis', { person: ana, viewport });
      const summary = page.getByTestId('gift-summary');
      await eventually(() => summary.textContent()).toContain(tool.name);
      expect(await summary.textContent()).toContain('Herramienta de por vida');

      await page.getByLabel('Correo de quien lo recibe').fill(pedro.email);
      await page.getByLabel('Mensaje (opcional)').fill('¡Gracias por tu servicio, pastor!');
      await eventually(() => page.getByTestId('message-counter').innerText()).toBe(
        '33 de 500 caracteres',
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await screenshot(page, `gifts-new-es-${width}`);

      // Too long: the counter and the field say so, and nothing is prepared.
      await page.getByLabel('Mensaje (opcional)').fill('x'.repeat(501));
      await page.getByRole('button', { name: 'Continuar al pago' }).click();
      await page.getByText('El mensaje admite hasta 500 caracteres.').waitFor();
      expect(harness.churches.gifts.size).toBe(0);
      await page.getByLabel('Mensaje (opcional)').fill('¡Gracias por tu servicio, pastor!');

      await page.getByRole('button', { name: 'Continuar al pago' }).click();
      await page.getByRole('button', { name: `Pagar ${usd(tool.priceCents)}` }).waitFor();
      const [gift] = [...harness.churches.gifts.values()];
      expect(gift).toMatchObject({
        recipientEmail: pedro.email,
        message: '¡Gracias por tu servicio, pastor!',
        item: { kind: 'product', productId: 'apocalipsis' },
      });

      await page.getByLabel('Nombre', { exact: true }).fill('Ana');
      await page.getByLabel('Apellido', { exact: true }).fill('Ruiz');
      await page.getByLabel('Dirección').fill('Calle Sol 1');
      await page.getByLabel('Ciudad').fill('San Juan');
      await page.getByLabel('Código postal').fill('00901');
      await page.getByRole('button', { name: 'Usar la tarjeta 4242 4242 4242 4242' }).click();
      await page.getByLabel(/^Vencimiento/).fill('1234');
      await page.getByLabel(/CVC/).fill('123');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await page.getByRole('button', { name: `Pagar ${usd(tool.priceCents)}` }).click();

      await eventually(() => toast().innerText()).toContain(
        `Enviaremos el regalo a ${pedro.email}`,
      );
      await page.waitForURL(url('/dashboard'));
      // The buyer was given nothing: the tool is still for sale to them.
      expect(harness.commerce.usable(ana.email, 'apocalipsis')).toBeUndefined();
      await eventually(() => page.getByTestId('sent-gifts').innerText()).toContain('Enviado');
    });
  }

  it('gives a plan period, scheduled for a later day', async () => {
    await open('/regalar?plan=annual');
    const summary = page.getByTestId('gift-summary');
    await eventually(() => summary.textContent()).toContain('Un año del plan anual');
    expect(await page.getByText(usd(planFor('annual').priceCents)).count()).toBeGreaterThan(0);
    await page.getByLabel('Correo de quien lo recibe').fill(pedro.email);
    const later = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    const day = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}`;
    await page.getByLabel('Fecha de envío (opcional)').fill(day);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.getByRole('button', { name: /^Pagar / }).waitFor();
    const [gift] = [...harness.churches.gifts.values()];
    expect(gift!.item).toEqual({ kind: 'plan', plan: 'annual' });
    expect(new Date(gift!.sendAt).getDate()).toBe(later.getDate());
  });

  it('says so for something that is not on sale', async () => {
    await open('/regalar?producto=no-such-tool');
    await page.getByText('Ese regalo no está disponible.').waitFor();
  });

  it('is offered from the dashboard’s tools', async () => {
    await open('/dashboard');
    const link = page.getByRole('link', { name: `Regalar ${tool.name}` });
    await eventually(() => link.getAttribute('href')).toBe('/regalar?producto=apocalipsis');
  });
});

describe('Regalos enviados', () => {
  for (const [width, viewport] of [
    ['1280', viewports.desktop],
    ['375', viewports.mobile],
  ] as const) {
    it(`shows each gift's state, resends it and changes its recipient (${width} px)`, async () => {
      const sent = harness.churches.giveGift(ana.email, { recipientEmail: pedro.email });
      harness.churches.giveGift(ana.email, {
        item: { kind: 'plan', plan: 'monthly' },
        recipientEmail: 'lider@example.org',
        sendAt: new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString(),
      });
      const claimed = harness.churches.giveGift(ana.email, { recipientEmail: 'otra@example.org' });
      claimed.status = 'claimed';
      claimed.claimedAt = new Date().toISOString();

      await open('/dashboard', { person: ana, viewport });
      const list = page.getByTestId('sent-gifts');
      await eventually(() => list.locator('li').count()).toBe(3);
      const text = await list.innerText();
      for (const status of ['Enviado', 'Programado', 'Canjeado']) expect(text).toContain(status);
      expect(text).toContain('Plan Mensual');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await screenshot(page, `gifts-sent-es-${width}`);

      // A claimed gift offers nothing to change.
      const claimedRow = page.getByTestId(`gift-${claimed.giftId}`);
      expect(await claimedRow.getByRole('button').count()).toBe(0);

      const first = sent.token;
      await list.getByRole('button', { name: `Reenviar el regalo a ${pedro.email}` }).click();
      await eventually(() => toast().innerText()).toContain('Enviamos un enlace nuevo');
      expect(sent.token).not.toBe(first);

      await list
        .getByRole('button', { name: `Cambiar el destinatario del regalo para ${pedro.email}` })
        .click();
      await list.getByLabel('Nuevo correo').fill('pastor.nuevo@example.org');
      expect(await seriousViolations(page)).toEqual([]);
      await list.getByRole('button', { name: 'Guardar' }).click();
      await eventually(() => toast().innerText()).toContain(
        'El regalo ahora es para pastor.nuevo@example.org',
      );
      await eventually(() => list.innerText()).toContain('Para pastor.nuevo@example.org');
    });
  }
});

describe('the claim page', () => {
  for (const [width, viewport] of [
    ['1280', viewports.desktop],
    ['375', viewports.mobile],
  ] as const) {
    it(`shows the giver and their message as text, and claims it (${width} px)`, async () => {
      const gift = harness.churches.giveGift(ana.email, {
        recipientEmail: pedro.email,
        message: 'Gracias, pastor.\n<b>Dios le bendiga</b>',
      });
      await open(`/regalo?token=${gift.token}`, { person: pedro, viewport });
      const card = page.getByTestId('gift-claim');
      await eventually(() => card.innerText()).toContain(`${ana.name} te hizo un regalo.`);
      expect(await card.innerText()).toContain(tool.name);
      // Markup in the message reads as typed, never as markup.
      const message = page.getByTestId('gift-message');
      expect(await message.innerText()).toContain('<b>Dios le bendiga</b>');
      expect(await message.locator('b').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await screenshot(page, `gifts-claim-es-${width}`);

      await page.getByRole('button', { name: 'Canjear regalo' }).click();
      await page.waitForURL(url('/dashboard'));
      await eventually(() => toast().innerText()).toContain('¡Regalo canjeado!');
      await eventually(() => page.getByTestId('tool-apocalipsis').innerText()).toContain('Regalo');
    });
  }

  it('tells a recipient who already owned the tool', async () => {
    harness.commerce.givePurchase(pedro.email, 'apocalipsis');
    const gift = harness.churches.giveGift(ana.email, { recipientEmail: pedro.email });
    await open(`/regalo?token=${gift.token}`, { person: pedro });
    await page.getByRole('button', { name: 'Canjear regalo' }).click();
    await page
      .getByTestId('gift-claimed')
      .getByText('Ya tenías esta herramienta.', { exact: false })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('guides a signed-out visitor to sign in or register with the address', async () => {
    const gift = harness.churches.giveGift(ana.email, { recipientEmail: pedro.email });
    await open(`/regalo?token=${gift.token}`, {});
    await page.getByText(`Inicia sesión con ${pedro.email} para canjearlo.`).waitFor();
    const next = encodeURIComponent(`/regalo?token=${gift.token}`);
    expect(await page.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe(
      `/auth?next=${next}`,
    );
    expect(await page.getByRole('link', { name: 'Crear una cuenta' }).getAttribute('href')).toBe(
      `/auth?next=${next}&mode=register`,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('says clearly when the gift was already claimed or the link is unknown', async () => {
    const gift = harness.churches.giveGift(ana.email, { recipientEmail: pedro.email });
    gift.status = 'claimed';
    await open(`/regalo?token=${gift.token}`, { person: pedro });
    await page.getByText('Este regalo ya se canjeó', { exact: false }).waitFor();
    await page.goto(url('/regalo?token=nada'));
    await page.getByText('No encontramos este regalo. Revisa el enlace.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
