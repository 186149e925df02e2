import { brand, products } from '@mia/catalog';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESET_TOKEN_MESSAGES } from '../../services/identity/src/password-reset/reset-password.js';
import { EMAIL_TAKEN_MESSAGE } from '../../services/identity/src/users/register.js';
import { seriousViolations } from './support/axe';
import { launchBrowser, screenshot, viewports } from './support/browser';
import { distDir, ensureWebBuilt } from './support/build';
import { FakeIdentity } from './support/fake-identity';
import { startStaticServer, type StaticServer } from './support/static-server';

// The auth screen and the sign-in guard against a stand-in identity API (see fake-identity.ts).

let identity: FakeIdentity;
let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ensureWebBuilt();
  identity = new FakeIdentity();
  server = await startStaticServer(distDir, (req, res, body) => identity.handler(req, res, body));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(
  locale: 'es' | 'en',
  viewport: { width: number; height: number } = viewports.desktop,
) {
  context = await browser.newContext({ locale: locale === 'es' ? 'es-PR' : 'en-US', viewport });
  // Two shared cores: a lazily loaded screen can take a few seconds while others build.
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
}

beforeEach(() => identity.reset());
afterEach(async () => {
  await context?.close();
  identity.assertContractsKept();
});

const title = () => page.getByTestId('auth-title').innerText();
const toast = () => page.getByTestId('toast');

describe('registering', () => {
  it('shows every rule of spec section 5 in English, word for word', async () => {
    await open('en');
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(title).toBe('Create Account');
    await page.getByLabel('Name', { exact: true }).fill('A');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
      'You must accept the terms and conditions',
    ]) {
      await expect
        .poll(() => page.getByText(message, { exact: true }).count(), { message })
        .toBe(1);
    }
    await page.getByLabel('Password', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText("Passwords don't match").count()).toBe(1);
    expect(await page.getByLabel('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'auth-register-errors-en-1280');
  });

  it('shows the same rules in Spanish', async () => {
    await open('es', viewports.mobile);
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Regístrate' }).click();
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    for (const message of [
      'El nombre debe tener al menos 2 caracteres',
      'Por favor, ingresa un correo electrónico válido',
      'Debes aceptar los términos y condiciones',
    ]) {
      await expect
        .poll(() => page.getByText(message, { exact: true }).count(), { message })
        .toBe(1);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'auth-register-errors-es-375');
  });

  it('creates the account, lands on the dashboard and signs out again', async () => {
    await open('es');
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Regístrate' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill('Ana Pastora');
    await page.getByLabel('Nombre de usuario').fill('anapastora');
    await page.getByLabel('Correo electrónico').fill('ana@example.org');
    await page.getByLabel('Contraseña', { exact: true }).fill('secreto1');
    await page.getByLabel('Confirmar contraseña').fill('secreto1');
    await page.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();

    await page.waitForURL(`${server.url}/dashboard`);
    await expect
      .poll(() => page.getByTestId('welcome').innerText())
      .toBe('Bienvenido, Ana Pastora');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(await page.title()).toBe(`Panel | ${brand.name}`);

    // Signed in, the auth screen sends the user on to the dashboard.
    await page.goto(`${server.url}/auth`);
    await page.waitForURL(`${server.url}/dashboard`);

    // The landing page greets the user and its buttons lead to checkout.
    await page.goto(server.url);
    await expect
      .poll(() => page.getByText('Bienvenido, Ana Pastora').filter({ visible: true }).count())
      .toBe(1);
    const buy = page.getByRole('link', { name: /^Comprar Ahora/ }).first();
    expect(await buy.getAttribute('href')).toBe(`/checkout/${products[0]!.id}`);
    expect(await page.getByRole('link', { name: 'Elegir Plan Anual' }).getAttribute('href')).toBe(
      '/checkout/annual-subscription',
    );
    expect(
      await page.getByRole('link', { name: 'Comenzar Prueba Gratuita' }).getAttribute('href'),
    ).toBe('/start-trial');

    await page.getByRole('link', { name: 'Panel' }).click();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect
      .poll(() =>
        page.getByRole('link', { name: 'Iniciar Sesión' }).filter({ visible: true }).count(),
      )
      .toBe(1);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/auth`);
  });

  it('says why a registration failed', async () => {
    identity.addUser({ name: 'Ana', username: 'ana', email: 'ana@example.org', password: 'x' });
    await open('en');
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Ana');
    await page.getByLabel('Username').fill('ana2');
    await page.getByLabel('Email').fill('ana@example.org');
    await page.getByLabel('Password', { exact: true }).fill('secreto1');
    await page.getByLabel('Confirm password').fill('secreto1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toast().innerText()).toContain('Registration failed');
    expect(await toast().innerText()).toContain(EMAIL_TAKEN_MESSAGE);
  });
});

describe('signing in', () => {
  it('asks an account with two-step verification for its code, refuses a wrong one, then signs in', async () => {
    identity.addUser({
      name: 'Marta',
      username: 'marta',
      email: 'marta@example.org',
      password: 'clave123',
      secondFactorCode: '246810',
    });
    for (const locale of ['es', 'en'] as const) {
      await open(locale);
      await page.goto(`${server.url}/auth`);
      const es = locale === 'es';
      await page.getByLabel(es ? 'Correo electrónico' : 'Email').fill('marta@example.org');
      await page.getByLabel(es ? 'Contraseña' : 'Password').fill('clave123');
      await page
        .getByRole('button', { name: es ? 'Iniciar Sesión' : 'Sign In', exact: true })
        .click();
      // No session yet: the code step, in the visitor's language.
      await expect.poll(title).toBe(es ? 'Verificación en dos pasos' : 'Two-step verification');
      expect(page.url()).toBe(`${server.url}/auth`);
      expect(await seriousViolations(page)).toEqual([]);
      const code = page.getByLabel(es ? 'Código' : 'Code', { exact: true });
      const verify = page.getByRole('button', { name: es ? 'Verificar' : 'Verify' });
      await code.fill('12');
      await verify.click();
      await expect
        .poll(() => page.getByTestId('second-factor-form').innerText())
        .toContain(es ? 'Escribe los 6 dígitos' : 'Enter the 6 digits');
      await code.fill('135790');
      await verify.click();
      await expect
        .poll(() => page.getByTestId('second-factor-form').innerText())
        .toContain(es ? 'El código no es válido' : 'That code is not valid');
      await code.fill('246810');
      await verify.click();
      await page.waitForURL(`${server.url}/dashboard`);
      await context.close();
    }
  });

  it('raises a "Login failed" toast with the server message, one toast at a time', async () => {
    await open('en');
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill('nobody@example.org');
    await page.getByLabel('Password').fill('secreto1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => toast().innerText()).toContain('Login failed');
    expect(await toast().innerText()).toContain('Invalid email or password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => toast().count()).toBe(1);
    // The second toast replaces the first with an animation; measure it once it is on screen.
    await toast().waitFor({ state: 'visible' });
    let box: { width: number } | null = null;
    await expect.poll(async () => (box = await toast().boundingBox())).not.toBeNull();
    expect(box!.width).toBeLessThanOrEqual(420);
    expect(await toast().count()).toBe(1);
    await screenshot(page, 'auth-login-failed-en-1280');
  });

  it('signs in with the e-mail and goes to the dashboard', async () => {
    identity.addUser({
      name: 'Luis',
      username: 'luis',
      email: 'luis@example.org',
      password: 'clave123',
    });
    await open('es');
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Correo electrónico').fill('luis@example.org');
    await page.getByLabel('Contraseña').fill('clave123');
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await expect.poll(() => page.getByTestId('welcome').innerText()).toBe('Bienvenido, Luis');
  });

  it('keeps the user signed in and says so when signing out fails', async () => {
    identity.addUser({
      name: 'Luis',
      username: 'luis',
      email: 'luis@example.org',
      password: 'clave123',
    });
    identity.failLogout = true;
    await open('en');
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill('luis@example.org');
    await page.getByLabel('Password').fill('clave123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => toast().innerText()).toContain('Logout failed');
    // Identity's answer when its store is out of reach: a 500 with no detail.
    expect(await toast().innerText()).toContain('Internal server error');
    expect(page.url()).toBe(`${server.url}/dashboard`);
  });

  it('shows a spinner, then the sign-in screen, for a private page', async () => {
    await open('es');
    await page.goto(`${server.url}/support/tickets`);
    await page.waitForURL(`${server.url}/auth`);
    await expect.poll(title).toBe('Iniciar Sesión');
  });
});

describe('password reset', () => {
  it('goes from forgot-password to set-new-password with the answer’s token, then back', async () => {
    identity.addUser({
      name: 'Eva',
      username: 'eva',
      email: 'eva@example.org',
      password: 'vieja123',
    });
    await open('en');
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect.poll(title).toBe('Reset Password');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reset Password');
    await page.getByLabel('Email').fill('eva@example.org');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => toast().innerText()).toContain('Reset Link Sent');

    await expect.poll(title).toBe('Set New Password');
    expect(await page.getByLabel('Reset token').inputValue()).toMatch(/^reset-/);
    await page.getByLabel('New password', { exact: true }).fill('nueva123');
    await page.getByLabel('Confirm new password').fill('nueva123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => toast().innerText()).toContain('Password Reset Successful');
    expect(await toast().innerText()).toContain(
      'Your password has been reset. You can now log in with your new password.',
    );
    await expect.poll(title).toBe('Sign In');

    await page.getByLabel('Email').fill('eva@example.org');
    await page.getByLabel('Password').fill('nueva123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it('goes back to sign in from forgot-password', async () => {
    await open('en');
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect.poll(title).toBe('Sign In');
  });

  it.each([
    ['?token=', (token: string) => `/auth?token=${token}`],
    ['#reset=', (token: string) => `/auth#reset=${token}`],
    ['a bare hash', (token: string) => `/auth#${token}`],
  ])('takes the token from %s, hides the field and cleans the address', async (_, link) => {
    identity.addUser({
      name: 'Eva',
      username: 'eva',
      email: 'eva@example.org',
      password: 'vieja123',
    });
    const token = 'mailed-token-0123456789abcdef';
    identity.addResetToken(token, 'eva@example.org');
    await open('es');
    await page.goto(server.url + link(token));
    await expect.poll(title).toBe('Nueva Contraseña');
    await expect.poll(() => page.url()).toBe(`${server.url}/auth`);
    expect(await page.getByLabel('Código de restablecimiento').count()).toBe(0);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('nueva123');
    await page.getByLabel('Confirmar nueva contraseña').fill('nueva123');
    await page.getByRole('button', { name: 'Restablecer Contraseña' }).click();
    await expect.poll(() => toast().innerText()).toContain('Contraseña restablecida');
    await expect.poll(title).toBe('Iniciar Sesión');
    expect(identity.users.get('eva@example.org')?.password).toBe('nueva123');
  });

  it('ignores a short bare hash and reports a rejected token', async () => {
    await open('en');
    await page.goto(`${server.url}/auth#short`);
    await expect.poll(title).toBe('Sign In');
    await page.goto(`${server.url}/auth?token=not-a-real-token`);
    await expect.poll(title).toBe('Set New Password');
    await page.getByLabel('New password', { exact: true }).fill('nueva123');
    await page.getByLabel('Confirm new password').fill('nueva123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => toast().innerText()).toContain('Reset Failed');
    expect(await toast().innerText()).toContain(RESET_TOKEN_MESSAGES.invalid);
  });

  it('says when a reset link was used already', async () => {
    identity.addUser({ name: 'Eva', username: 'eva', email: 'eva@example.org', password: 'x' });
    identity.addResetToken('spent-token-0123456789abcdef', 'eva@example.org', 'used');
    await open('en');
    await page.goto(`${server.url}/auth?token=spent-token-0123456789abcdef`);
    await expect.poll(title).toBe('Set New Password');
    await page.getByLabel('New password', { exact: true }).fill('nueva123');
    await page.getByLabel('Confirm new password').fill('nueva123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => toast().innerText()).toContain(RESET_TOKEN_MESSAGES.used);
  });
});

describe('the four modes', () => {
  // One picture per mode and width, for the review of layouts (kept in .artifacts).
  for (const [width, viewport] of Object.entries(viewports)) {
    it(`renders sign in, register, forgot password and set new password at ${width} width`, async () => {
      await open('es', viewport);
      await page.goto(`${server.url}/auth`);
      await expect.poll(title).toBe('Iniciar Sesión');
      await screenshot(page, `auth-mode-sign-in-es-${viewport.width}`);

      await page.getByRole('button', { name: 'Regístrate' }).click();
      await expect.poll(title).toBe('Crear Cuenta');
      await screenshot(page, `auth-mode-register-es-${viewport.width}`);

      await page.getByRole('button', { name: 'Inicia sesión' }).click();
      await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
      await expect.poll(title).toBe('Recuperar Contraseña');
      await screenshot(page, `auth-mode-forgot-es-${viewport.width}`);

      // A reset link opens as a fresh page load (from the mail), not as a hash change.
      await page.goto('about:blank');
      await page.goto(`${server.url}/auth#reset=${'t'.repeat(43)}`);
      await expect.poll(title).toBe('Nueva Contraseña');
      await screenshot(page, `auth-mode-set-password-es-${viewport.width}`);
    });
  }
});
