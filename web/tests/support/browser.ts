import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { repoDir } from './build';

/** ENVIRONMENT.md: Debian's Chromium, and no background networking on the closed network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

export const screenshotDir = join(repoDir, '.artifacts', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // Lazy images load only near the viewport; a full-page picture should show them all, so
  // they are switched to eager and given a moment (never forever) to arrive.
  await page.evaluate(async () => {
    const pending = [...document.images].filter((img) => !img.complete || img.loading === 'lazy');
    for (const img of pending) img.loading = 'eager';
    const loaded = Promise.all(
      pending.map(
        (img) =>
          img.complete ||
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
} as const;
