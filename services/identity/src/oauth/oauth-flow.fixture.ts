// Test support for the authorization server's integration tests (not a test file itself): the
// real identity on a fixed port whose address is PUBLIC_ORIGIN (the issuer clients discover),
// one configured GPT client, and a browser stand-in that follows the consent steps without a
// browser (the SPA's calls, made with the session cookie).
import { freePort } from '@mia/testing';
import * as oauth from 'openid-client';
import { expect } from 'vitest';
import {
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
  type TestClient,
} from '../identity-harness.fixture.js';

export const GPT_CLIENT = {
  clientId: 'liturgia-gpt',
  clientSecret: 'secreto-de-prueba-del-gpt-de-liturgia-0123456789',
  name: 'Liturgia GPT',
  redirectUris: ['https://chat.example/aip/g-liturgia/oauth/callback'],
};
export const GPT_REDIRECT = GPT_CLIENT.redirectUris[0]!;

export interface OAuthUnderTest extends IdentityUnderTest {
  origin: string;
}

export async function startAuthorizationServer(
  env: Record<string, string> = {},
): Promise<OAuthUnderTest> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const settings = {
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    OAUTH_CLIENTS: JSON.stringify([GPT_CLIENT]),
    // Every test signs a new user up from the same address.
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    ...env,
  };
  const identity = await startIdentity(settings);
  // A restart keeps the address (the issuer) and these settings.
  const restart = identity.restart.bind(identity);
  return Object.assign(identity, {
    origin,
    restart: (extra: Record<string, string> = {}) => restart({ ...settings, ...extra }),
  });
}

/** openid-client configured as the GPT Action (confidential, secret in the POST body). */
export async function gptClient(origin: string): Promise<oauth.Configuration> {
  return oauth.discovery(
    new URL(origin),
    GPT_CLIENT.clientId,
    undefined,
    oauth.ClientSecretPost(GPT_CLIENT.clientSecret),
    { execute: [oauth.allowInsecureRequests], algorithm: 'oauth2' },
  );
}

/** A signed-in browser: registers a user and keeps its session cookie. */
export async function signedInBrowser(identity: IdentityUnderTest) {
  const user = uniqueUser();
  const browser = identity.client();
  const res = await browser.post<{ id: string }>('/api/register', user);
  expect(res.status).toBe(201);
  return { browser, user, userId: res.body.id };
}

/** One navigation without following redirects, cookies kept in the client's jar. */
export async function navigate(browser: TestClient, url: string): Promise<Response> {
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!value || /expires=thu, 01 jan 1970/i.test(line)) browser.cookies.delete(name);
    else browser.cookies.set(name, value);
  }
  return res;
}

const location = (res: Response) => {
  expect(res.status, `a redirect, got ${res.status}`).toBeGreaterThanOrEqual(300);
  expect(res.status).toBeLessThan(400);
  return res.headers.get('location') ?? '';
};

/** From the authorization URL to the interaction's id (the consent page the SPA would show). */
export async function startAuthorization(browser: TestClient, authorizationUrl: URL | string) {
  const res = await navigate(browser, String(authorizationUrl));
  const toInteraction = location(res);
  const uid = /\/api\/oauth\/interaction\/([^/?]+)$/.exec(new URL(toInteraction).pathname)?.[1];
  expect(uid, toInteraction).toBeTruthy();
  return { uid: uid!, interactionUrl: toInteraction, setCookie: res.headers.getSetCookie() };
}

/** Consents through the JSON API and follows the provider back to the client's callback. */
export async function consent(browser: TestClient, uid: string): Promise<URL> {
  const res = await browser.post<{ redirectTo: string }>(`/api/oauth/interaction/${uid}/consent`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new URL(location(await navigate(browser, res.body.redirectTo)));
}

/** The whole code flow with PKCE S256 for the GPT client; returns its tokens. */
export async function codeFlow(
  config: oauth.Configuration,
  browser: TestClient,
  params: Record<string, string> = {},
) {
  const verifier = oauth.randomPKCECodeVerifier();
  const state = oauth.randomState();
  const url = oauth.buildAuthorizationUrl(config, {
    redirect_uri: GPT_REDIRECT,
    scope: 'tools:use',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...params,
  });
  const { uid } = await startAuthorization(browser, url);
  const callback = await consent(browser, uid);
  return oauth.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
}
