import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshotDir, viewports } from './browser';
import { distDir, ensureWebBuilt } from './build';
import { startCommerceServer } from './commerce-server';
import { FakeChurches } from './fake-churches';
import { FakeCommerce } from './fake-commerce';
import { FakeConnections } from './fake-connections';
import { FakeIdentity } from './fake-identity';
import type { StaticServer } from './static-server';

export interface CommerceHarness {
  identity: FakeIdentity;
  commerce: FakeCommerce;
  /** Identity's OAuth consent and connected apps (issue 23). */
  connections: FakeConnections;
  /** Issue 25's team plans and gifts. */
  churches: FakeChurches;
  server: StaticServer;
  browser: Browser;
  root: string;
}

/**
 * The built app against the fake identity and commerce APIs, and a browser to drive it. The app
 * is served from a private copy of web/dist: another build of the shared folder (it empties
 * itself first) must not pull the pages away mid-test.
 */
export async function startCommerceHarness(): Promise<CommerceHarness> {
  const root = await copyBuiltApp();
  const identity = new FakeIdentity();
  const commerce = new FakeCommerce(identity);
  const connections = new FakeConnections(identity);
  const churches = new FakeChurches(identity, commerce);
  const server = await startCommerceServer(root, identity, commerce, connections, churches);
  const browser = await launchBrowser();
  return { identity, commerce, connections, churches, server, browser, root };
}

export async function stopCommerceHarness(harness: CommerceHarness | undefined): Promise<void> {
  await harness?.browser.close();
  await harness?.server.close();
  if (harness) rmSync(harness.root, { recursive: true, force: true });
}

/** Whether the copy holds index.html and every script and style it names. */
function complete(root: string): boolean {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].every((match) =>
    existsSync(join(root, match[1]!)),
  );
}

/**
 * Builds web/dist when stale and copies it. Another session may be rebuilding the shared
 * folder at that very moment (a build empties it first), so a copy missing files is retried.
 */
async function copyBuiltApp(): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    ensureWebBuilt();
    const root = mkdtempSync(join(tmpdir(), 'mia-commerce-dist-'));
    try {
      cpSync(distDir, root, { recursive: true });
    } catch {
      // A file vanished mid-copy: the check below fails and the copy is made again.
    }
    if (complete(root)) return root;
    rmSync(root, { recursive: true, force: true });
    if (attempt === 5) throw new Error(`web/dist stayed incomplete after ${attempt} copies`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

/**
 * `expect.poll` with room for a loaded machine (its default gives up after one second); the
 * condition still has to come true, so a missing text fails as before, only later.
 */
export const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 15_000, interval: 100 });

let sessions = 0;

export interface Person {
  name: string;
  email: string;
  password: string;
  role?: 'user' | 'admin';
}

export const ana: Person = { name: 'Ana Pastora', email: 'ana@example.org', password: 'clave123' };
export const root: Person = {
  name: 'Admin MIA',
  email: 'admin@example.org',
  password: 'clave123',
  role: 'admin',
};

/** Registers the person with the fake identity (role included). */
export function addPerson(harness: CommerceHarness, person: Person) {
  const user = harness.identity.addUser({
    name: person.name,
    username: person.email.split('@')[0]!,
    email: person.email,
    password: person.password,
  });
  user.role = person.role ?? 'user';
  // Staff enrolled their authenticator (the admin panel asks for it first); the pages open
  // with a session cookie, so the code step never comes up here.
  user.twoFactorEnabled = user.role === 'admin';
  return user;
}

/**
 * A browser context in the locale and width asked for, signed in as `person` (a session the
 * fake identity knows, as its cookie), or signed out without one.
 */
export async function openPage(
  harness: CommerceHarness,
  {
    locale = 'es',
    viewport = viewports.desktop,
    person,
  }: {
    locale?: 'es' | 'en';
    viewport?: { width: number; height: number };
    person?: Person;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.browser.newContext({
    locale: locale === 'es' ? 'es-PR' : 'en-US',
    viewport,
  });
  context.setDefaultTimeout(15_000);
  if (person) {
    const sid = `commerce-${++sessions}`;
    harness.identity.sessions.set(sid, person.email);
    // With identity's signed-in hint, as a real sign-in leaves it.
    await context.addCookies([
      { name: 'sid', value: sid, url: harness.server.url },
      { name: 'mia_signed_in', value: '1', url: harness.server.url },
    ]);
  }
  const page = await context.newPage();
  return { context, page };
}

/**
 * Elements that stick out past the right edge of the viewport (the page scrolls sideways), as
 * short descriptions; empty when the page fits. Only the outermost offender of each branch is
 * listed, so a failure names what to fix.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const visit = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.right > width + 0.5 && style.position !== 'fixed') {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 4).join('.')}`;
        found.push(
          `${name} (right ${Math.round(box.right)}px): ${(element.textContent ?? '').slice(0, 60)}`,
        );
        return;
      }
      if (
        style.overflowX === 'auto' ||
        style.overflowX === 'hidden' ||
        style.overflowX === 'scroll'
      )
        return;
      for (const child of element.children) visit(child);
    };
    visit(document.body);
    return found;
  });
}

/** What is on screen now (a dialog over the page, say), rather than the whole page. */
export async function viewportShot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}
