import { GptOpenedV2 } from '@mia/contracts';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { decodeJwt } from 'jose';
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
let access: EventPublisher;
beforeAll(async () => {
  identity = await startAuthorizationServer();
  config = await gptClient(identity.origin);
  access = await startEventPublisher(identity.db, identity.nats, 'access');
});
afterAll(async () => {
  await access?.stop();
  await identity?.stop();
});

interface Apps {
  apps: { id: string; clientName: string; connectedAt: string; lastUsedAt: string | null }[];
}

const connect = async () => {
  const signedIn = await signedInBrowser(identity);
  const tokens = await codeFlow(config, signedIn.browser);
  return { ...signedIn, tokens, grantId: decodeJwt(tokens.access_token).gid as string };
};

describe('Aplicaciones conectadas', () => {
  it('lists the apps the user allowed, with when they were connected and last used', async () => {
    const before = new Date();
    const { browser, grantId, userId } = await connect();
    const listed = await waitFor(
      async () => {
        const res = await browser.get<Apps>('/api/connected-apps');
        return res.body.apps[0]?.lastUsedAt ? res : undefined;
      },
      { message: 'the connection noted as used' },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.apps).toEqual([
      {
        id: grantId,
        clientName: GPT_CLIENT.name,
        connectedAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    expect(new Date(listed.body.apps[0]!.connectedAt).getTime()).toBeGreaterThanOrEqual(
      before.getTime() - 1000,
    );
    expect((await identity.client().get('/api/connected-apps')).status).toBe(401);

    // A tool use through the app, as access reports it, moves "last used" on.
    const usedAt = new Date(Date.now() + 60_000).toISOString();
    await access.store.append(`usage-${userId}`, 'any', [
      {
        type: GptOpenedV2.type,
        version: 2,
        data: {
          userId,
          productId: 'manual-ceremonias',
          via: 'gpt_action',
          at: usedAt,
          auth: 'oauth',
          clientId: GPT_CLIENT.clientId,
          grantId,
        },
      },
    ]);
    await waitFor(
      async () => {
        const res = await browser.get<Apps>('/api/connected-apps');
        return res.body.apps[0]?.lastUsedAt === usedAt || undefined;
      },
      { message: 'last use from GptOpened v2' },
    );
  });

  it("revokes one: OAuthGrantRevoked is published and the app's refresh token stops working", async () => {
    const { browser, userId, grantId, tokens } = await connect();
    const stranger = (await signedInBrowser(identity)).browser;
    expect((await stranger.request('DELETE', `/api/connected-apps/${grantId}`)).status).toBe(404);

    const res = await browser.request('DELETE', `/api/connected-apps/${grantId}`);
    expect(res.status).toBe(204);
    const event = await identity.published.waitFor<{ grantId: string }>(
      'OAuthGrantRevoked',
      (d) => d.grantId === grantId,
    );
    expect(event.data).toMatchObject({
      grantId,
      userId,
      clientId: GPT_CLIENT.clientId,
      reason: 'user',
      revokedAt: expect.any(String),
    });
    await expect(oauth.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await browser.get<Apps>('/api/connected-apps')).body.apps).toEqual([]);
    expect((await browser.request('DELETE', `/api/connected-apps/${grantId}`)).status).toBe(404);
  });

  it('a password change revokes every connected app of the user', async () => {
    const { browser, user, userId, grantId, tokens } = await connect();
    const newPassword = 'Otra clave de Ana 9';
    const changed = await browser.post('/api/change-password', {
      currentPassword: user.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.status).toBe(200);
    const event = await identity.published.waitFor<{ grantId: string }>(
      'OAuthGrantRevoked',
      (d) => d.grantId === grantId,
    );
    expect(event.data).toMatchObject({ userId, reason: 'password_changed' });
    await expect(oauth.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await browser.get<Apps>('/api/connected-apps')).body.apps).toEqual([]);
  });
});
