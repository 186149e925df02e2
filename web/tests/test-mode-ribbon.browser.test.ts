import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, screenshot, viewports } from './support/browser';
import { distDir, ensureWebBuilt } from './support/build';
import { sendJson, startStaticServer, type StaticServer } from './support/static-server';

// The deployment says whether payments are make-believe in billing's public config; the app
// shows a ribbon on every page then, and nothing otherwise.
let testMode = true;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startStaticServer(distDir, (req, res) => {
    if (req.method !== 'GET' || !req.url?.startsWith('/api/billing/config')) return false;
    return sendJson(res, 200, { sandbox: testMode, publishableKey: 'pk_test_x', testMode });
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const ribbonText = { es: 'Modo de prueba', en: 'Test mode' } as const;

describe.each(['es', 'en'] as const)('the test-mode ribbon in %s', (locale) => {
  it('shows on every page of a test-mode deployment, passes axe and fits 1280 and 375 px', async () => {
    testMode = true;
    const context = await browser.newContext({
      locale: locale === 'es' ? 'es-PR' : 'en-US',
      viewport: viewports.desktop,
    });
    try {
      const page = await context.newPage();
      for (const path of ['/', '/auth']) {
        await page.goto(server.url + path);
        const ribbon = page.getByTestId('test-mode-ribbon');
        await expect.poll(() => ribbon.innerText()).toContain(ribbonText[locale]);
        expect(await ribbon.isVisible()).toBe(true);
        expect(await ribbon.getAttribute('aria-label')).toBeTruthy();
        await expect.poll(() => page.title()).not.toBe('');
      }
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `test-mode-ribbon-${locale}-1280`);
      await page.setViewportSize(viewports.mobile);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
      expect(await page.getByTestId('test-mode-ribbon').isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `test-mode-ribbon-${locale}-375`);
    } finally {
      await context.close();
    }
  });

  it('is absent when the deployment takes real payments', async () => {
    testMode = false;
    const context = await browser.newContext({ locale: locale === 'es' ? 'es-PR' : 'en-US' });
    try {
      const page = await context.newPage();
      const config = page.waitForResponse((r) => r.url().endsWith('/api/billing/config'));
      await page.goto(server.url + '/');
      await (await config).finished();
      await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('test-mode-ribbon').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
