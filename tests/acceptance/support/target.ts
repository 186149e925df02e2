import { resolve } from 'node:path';

/**
 * The deployment under test, from BASE_URL: read once by the global setup and handed to the
 * test files with the rest of TargetInfo (`target()` in context.ts). Inside test files vitest
 * overwrites process.env.BASE_URL with Vite's own base path, so they must not read it.
 */
export function baseUrlFromEnvironment(given = process.env.BASE_URL): string {
  // Unset, vitest fills BASE_URL with Vite's '/' (a bundle's base path): not a target.
  const url = !given || given === '/' ? 'http://localhost:8080' : given.trim();
  if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) {
    throw new Error(
      `BASE_URL must be the deployment's address, e.g. http://localhost:8080 (got "${url}")`,
    );
  }
  return url.replace(/\/+$/, '');
}

/** JUnit XML and failure screenshots (the compose service mounts this folder). */
export const resultsDir = resolve(process.env.ACCEPTANCE_RESULTS_DIR || 'acceptance-results');

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface Credentials {
  email: string;
  password: string;
  /**
   * The admin's authenticator secret (base32): staff routes need a session made with the
   * second factor. From ACCEPTANCE_ADMIN_TOTP_SECRET, or enrolled by the global setup.
   */
  totpSecret?: string;
}

/** The staff account the admin journeys sign in with, when the environment names one. */
export function adminCredentials(): Credentials | undefined {
  const email = process.env.ACCEPTANCE_ADMIN_EMAIL?.trim();
  const password = process.env.ACCEPTANCE_ADMIN_PASSWORD;
  const totpSecret = process.env.ACCEPTANCE_ADMIN_TOTP_SECRET?.trim() || undefined;
  return email && password ? { email, password, ...(totpSecret ? { totpSecret } : {}) } : undefined;
}

/** What the target offers, found once by the global setup and handed to every file. */
export interface TargetInfo {
  baseUrl: string;
  /** GET /api/billing/config said sandbox: the test cards work. */
  sandbox: boolean;
  /** ACCEPTANCE_ADMIN_* signed in as an admin. */
  admin: boolean;
  /**
   * The origin the deployment says it is served at (its PUBLIC_ORIGIN, as the `servers` entry
   * of its GPT Actions document): links it makes (a tool's stand-in page) point there, which
   * may be another spelling of the address the tester used (localhost vs 127.0.0.1).
   */
  publicOrigin: string;
  /** The admin's authenticator secret, when the admin journeys run. */
  adminTotpSecret?: string;
}

/** Where the deployment publishes the OpenAPI document whose `servers` name its origin. */
export const PUBLIC_ORIGIN_SOURCE = '/api/gpt/v1/openapi.json';

/** The origin in a GPT Actions document (`servers[0].url`), or undefined if it names none. */
export function publicOriginOf(document: unknown): string | undefined {
  const url = (document as { servers?: Array<{ url?: unknown }> } | null)?.servers?.[0]?.url;
  return typeof url === 'string' && URL.canParse(url) ? new URL(url).origin : undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    target: TargetInfo;
  }
}
