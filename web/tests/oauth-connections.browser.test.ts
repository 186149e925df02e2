import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { screenshot, screenshotDir, viewports } from './support/browser';
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
import type { FakeClient } from './support/fake-connections';

// Issue 23 in the browser: the OAuth consent page and Account Settings' connected apps, against
// the fake identity's OAuth answers (support/fake-connections.ts, per the shared contract).

let harness: CommerceHarness;
let context: BrowserContext;
let page: Page;
let tool: FakeClient;

beforeAll(async () => {
  harness = await startCommerceHarness();
});
afterAll(() => stopCommerceHarness(harness));

beforeEach(() => {
  harness.identity.reset();
  harness.commerce.reset();
  harness.connections.reset();
  addPerson(harness, ana);
  // A name chosen by whoever registered the client: shown as text, never as markup.
  tool = {
    id: 'client-sermones',
    name: 'Asistente <b>Sermones</b>',
    redirectUri: `${harness.server.url}/tool-callback`,
  };
});
afterEach(async () => {
  await context?.close();
  harness.identity.assertContractsKept();
  harness.commerce.assertContractsKept();
  harness.connections.assertContractsKept();
});

const url = (path: string) => `${harness.server.url}${path}`;
const consentUrl = (uid: string) => url(`/oauth/consent/${uid}`);
const consent = () => page.getByTestId('oauth-consent');

/**
 * A screenshot kept by the suite (the whole page, or one part of a long page such as the
 * dashboard), and a copy where people look at this issue's screens when MIA_SHOTS_DIR is set.
 */
async function shot(name: string, part?: Locator) {
  if (part) {
    mkdirSync(screenshotDir, { recursive: true });
    await part.screenshot({ path: join(screenshotDir, `${name}.png`) });
  } else await screenshot(page, name);
  const notes = process.env.MIA_SHOTS_DIR;
  if (notes) {
    mkdirSync(notes, { recursive: true });
    copyFileSync(join(screenshotDir, `${name}.png`), join(notes, `${name}.png`));
  }
}

describe('the consent page', () => {
  for (const locale of ['es', 'en'] as const) {
    it(`asks in ${locale}, at 1280 and 375 px: the tool, what it may do, the account`, async () => {
      const uid = harness.connections.addInteraction(tool);
      ({ context, page } = await openPage(harness, { locale, person: ana }));
      await page.goto(consentUrl(uid));
      const es = locale === 'es';
      await page.getByRole('button', { name: es ? 'Permitir' : 'Allow' }).waitFor();
      const text = await consent().innerText();
      expect(text).toContain(
        es ? 'comprobar tu acceso y contar tus usos' : 'check your access and count your uses',
      );
      expect(text).toContain(ana.email);
      expect(text).toContain(ana.name);
      expect(await page.getByRole('button', { name: es ? 'Cancelar' : 'Cancel' }).count()).toBe(1);
      // The client's name arrives as text: its tags are shown, not obeyed.
      const client = page.getByTestId('consent-client');
      expect(await client.innerText()).toBe('Asistente <b>Sermones</b>');
      expect(await client.locator('b').count()).toBe(0);
      expect(await page.title()).toContain(es ? 'Conectar una herramienta' : 'Connect a tool');
      // One page, both widths: the same document is resized rather than loaded twice.
      for (const viewport of [viewports.desktop, viewports.mobile]) {
        await page.setViewportSize(viewport);
        expect(await sidewaysOverflow(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(`oauth-consent-${locale}-${viewport.width}`);
      }
    });
  }

  it('sends a signed-out visitor to sign in and back, then Permitir goes to the tool with a code', async () => {
    const uid = harness.connections.addInteraction(tool);
    ({ context, page } = await openPage(harness));
    await page.goto(consentUrl(uid));
    await page.waitForURL(url(`/auth?next=${encodeURIComponent(`/oauth/consent/${uid}`)}`));
    await page.getByLabel('Correo electrónico').fill(ana.email);
    await page.getByLabel('Contraseña').fill(ana.password);
    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await page.waitForURL(consentUrl(uid));
    await page.getByRole('button', { name: 'Permitir' }).click();
    await page.waitForURL((address) => address.pathname === '/tool-callback');
    const back = new URL(page.url()).searchParams;
    expect(back.get('code')).toBe(`code-${uid.slice(0, 8)}`);
    expect(back.get('error')).toBeNull();
    expect(harness.connections.grants.map((grant) => grant.client.id)).toEqual([tool.id]);
  });

  it('Cancelar tells the tool access was denied and connects nothing', async () => {
    const uid = harness.connections.addInteraction(tool);
    ({ context, page } = await openPage(harness, { person: ana, locale: 'en' }));
    await page.goto(consentUrl(uid));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((address) => address.pathname === '/tool-callback');
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    expect(harness.connections.grants).toEqual([]);
  });

  it('says so when the request expired while the page was open', async () => {
    const uid = harness.connections.addInteraction(tool);
    ({ context, page } = await openPage(harness, { person: ana, locale: 'en' }));
    await page.goto(consentUrl(uid));
    const allow = page.getByRole('button', { name: 'Allow' });
    await allow.waitFor();
    harness.connections.interactions.delete(uid);
    await allow.click();
    await page.getByTestId('consent-gone').waitFor();
    expect(await consent().innerText()).toContain('This request is no longer valid');
    expect(harness.connections.grants).toEqual([]);
  });

  it('goes to the dashboard, not off-site, after signing in with a foreign ?next=', async () => {
    ({ context, page } = await openPage(harness, { person: ana }));
    await page.goto(url(`/auth?next=${encodeURIComponent('//evil.example/x')}`));
    await page.waitForURL(url('/dashboard'));
  });

  it('does not ask again for a tool the user already allowed', async () => {
    harness.connections.addGrant(ana.email, tool);
    const uid = harness.connections.addInteraction(tool);
    ({ context, page } = await openPage(harness, { person: ana }));
    await page.goto(consentUrl(uid));
    await page.waitForURL((address) => address.pathname === '/tool-callback');
    expect(new URL(page.url()).searchParams.get('code')).toBe(`code-${uid.slice(0, 8)}`);
    expect(harness.connections.grants).toHaveLength(1);
  });

  it('says an unknown or expired request is no longer valid, with a way to the dashboard', async () => {
    ({ context, page } = await openPage(harness, { person: ana, viewport: viewports.mobile }));
    await page.goto(consentUrl('expired-uid'));
    await page.getByTestId('consent-gone').waitFor();
    expect(await consent().innerText()).toContain('Esta solicitud ya no es válida');
    expect(await page.getByRole('link', { name: 'Ir a mi panel' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot('oauth-consent-expired-es-375');
  });
});

describe('Aplicaciones conectadas in Account Settings', () => {
  it('lists the connections and revokes one after a confirmation, then shows the empty state', async () => {
    harness.connections.addGrant(ana.email, tool, {
      connectedAt: '2026-03-02T15:00:00.000Z',
      lastUsedAt: null,
    });
    const claude = harness.connections.addGrant(
      ana.email,
      { id: 'mcp-claude', name: 'Claude', redirectUri: 'http://127.0.0.1:7777/cb' },
      { connectedAt: '2026-04-10T10:00:00.000Z', lastUsedAt: '2026-05-01T09:30:00.000Z' },
    );
    ({ context, page } = await openPage(harness, { person: ana }));
    await page.goto(url('/dashboard'));
    const section = page.getByTestId('connected-apps');
    await eventually(() => section.getByTestId('connected-app').count()).toBe(2);
    const text = await section.innerText();
    expect(text).toContain('Aplicaciones conectadas');
    expect(text).toContain('Asistente <b>Sermones</b>');
    expect(text).toContain('Nunca');
    expect(text).toContain('1 may 2026');
    expect(await page.getByTestId('access-code-oauth-note').innerText()).toContain(
      'no necesitan este código',
    );
    await shot('oauth-connected-apps-es-1280', section);

    await section.getByRole('button', { name: 'Revocar el acceso de Claude' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('¿Revocar el acceso de Claude?');
    expect(await seriousViolations(page)).toEqual([]);
    await shot('oauth-revoke-dialog-es-1280', dialog);
    await dialog.getByRole('button', { name: 'Revocar acceso' }).click();
    await eventually(() => section.getByTestId('connected-app').count()).toBe(1);
    expect(harness.connections.grants.some((grant) => grant.id === claude.id)).toBe(false);

    // Keeping it is the other way out of the confirmation: nothing is revoked.
    await section.getByRole('button', { name: /^Revocar el acceso de Asistente/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mantener' }).click();
    expect(harness.connections.grants).toHaveLength(1);
    await section.getByRole('button', { name: /^Revocar el acceso de Asistente/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revocar acceso' }).click();
    await eventually(() => section.innerText()).toContain('No has conectado ninguna aplicación.');
    expect(harness.connections.grants).toEqual([]);
  });

  it('reads in English at phone width', async () => {
    harness.connections.addGrant(ana.email, tool, { lastUsedAt: null });
    ({ context, page } = await openPage(harness, {
      person: ana,
      locale: 'en',
      viewport: viewports.mobile,
    }));
    await page.goto(url('/dashboard'));
    const section = page.getByTestId('connected-apps');
    await eventually(() => section.getByTestId('connected-app').count()).toBe(1);
    const text = await section.innerText();
    expect(text).toContain('Connected apps');
    expect(text).toContain('Never');
    expect(await page.getByTestId('access-code-oauth-note').innerText()).toContain(
      'do not need this code',
    );
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('oauth-connected-apps-en-375', section);
    await shot(
      'oauth-access-code-note-en-375',
      page.getByTestId('access-code-oauth-note').locator('xpath=../..'),
    );
  });
});
