import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFlow,
  gptClient,
  GPT_CLIENT,
  signedInBrowser,
  startAuthorizationServer,
  type OAuthUnderTest,
} from './oauth-flow.fixture.js';

let identity: OAuthUnderTest;
let config: oauth.Configuration;
beforeAll(async () => {
  identity = await startAuthorizationServer();
  config = await gptClient(identity.origin);
});
afterAll(() => identity?.stop());

describe('the GPT Action as a confidential client (openid-client)', () => {
  it('gets a JWT access token for the tool API through consent, code and PKCE', async () => {
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
    });
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
  });
});
