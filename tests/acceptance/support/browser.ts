import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, expect, type TestContext } from 'vitest';
import type { ApiClient } from './api.js';
import { target } from './context.js';
import { chromiumPath, resultsDir } from './target.js';

/**
 * Debian's Chromium headless, without the background traffic it would send on a closed network
 * (the same flags as web/tests/support/browser.ts; this suite also runs in its own image, which
 * has no web/ folder).
 */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const screenshotDir = join(resultsDir, 'screenshots');

/** A page stood in for anything outside the target (the tools' external chat links, fonts). */
const OUTSIDE_PAGE =
  '<!doctype html><html lang="en"><title>Outside the target</title>' +
  '<p>The acceptance suite does not leave the deployment under test.</p></html>';

/**
 * The suite checks the target only: requests elsewhere never leave the browser. Navigations get
 * a stand-in page (so a tab opened on a tool's external link still lands on that URL), other
 * requests are refused. The deployment's own public origin is the target too, whichever
 * address the tester used: its requests are served from that address (the tab keeps the URL
 * the deployment gave it; the target may not even be reachable under its public name, as in
 * compose's acceptance container).
 */
async function keepOnTarget(
  context: BrowserContext,
  origin: string,
  publicOrigin: string,
): Promise<void> {
  await context.route(
    (url) => url.origin !== origin,
    async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === publicOrigin) {
        // Redirects go back to the browser as they are (its next request comes here again):
        // followed here, the last page would be served under the first address.
        const served = await route.fetch({
          url: `${origin}${url.pathname}${url.search}`,
          maxRedirects: 0,
        });
        return route.fulfill({ response: served });
      }
      return route.request().isNavigationRequest()
        ? route.fulfill({ status: 200, contentType: 'text/html', body: OUTSIDE_PAGE })
        : route.abort('blockedbyclient');
    },
  );
}

const fileSafe = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

async function screenshotAll(ctx: TestContext, contexts: BrowserContext[]): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = basename(ctx.task.file.name).replace(/\.acceptance\.test\.ts$/, '');
  const pages = contexts.flatMap((c) => c.pages());
  await Promise.all(
    pages.map(async (page, index) => {
      const path = join(screenshotDir, `${fileSafe(`${file}-${ctx.task.name}`)}-${index + 1}.png`);
      await page.screenshot({ path, fullPage: true, timeout: 10_000 }).then(
        () => console.error(`screenshot of the failure: ${path} (${page.url()})`),
        (err: Error) => console.error(`no screenshot of ${page.url()}: ${err.message}`),
      );
    }),
  );
}

export interface Browsing {
  /**
   * A new browser context (Spanish, desktop size) with the client's session when given, and a
   * page in it. Closed after the test; screenshots of its pages land in the results folder when
   * the test failed.
   */
  open(api?: ApiClient): Promise<Page>;
}

/** One Chromium per file, started at the first page a test opens. */
export function useBrowser(): Browsing {
  let browser: Promise<Browser> | undefined;
  const open: BrowserContext[] = [];

  afterEach(async (ctx) => {
    const contexts = open.splice(0);
    if (ctx.task.result?.state === 'fail') await screenshotAll(ctx, contexts);
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await (await browser?.catch(() => undefined))?.close();
  });

  return {
    async open(api) {
      browser ??= chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      const context = await (
        await browser
      ).newContext({
        baseURL: target().baseUrl,
        locale: 'es-PR',
        viewport: { width: 1280, height: 800 },
      });
      open.push(context);
      context.setDefaultTimeout(20_000);
      await keepOnTarget(context, new URL(target().baseUrl).origin, target().publicOrigin);
      // Signed in under both names of the target: pages the deployment links to its public
      // origin (an OAuth consent, a tool's stand-in) keep the session.
      const { publicOrigin } = target();
      if (api) {
        const both = publicOrigin !== new URL(target().baseUrl).origin;
        await context.addCookies([
          ...api.browserCookies(),
          ...(both ? api.browserCookies(publicOrigin) : []),
        ]);
      }
      return context.newPage();
    },
  };
}

/** The app's toast (one at a time, spec section 9). */
export const toast = (page: Page) => page.getByTestId('toast');

/** `expect.poll` with room for a loaded machine: the condition still has to come true. */
export const eventually = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 20_000, interval: 200, message });
