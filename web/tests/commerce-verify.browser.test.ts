import { findProduct, localizeProduct, products } from '@mia/catalog';
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
} from './support/commerce-harness';

// The public access check (/verify) against a stand-in for access (support/fake-commerce.ts):
// a definite answer needs the user's access code or their session.

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
  addPerson(harness, ana);
  harness.commerce.givePurchase(ana.email, 'mensajes-expositivos');
});
afterEach(async () => {
  await context?.close();
  harness.identity.assertContractsKept();
  harness.commerce.assertContractsKept();
});

const url = (path: string) => `${harness.server.url}${path}`;
const result = () => page.locator('[aria-live="polite"]');

async function open(options: Parameters<typeof openPage>[1] = {}) {
  ({ context, page } = await openPage(harness, options));
  await page.goto(url('/verify'));
  await page.getByRole('button', { name: /^(Verificar Acceso|Verify Access)$/ }).waitFor();
}

async function check(email: string, productId: string, code = '') {
  await page.getByLabel(/^(Correo electrónico|Email)$/).fill(email);
  await page.getByRole('combobox').click();
  await page
    .getByRole('option', { name: localizeProduct(findProduct(productId)!, 'es').name })
    .click();
  await page.getByLabel(/^Código MIA/).fill(code);
  await page.getByRole('button', { name: 'Verificar Acceso' }).click();
}

describe('the access verification page', () => {
  it('asks for both e-mail and product', async () => {
    await open();
    await page.getByRole('button', { name: 'Verificar Acceso' }).click();
    await eventually(() => result().innerText()).toContain(
      'Por favor, ingresa tu email y selecciona un producto.',
    );
  });

  it('answers neutrally without proof, whether or not the account exists', async () => {
    await open();
    await check(ana.email, 'mensajes-expositivos');
    await eventually(() => result().innerText()).toContain('solo confirmamos el acceso');
    const forOwner = await result().innerText();
    await check('nobody@example.org', 'mensajes-expositivos');
    await eventually(() => result().innerText()).toBe(forOwner);
    expect(await result().getByRole('link', { name: 'Iniciar Sesión' }).getAttribute('href')).toBe(
      '/auth',
    );
  });

  it('confirms access with the access code and leads to the dashboard', async () => {
    await open();
    await check(ana.email, 'mensajes-expositivos', harness.commerce.account(ana.email).accessCode);
    await eventually(() => result().innerText()).toContain(
      '¡Acceso verificado! Puedes usar este GPT.',
    );
    // Where a tool opens is not public (access answers it at the dashboard's 'Usar').
    expect(
      await result()
        .getByRole('link', { name: /^Abrir el GPT/ })
        .count(),
    ).toBe(0);
    expect(await result().getByRole('link', { name: 'Ir al Panel' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-verify-granted-es-1280');
  });

  it('says access is missing, with the ways to get it, when the code proves the account', async () => {
    await open({ viewport: viewports.mobile });
    await check(ana.email, 'apocalipsis', harness.commerce.account(ana.email).accessCode);
    await eventually(() => result().innerText()).toContain(
      'No tienes acceso a este GPT. Necesitas comprarlo primero.',
    );
    expect(await result().getByRole('link', { name: 'Comprar Acceso' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await result().getByRole('link', { name: 'Crear una cuenta' }).count()).toBe(1);
    expect(await result().getByRole('link', { name: 'Volver al inicio' }).count()).toBe(1);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'commerce-verify-denied-es-375');
  });

  it('gives a signed-in user a definite answer for their own e-mail, filled in', async () => {
    await open({ person: ana, locale: 'en' });
    await eventually(() => page.getByLabel('Email').inputValue()).toBe(ana.email);
    await page.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Expository Messages' }).click();
    await page.getByRole('button', { name: 'Verify Access' }).click();
    await eventually(() => result().innerText()).toContain(
      'Access verified! You can use this GPT.',
    );
  });

  it('lists every tool in the select and below it', async () => {
    await open();
    await page.getByRole('combobox').click();
    expect(await page.getByRole('option').count()).toBe(products.length);
    await page.keyboard.press('Escape');
    expect(await page.locator('#verify-gpts-title + ul > li').count()).toBe(products.length);
  });
});
