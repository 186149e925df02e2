import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, screenshot, viewports } from './support/browser';
import { distDir, ensureWebBuilt } from './support/build';
import { sendJson, startStaticServer, type StaticServer } from './support/static-server';

// 90 UTC days ending today: mostly clean, one bad day for payments, the oldest without probes.
const DAY = 24 * 60 * 60 * 1000;
const days = (bad: boolean) =>
  Array.from({ length: 90 }, (_, i) => ({
    date: new Date(Date.now() - (89 - i) * DAY).toISOString().slice(0, 10),
    availability: i < 10 ? null : bad && i === 88 ? 0.5 : 1,
  }));

const answer = {
  updatedAt: new Date().toISOString(),
  services: [
    { name: 'gpt-access', status: 'operational' },
    { name: 'authentication', status: 'maintenance' },
    { name: 'payments', status: 'incident' },
    // A value this build does not know: shown as operational (spec section 4).
    { name: 'website', status: 'degraded' },
    { name: 'dashboard', status: 'operational' },
  ],
  incidents: [
    {
      id: 'a1',
      type: 'incident',
      title: 'Pagos rechazados <img src=x onerror="window.__xss=1">',
      body: 'Investigamos errores al pagar.\nTe avisaremos aquí.',
      services: ['payments'],
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
    },
  ],
  uptime: ['gpt-access', 'authentication', 'payments', 'website', 'dashboard'].map((name) => ({
    name,
    days: days(name === 'payments'),
  })),
};

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startStaticServer(distDir, (req, res) =>
    req.url === '/api/status' ? sendJson(res, 200, answer) : false,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each([
  { locale: 'es', browserLocale: 'es-PR', states: ['Operativo', 'En mantenimiento', 'Incidente'] },
  {
    locale: 'en',
    browserLocale: 'en-US',
    states: ['Operational', 'Under maintenance', 'Incident'],
  },
] as const)('/status in $locale', ({ locale, browserLocale, states }) => {
  it('shows each row’s live state, the incident as text and 90 labelled bars per service', async () => {
    const context = await browser.newContext({
      locale: browserLocale,
      viewport: viewports.desktop,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/status`);
    const row = (key: string) => page.locator(`[data-service="${key}"]`);
    await expect.poll(() => row('payments').getAttribute('data-state')).toBe('incident');
    expect(await row('authentication').getAttribute('data-state')).toBe('maintenance');
    expect(await row('website').getAttribute('data-state')).toBe('operational');
    expect(await row('payments').innerText()).toContain(states[2]);
    expect(await row('authentication').innerText()).toContain(states[1]);
    expect(await row('website').innerText()).toContain(states[0]);

    // Staff text is shown as typed, never run as HTML.
    await expect
      .poll(() => page.getByText('Pagos rechazados <img src=x onerror="window.__xss=1">').count())
      .toBe(1);
    expect(await page.evaluate(() => 'xss' in window || '__xss' in window)).toBe(false);

    const bars = page.locator('[data-uptime="payments"] ol > li');
    expect(await bars.count()).toBe(90);
    const labels = await bars.evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
    expect(labels.every((text) => text.length > 5)).toBe(true);
    expect(labels[88]).toMatch(/50\s?%/);
    expect(
      await page.locator('[data-uptime="payments"] ol').getAttribute('aria-label'),
    ).toBeTruthy();

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `status-live-${locale}-1280`);
    await page.setViewportSize(viewports.mobile);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no horizontal scrolling at 375 px').toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `status-live-${locale}-375`);
    await context.close();
  });
});
