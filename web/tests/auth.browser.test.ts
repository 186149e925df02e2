import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type TestSystem } from '../../tests/support/system.js';
import { launchBrowser, screenshot } from './support/browser';

// The identity journey through the real system (gateway + services, started as `npm start` does):
// register, sign out, a failed sign-in, sign in, forgot password with the mailed link, reset, and
// sign in with the new password.

let system: TestSystem;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const email = `pastor.${Date.now()}@example.org`;
const password = 'primera-clave';
const newPassword = 'segunda-clave';

beforeAll(async () => {
  system = await startSystem();
  browser = await launchBrowser();
  context = await browser.newContext({ locale: 'es-PR', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

const title = () => page.getByTestId('auth-title').innerText();
const toast = () => page.getByTestId('toast');
const url = (path: string) => `${system.baseUrl}${path}`;

/** The reset token of the newest mail identity wrote for `to` (MAIL_DIR, no SMTP in tests). */
async function mailedResetToken(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(system.mailDir).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse();
    for (const name of files) {
      const mail = JSON.parse(await readFile(join(system.mailDir, name), 'utf8')) as {
        to: string;
        token?: string;
        resetUrl?: string;
      };
      if (mail.to !== to) continue;
      const token = mail.token ?? new URL(mail.resetUrl ?? 'http://x/').searchParams.get('token');
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${to} in ${system.mailDir}`);
}

async function signIn(secret: string) {
  await page.goto(url('/auth'));
  await expect.poll(title).toBe('Iniciar Sesión');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(secret);
  await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
}

async function signOut() {
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await page.waitForURL(url('/'));
  await expect
    .poll(() =>
      page.getByRole('link', { name: 'Iniciar Sesión' }).filter({ visible: true }).count(),
    )
    .toBe(1);
}

describe('identity journey against the real system', () => {
  it('registers and lands on the dashboard, signed in', async () => {
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Comenzar', exact: true }).first().click();
    await page.waitForURL(url('/auth'));
    await page.getByRole('button', { name: 'Regístrate' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill('Marta Ríos');
    await page.getByLabel('Nombre de usuario').fill(`marta${Date.now()}`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByLabel('Confirmar contraseña').fill(password);
    await page.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await page.waitForURL(url('/dashboard'));
    await expect.poll(() => page.getByTestId('welcome').innerText()).toBe('Bienvenido, Marta Ríos');
    await screenshot(page, 'journey-dashboard-es-1280');

    // The session survives a reload (the cookie, not memory, holds it).
    await page.reload();
    await expect.poll(() => page.getByTestId('welcome').innerText()).toBe('Bienvenido, Marta Ríos');
  });

  it('signs out, and the private pages send the visitor to /auth again', async () => {
    await signOut();
    await page.goto(url('/dashboard'));
    await page.waitForURL(url('/auth'));
  });

  it('refuses a wrong password with a "Login failed" toast', async () => {
    await signIn('not-the-password');
    await expect.poll(() => toast().innerText()).toContain('Error al iniciar sesión');
    expect(page.url()).toBe(url('/auth'));
  });

  it('signs in with the e-mail and password', async () => {
    await signIn(password);
    await page.waitForURL(url('/dashboard'));
    await signOut();
  });

  it('resets a forgotten password through the mailed link', async () => {
    await page.goto(url('/auth'));
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Enviar Enlace' }).click();
    await expect.poll(() => toast().innerText()).toContain('Enlace de restablecimiento enviado');

    const token = await mailedResetToken(email);
    await page.goto(url(`/auth?token=${encodeURIComponent(token)}`));
    await expect.poll(title).toBe('Nueva Contraseña');
    await expect.poll(() => page.url()).toBe(url('/auth'));
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmar nueva contraseña').fill(newPassword);
    await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
    await expect.poll(() => toast().innerText()).toContain('Contraseña restablecida');
    await expect.poll(title).toBe('Iniciar Sesión');

    await signIn(password);
    await expect.poll(() => toast().innerText()).toContain('Error al iniciar sesión');
    await signIn(newPassword);
    await page.waitForURL(url('/dashboard'));
  });

  it('does not accept the same reset link twice', async () => {
    await signOut();
    const token = await mailedResetToken(email);
    await page.goto(url(`/auth#reset=${encodeURIComponent(token)}`));
    await expect.poll(title).toBe('Nueva Contraseña');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('tercera-clave');
    await page.getByLabel('Confirmar nueva contraseña').fill('tercera-clave');
    await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
    await expect.poll(() => toast().innerText()).toContain('Error al restablecer la contraseña');
  });
});
