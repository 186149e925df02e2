import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ApiClient } from './api.js';
import {
  adminCredentials,
  baseUrlFromEnvironment,
  PUBLIC_ORIGIN_SOURCE,
  publicOriginOf,
  resultsDir,
  type Credentials,
} from './target.js';
import { totpCode } from '../../support/second-factor.js';
import { completeSecondFactor, register } from './users.js';

/** An error told in one line: where it was thrown says nothing to someone starting a run. */
function stop(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

/**
 * Runs once before any file: is the target there at all (one quick check, so a stopped
 * deployment fails in seconds with one clear line instead of every test timing out), and what
 * does it offer (sandbox payments, an admin account). Whatever is not offered is skipped by the
 * tests that need it, and said here once more so that nobody mistakes a skip for a pass.
 */
export default async function setup(project: TestProject): Promise<void> {
  // A green run must not leave an earlier run's failure pictures behind.
  rmSync(join(resultsDir, 'screenshots'), { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  let baseUrl: string;
  try {
    baseUrl = baseUrlFromEnvironment();
  } catch (err) {
    throw stop((err as Error).message);
  }

  let ready: Response;
  try {
    ready = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
  } catch (err) {
    const reason =
      (err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw stop(
      `No Ministerio IA at ${baseUrl}: start it with \`npm start\` or set BASE_URL (${reason})`,
    );
  }
  if (!ready.ok) {
    throw stop(
      `Ministerio IA at ${baseUrl} is not ready: GET /readyz answered ${ready.status} ${await ready.text()}`,
    );
  }

  const config = await new ApiClient(baseUrl).get<{ sandbox?: unknown }>('/api/billing/config');
  if (config.status !== 200 || typeof config.body?.sandbox !== 'boolean') {
    throw stop(
      `${baseUrl} does not answer GET /api/billing/config as Ministerio IA does ` +
        `(${config.status}: ${config.text.slice(0, 200)})`,
    );
  }
  const sandbox = config.body.sandbox;

  // The deployment's own word for where it is served; the browser follows its links there.
  const described = await new ApiClient(baseUrl).get(PUBLIC_ORIGIN_SOURCE);
  const publicOrigin = publicOriginOf(described.body) ?? new URL(baseUrl).origin;

  const credentials = adminCredentials();
  const adminCheck = credentials ? await checkAdmin(baseUrl, credentials) : undefined;
  const admin = typeof adminCheck === 'object';
  const adminTotpSecret = admin ? adminCheck.totpSecret : undefined;

  const notes = [
    publicOrigin === new URL(baseUrl).origin
      ? `public origin: ${publicOrigin}`
      : `public origin: ${publicOrigin} (the deployment's links point there; the browser is ` +
        `served it from ${baseUrl})`,
    sandbox
      ? 'sandbox payments: yes (test cards 4242… pays, 4000…0002 is declined)'
      : 'sandbox payments: no (GET /api/billing/config says sandbox: false) -> the card ' +
        'payments (tool, plan, declined card) are SKIPPED',
    admin
      ? `admin: ${credentials!.email}` +
        (adminCheck.enrolled
          ? ` (second factor enrolled now: set ACCEPTANCE_ADMIN_TOTP_SECRET=${adminTotpSecret} to sign in on later runs)`
          : '')
      : typeof adminCheck === 'string'
        ? `admin: none (${adminCheck}) -> the admin grant and the staff console are SKIPPED`
        : 'admin: none (set ACCEPTANCE_ADMIN_EMAIL and ACCEPTANCE_ADMIN_PASSWORD) -> the ' +
          'admin grant and the staff console are SKIPPED',
  ];
  console.log(
    `\nAcceptance run against ${baseUrl}\n  ${notes.join('\n  ')}\n  results: ${resultsDir}\n`,
  );

  project.provide('target', {
    baseUrl,
    sandbox,
    admin,
    publicOrigin,
    ...(adminTotpSecret ? { adminTotpSecret } : {}),
  });
}

/**
 * The admin account must sign in and hold the admin role. On a fresh deployment (a new
 * `docker compose` stack) it does not exist yet, so it is registered; identity gives it the
 * role once ADMIN_EMAILS lists it and its address is verified. A development deployment hands
 * the verification token back (register, resend), so it is verified here through the API;
 * otherwise the link waits in its mailbox and the admin journeys are skipped, saying why (the
 * returned text). Credentials that do not work fail the run, since skipping would hide a
 * misconfiguration. Staff routes need a second factor: an admin without one is enrolled here
 * (the secret is printed, for ACCEPTANCE_ADMIN_TOTP_SECRET on later runs); one that has it
 * signs in with ACCEPTANCE_ADMIN_TOTP_SECRET.
 */
async function checkAdmin(
  baseUrl: string,
  credentials: Credentials,
): Promise<{ totpSecret: string; enrolled: boolean } | string> {
  const api = new ApiClient(baseUrl);
  const signIn = async () => {
    const answer = await api.post<{
      role?: string;
      emailVerified?: boolean;
      twoFactorEnabled?: boolean;
    }>('/api/login', { username: credentials.email, password: credentials.password });
    if (answer.status !== 202) return answer;
    if (!credentials.totpSecret) {
      throw stop(
        `${credentials.email} signs in with a second factor at ${baseUrl}: set ` +
          'ACCEPTANCE_ADMIN_TOTP_SECRET to its authenticator secret (printed by the run that enrolled it).',
      );
    }
    return completeSecondFactor(api, credentials.email, credentials.totpSecret) as Promise<
      typeof answer
    >;
  };
  let answer = await signIn();
  let verificationToken: string | undefined;
  if (answer.status === 401) {
    const registered = await register(api, {
      ...credentials,
      name: 'Acceptance Admin',
      username: `acc-admin-${Date.now().toString(36)}`,
    });
    // 409: the account exists, so the password was wrong; the sign-in's answer says more.
    if (registered.status === 201) {
      answer = registered as typeof answer;
      verificationToken = (registered.body as { verificationToken?: string }).verificationToken;
    }
  }
  if (answer.status !== 200 && answer.status !== 201) {
    throw stop(
      `ACCEPTANCE_ADMIN_EMAIL ${credentials.email} cannot sign in at ${baseUrl} ` +
        `(${answer.status}: ${answer.text.slice(0, 200)}). Fix ACCEPTANCE_ADMIN_PASSWORD, or unset both to skip the admin journeys.`,
    );
  }
  if (answer.body?.role !== 'admin' && answer.body?.emailVerified === false) {
    // Signed in but unverified: a development deployment gives a new link's token back.
    if (!verificationToken) {
      const resent = await api.post<{ verificationToken?: string }>('/api/verify-email/resend');
      verificationToken = resent.body?.verificationToken;
    }
    if (!verificationToken) {
      return (
        `${credentials.email} is not verified yet and ${baseUrl} does not hand verification ` +
        'tokens back (only development does): open the link mailed to it, then run again'
      );
    }
    const verified = await api.post('/api/verify-email', { token: verificationToken });
    if (verified.status !== 200) {
      throw stop(
        `verifying ${credentials.email} at ${baseUrl} answered ${verified.status}: ${verified.text.slice(0, 200)}`,
      );
    }
    // The role came with the verification and ended the sessions of the old one.
    answer = await signIn();
  }
  if (answer.body?.role !== 'admin') {
    throw stop(
      `${credentials.email} signed in at ${baseUrl} but is not an admin: list it in the ` +
        "deployment's ADMIN_EMAILS (identity), or unset ACCEPTANCE_ADMIN_EMAIL to skip the admin journeys.",
    );
  }
  if (answer.body?.twoFactorEnabled)
    return { totpSecret: credentials.totpSecret!, enrolled: false };
  return { totpSecret: await enrolSecondFactor(api, credentials.email), enrolled: true };
}

/** Enrols the signed-in admin's authenticator: staff routes refuse a password-only session. */
async function enrolSecondFactor(api: ApiClient, email: string): Promise<string> {
  const setup = await api.post<{ secret: string }>('/api/2fa/totp/setup');
  const secret = setup.body?.secret;
  const enabled = secret
    ? await api.post('/api/2fa/totp/enable', { code: totpCode(secret) })
    : setup;
  if (!secret || enabled.status !== 200) {
    throw stop(
      `enrolling the second factor of ${email} answered ${enabled.status}: ${enabled.text.slice(0, 200)}`,
    );
  }
  return secret;
}
