import { createPublicKey } from 'node:crypto';
import { createAccessTokenVerifier, devKeys } from '@mia/service-kit';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFlow,
  consent,
  gptClient,
  GPT_CLIENT,
  GPT_REDIRECT,
  navigate,
  signedInBrowser,
  startAuthorization,
  startAuthorizationServer,
  type OAuthUnderTest,
} from './oauth-flow.fixture.js';

let identity: OAuthUnderTest;
let config: oauth.Configuration;
beforeAll(async () => {
  identity = await startAuthorizationServer({ RATE_LIMIT_OAUTH_REGISTER_PER_IP: '3' });
  config = await gptClient(identity.origin);
});
afterAll(() => identity?.stop());

const authorizationUrl = async (params: Record<string, string>) => {
  const url = oauth.buildAuthorizationUrl(config, {
    redirect_uri: GPT_REDIRECT,
    scope: 'tools:use',
    state: 'st',
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    ...params,
  });
  return url;
};

describe('the GPT Action as a confidential client (openid-client)', () => {
  it('gets an RFC 9068 access token for the tool API, signed with the session key', async () => {
    const { browser, userId } = await signedInBrowser(identity);
    const tokens = await codeFlow(config, browser);

    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: expect.any(String) });
    const claims = decodeJwt(tokens.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      ['aud', 'client_id', 'exp', 'gid', 'iat', 'iss', 'jti', 'scope', 'sub'].sort(),
    );
    expect(claims).toMatchObject({
      iss: identity.origin,
      aud: `${identity.origin}/api/gpt`,
      sub: userId,
      client_id: GPT_CLIENT.clientId,
      scope: 'tools:use',
      gid: expect.any(String),
    });
    expect(claims.exp! - claims.iat!).toBe(600);
    // Every service already holds this public key (JWT_PUBLIC_KEY): no new key to distribute.
    const publicKey = createPublicKey(devKeys()!.publicKeyPem);
    await expect(
      jwtVerify(tokens.access_token, publicKey, { typ: 'at+jwt', issuer: identity.origin }),
    ).resolves.toBeTruthy();
    // ...and the verifier every service uses for user tokens accepts it as is.
    const verifier = createAccessTokenVerifier({
      publicKeyPem: devKeys()!.publicKeyPem,
      issuer: identity.origin,
      audiences: [`${identity.origin}/api/gpt`, `${identity.origin}/api/gpt/mcp`],
      requiredScope: 'tools:use',
    });
    expect(await verifier.check(tokens.access_token)).toMatchObject({
      kind: 'valid',
      claims: { sub: userId, gid: claims.gid },
    });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('rotates the refresh token on every use; a reused one revokes the whole connection', async () => {
    const { browser, userId } = await signedInBrowser(identity);
    const first = await codeFlow(config, browser);
    const gid = decodeJwt(first.access_token).gid as string;

    const second = await oauth.refreshTokenGrant(config, first.refresh_token!);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token)).toMatchObject({ gid, sub: userId });

    await expect(oauth.refreshTokenGrant(config, first.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The thief's reuse also ends the legitimate holder's newer token: the family is gone.
    await expect(oauth.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const revoked = await identity.published.waitFor<{ reason: string; userId: string }>(
      'OAuthGrantRevoked',
      (d) => (d as { grantId?: string }).grantId === gid,
    );
    expect(revoked.data).toMatchObject({
      userId,
      clientId: GPT_CLIENT.clientId,
      reason: 'refresh_reuse',
    });
  });

  it('issues tokens for the MCP endpoint when asked for that resource, refuses unknown ones', async () => {
    const { browser } = await signedInBrowser(identity);
    const mcp = `${identity.origin}/api/gpt/mcp`;
    const tokens = await codeFlow(config, browser, { resource: mcp });
    expect(decodeJwt(tokens.access_token).aud).toBe(mcp);

    const res = await navigate(
      browser,
      String(await authorizationUrl({ resource: 'https://elsewhere.example/api' })),
    );
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');
  });

  it('remembers the consent per client: the same grant, shown as remembered', async () => {
    const { browser } = await signedInBrowser(identity);
    const first = await codeFlow(config, browser);
    const { uid } = await startAuthorization(browser, await authorizationUrl({}));
    const details = await browser.get(`/api/oauth/interaction/${uid}/details`);
    expect(details.body).toMatchObject({ remembered: true, client: { name: GPT_CLIENT.name } });
    const again = await codeFlow(config, browser);
    expect(decodeJwt(again.access_token).gid).toBe(decodeJwt(first.access_token).gid);
  });

  it('keeps grants across a restart (stored in PostgreSQL)', async () => {
    const { browser } = await signedInBrowser(identity);
    const tokens = await codeFlow(config, browser);
    await identity.restart();
    const refreshed = await oauth.refreshTokenGrant(config, tokens.refresh_token!);
    expect(decodeJwt(refreshed.access_token).gid).toBe(decodeJwt(tokens.access_token).gid);
  });
});

describe('what the authorization endpoint refuses', () => {
  it('refuses a redirect URI that is not registered exactly, without redirecting to it', async () => {
    const { browser } = await signedInBrowser(identity);
    for (const redirect of [`${GPT_REDIRECT}/`, `${GPT_REDIRECT}?x=1`, 'https://evil.example/cb']) {
      const res = await navigate(
        browser,
        String(await authorizationUrl({ redirect_uri: redirect })),
      );
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('refuses an authorization without PKCE, or with the plain method', async () => {
    const { browser } = await signedInBrowser(identity);
    const withoutPkce = await authorizationUrl({});
    withoutPkce.searchParams.delete('code_challenge');
    withoutPkce.searchParams.delete('code_challenge_method');
    const plain = await authorizationUrl({ code_challenge_method: 'plain' });
    for (const url of [withoutPkce, plain]) {
      const res = await navigate(browser, String(url));
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(GPT_REDIRECT);
      expect(back.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('answers access_denied to the client when the user cancels', async () => {
    const { browser } = await signedInBrowser(identity);
    const { uid } = await startAuthorization(browser, await authorizationUrl({}));
    const res = await browser.post<{ redirectTo: string }>(`/api/oauth/interaction/${uid}/cancel`);
    expect(res.status).toBe(200);
    const back = await navigate(browser, res.body.redirectTo);
    expect(new URL(back.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });
});

describe('the consent interaction API', () => {
  it('sends the browser to the SPA, shows who is signed in, and needs a session to consent', async () => {
    const { browser, user } = await signedInBrowser(identity);
    const { uid, interactionUrl, setCookie } = await startAuthorization(
      browser,
      await authorizationUrl({}),
    );
    expect(interactionUrl).toBe(`${identity.origin}/api/oauth/interaction/${uid}`);
    // The interaction cookie reaches the interaction URL and the JSON calls below it only.
    const cookie = setCookie.find((c) => c.startsWith('_interaction='));
    expect(cookie).toMatch(new RegExp(`path=/api/oauth/interaction/${uid}(;|$)`, 'i'));
    expect(cookie).toMatch(/httponly/i);
    const toSpa = await navigate(browser, interactionUrl);
    expect(toSpa.status).toBe(303);
    expect(toSpa.headers.get('location')).toBe(`${identity.origin}/oauth/consent/${uid}`);

    const details = await browser.get(`/api/oauth/interaction/${uid}/details`);
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      uid,
      client: { id: GPT_CLIENT.clientId, name: GPT_CLIENT.name },
      scopes: ['tools:use'],
      account: { email: user.email, name: user.name },
      remembered: false,
    });

    const session = browser.sessionCookie;
    browser.sessionCookie = undefined;
    expect((await browser.get(`/api/oauth/interaction/${uid}/details`)).body).toMatchObject({
      account: null,
    });
    expect((await browser.post(`/api/oauth/interaction/${uid}/consent`)).status).toBe(401);
    browser.sessionCookie = session;
    expect((await consent(browser, uid)).searchParams.get('code')).toBeTruthy();
  });

  it('answers 404 for an unknown interaction or one of another browser', async () => {
    const { browser } = await signedInBrowser(identity);
    const { uid } = await startAuthorization(browser, await authorizationUrl({}));
    const other = (await signedInBrowser(identity)).browser;
    for (const [client, id] of [
      [browser, 'no-such-interaction-0000'],
      [other, uid],
    ] as const) {
      const res = await client.get(`/api/oauth/interaction/${id}/details`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'interaction_not_found' });
    }
  });

  it('refuses a consent posted from another site', async () => {
    const { browser } = await signedInBrowser(identity);
    const { uid } = await startAuthorization(browser, await authorizationUrl({}));
    const res = await browser.post(`/api/oauth/interaction/${uid}/consent`, undefined, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});

describe('metadata', () => {
  it('serves the same RFC 8414 document at both well-known paths, S256 only', async () => {
    const client = identity.client();
    const a = await client.get('/.well-known/oauth-authorization-server');
    const b = await client.get('/.well-known/openid-configuration');
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    const o = identity.origin;
    expect(a.body).toMatchObject({
      issuer: o,
      authorization_endpoint: `${o}/api/oauth/authorize`,
      token_endpoint: `${o}/api/oauth/token`,
      registration_endpoint: `${o}/api/oauth/register`,
      revocation_endpoint: `${o}/api/oauth/revoke`,
      jwks_uri: `${o}/api/oauth/jwks`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
    });
    expect(a.body.scopes_supported).toContain('tools:use');
    // What is off is not advertised.
    for (const absent of [
      'userinfo_endpoint',
      'introspection_endpoint',
      'end_session_endpoint',
      'pushed_authorization_request_endpoint',
      'dpop_signing_alg_values_supported',
    ]) {
      expect(a.body, absent).not.toHaveProperty(absent);
    }
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  const register = (ip: string, body: Record<string, unknown>) =>
    identity.client(ip).post<Record<string, unknown>>('/api/oauth/register', {
      client_name: 'Asistente de escritorio',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...body,
    });

  it('registers a native MCP client that then connects with PKCE as a public client', async () => {
    const redirect = 'http://127.0.0.1:41999/callback';
    const res = await register('203.0.113.10', { redirect_uris: [redirect] });
    expect(res.status).toBe(201);
    const clientId = String(res.body.client_id);
    expect(res.body).not.toHaveProperty('client_secret');
    expect(res.body).not.toHaveProperty('registration_access_token');

    const mcpClient = new oauth.Configuration(
      config.serverMetadata(),
      clientId,
      undefined,
      oauth.None(),
    );
    oauth.allowInsecureRequests(mcpClient);
    const { browser, userId } = await signedInBrowser(identity);
    const verifier = oauth.randomPKCECodeVerifier();
    const mcp = `${identity.origin}/api/gpt/mcp`;
    const url = oauth.buildAuthorizationUrl(mcpClient, {
      redirect_uri: redirect,
      scope: 'tools:use',
      resource: mcp,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { uid } = await startAuthorization(browser, url);
    const details = await browser.get(`/api/oauth/interaction/${uid}/details`);
    expect(details.body).toMatchObject({
      client: { id: clientId, name: 'Asistente de escritorio' },
    });
    const tokens = await oauth.authorizationCodeGrant(mcpClient, await consent(browser, uid), {
      pkceCodeVerifier: verifier,
    });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: mcp,
      sub: userId,
      client_id: clientId,
    });
  });

  it('refuses redirect URIs that are neither https nor loopback http', async () => {
    for (const uri of ['http://example.org/cb', 'https://app.example/cb#frag', 'myapp:/cb']) {
      const res = await register('203.0.113.11', { redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_redirect_uri' });
    }
  });

  it('limits registrations per client address', async () => {
    const ip = '203.0.113.12';
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await register(ip, { redirect_uris: ['https://app.example/cb'] })).status);
    }
    expect(answers).toEqual([201, 201, 201, 429]);
    expect(
      (await register('203.0.113.13', { redirect_uris: ['https://app.example/cb'] })).status,
    ).toBe(201);
  });
});
