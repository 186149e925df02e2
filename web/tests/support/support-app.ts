import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { User } from '@mia/contracts';
import { launchBrowser, viewports } from './browser';
import { distDir, ensureWebBuilt } from './build';
import { FakeIdentity } from './fake-identity';
import { FakeSupport } from './fake-support';
import { startStaticServer, type StaticServer } from './static-server';

/** The built app served with the fake identity and the fake support API behind it. */
export interface SupportApp {
  server: StaticServer;
  browser: Browser;
  identity: FakeIdentity;
  support: FakeSupport;
  close(): Promise<void>;
}

export async function startSupportApp(): Promise<SupportApp> {
  ensureWebBuilt();
  const identity = new FakeIdentity();
  const support = new FakeSupport(identity);
  const server = await startStaticServer(
    distDir,
    async (req, res, body) =>
      identity.handler(req, res, body) || (await support.handler(req, res, body)),
  );
  const browser = await launchBrowser();
  return {
    server,
    browser,
    identity,
    support,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

let people = 0;

/** A user of the fake identity; `admin` gives them the staff role. */
export function addUser(app: SupportApp, name: string, role: User['role'] = 'user'): User {
  const handle = `${name.toLowerCase().replace(/\W+/g, '')}${++people}`;
  const user = app.identity.addUser({
    name,
    username: handle,
    email: `${handle}@example.org`,
    password: 'secreto1',
  });
  user.role = role;
  // Staff enrolled their authenticator: the console asks for it first.
  user.twoFactorEnabled = role === 'admin';
  return user;
}

interface OpenOptions {
  locale?: 'es' | 'en';
  viewport?: { width: number; height: number };
}

/**
 * A browser context already signed in as `user`: the session is made the way identity's login
 * makes one, so each test starts on its own page rather than on the sign-in screen.
 */
export async function openAs(
  app: SupportApp,
  user: User,
  { locale = 'es', viewport = viewports.desktop }: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const sid = `support-test-${user.id}-${Math.random().toString(36).slice(2)}`;
  app.identity.sessions.set(sid, user.email);
  const context = await app.browser.newContext({
    locale: locale === 'es' ? 'es-PR' : 'en-US',
    viewport,
  });
  // Two shared cores: a lazily loaded page can take a few seconds while others build.
  context.setDefaultTimeout(10_000);
  // With identity's signed-in hint, as a real sign-in leaves it.
  await context.addCookies([
    { name: 'sid', value: sid, url: app.server.url },
    { name: 'mia_signed_in', value: '1', url: app.server.url },
  ]);
  return { context, page: await context.newPage() };
}

/** The text a sighted user reads: without the screen-reader-only prefixes ("Status:"). */
export const visibleText = (locator: Locator): Promise<string> =>
  locator.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

export const allVisibleTexts = async (locator: Locator): Promise<string[]> =>
  Promise.all((await locator.all()).map(visibleText));

/**
 * `expect.poll` with the pages' own patience: vitest's default second is too short for a lazily
 * loaded page on two shared cores.
 */
export const poll = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 10_000, interval: 100, message });

/** Opens a page and waits for its main content; the first load after a build can be slow. */
export async function visitPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('main#main').waitFor({ timeout: 30_000 });
}
