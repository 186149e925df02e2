import {
  AccessExportPartReadyV1,
  AccountExportRequestedV1,
  BillingExportPartReadyV1,
  SupportExportPartReadyV1,
  type EventDefinition,
} from '@mia/contracts';
import { exportPartStreamId, seal } from '@mia/service-kit';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailsOfKind,
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
  type TestClient,
} from '../identity-harness.fixture.js';

type Json = Record<string, unknown>;
const others: [string, EventDefinition][] = [
  ['billing', BillingExportPartReadyV1],
  ['access', AccessExportPartReadyV1],
  ['support', SupportExportPartReadyV1],
];

describe('account export, as identity orchestrates it (real PostgreSQL and NATS)', () => {
  let identity: IdentityUnderTest;
  const publishers: Record<string, EventPublisher> = {};

  beforeAll(async () => {
    identity = await startIdentity({ RATE_LIMIT_EXPORT_PER_DAY: '3' });
    for (const [service] of others) {
      publishers[service] = await startEventPublisher(identity.db, identity.nats, service);
    }
  });
  afterAll(async () => {
    for (const p of Object.values(publishers)) await p.stop();
    await identity?.stop();
  });

  const signedUp = async () => {
    const user = uniqueUser();
    const client = identity.client();
    const res = await client.post('/api/register', user);
    expect(res.status).toBe(201);
    return { user, client, id: (res.body as { id: string }).id };
  };

  const requestExport = async (client: TestClient, language = 'es') => {
    const res = await client.post<{ exportId: string; status: string }>(
      '/api/account/export',
      {},
      { 'accept-language': language },
    );
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('pending');
    const exportId = res.body.exportId;
    const requested = await waitFor(async () => {
      const events = await identity.service.ctx.events.readStream(exportPartStreamId(exportId));
      return events.find((e) => e.type === AccountExportRequestedV1.type);
    });
    return { exportId, request: AccountExportRequestedV1.schema.parse(requested.data) };
  };

  /** The other services' answers, as their relays would publish them. */
  const answer = async (
    service: string,
    definition: EventDefinition,
    exportId: string,
    key: string,
    part: Json,
  ) => {
    await publishers[service]!.store.append(exportPartStreamId(exportId), 'any', [
      {
        type: definition.type,
        version: definition.version,
        data: { exportId, service, part: seal(key, JSON.stringify(part)), schemaVersion: 1 },
      },
    ]);
  };

  it('collects every sealed part, mails the owner and serves one download to them only', async () => {
    const { user, client, id } = await signedUp();
    const { exportId, request } = await requestExport(client, 'en');
    // Nothing personal in the request that travels.
    expect(JSON.stringify(request)).not.toContain(user.email);
    expect(request.userId).toBe(id);

    // Identity's own part comes in by itself; the status says who is still missing.
    await waitFor(async () => {
      const s = await client.get<Json>(`/api/account/export/${exportId}/status`);
      return (s.body.received as string[]).includes('identity') ? s : undefined;
    });
    expect((await client.get(`/api/account/export/${exportId}`)).status).toBe(404);

    for (const [service, definition] of others) {
      await answer(service, definition, exportId, request.publicKey, {
        marker: `${service}-facts`,
      });
    }
    const [mail] = await waitFor(async () => {
      const mails = await mailsOfKind(identity.mailDir, user.email, 'account-export-ready');
      return mails.length > 0 ? mails : undefined;
    });
    expect(mail!.subject).toMatch(/data export is ready/);
    const url = (mail as unknown as { downloadUrl: string }).downloadUrl;
    expect(url).toMatch(new RegExp(`/api/account/export/${exportId}$`));
    const status = await client.get<Json>(`/api/account/export/${exportId}/status`);
    expect(status.body).toMatchObject({ status: 'ready', late: [] });

    // Another user: 404, for the status and the download alike.
    const { client: stranger } = await signedUp();
    expect((await stranger.get(`/api/account/export/${exportId}`)).status).toBe(404);
    expect((await stranger.get(`/api/account/export/${exportId}/status`)).status).toBe(404);

    const download = await client.get<Json>(new URL(url).pathname);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    const doc = download.body as Json & {
      user: { email: string };
      identity: { profile: Json; sessions: Json[]; twoFactor: { enabled: boolean } };
    };
    expect(doc.user.email).toBe(user.email);
    expect(doc.identity.profile).toMatchObject({ id, email: user.email });
    expect(doc.identity.profile).not.toHaveProperty('passwordHash');
    expect(doc.identity.sessions.length).toBeGreaterThan(0);
    expect(doc.identity.twoFactor).toEqual({ enabled: false });
    expect(doc.billing).toMatchObject({ schemaVersion: 1, marker: 'billing-facts' });
    expect(doc.access).toMatchObject({ marker: 'access-facts' });
    expect(doc.support).toMatchObject({ marker: 'support-facts' });
    expect(JSON.stringify(doc)).not.toContain(user.password);
    const schema = await client.get<Json>('/api/account/export-schema.json');
    expect(schema.body).toMatchObject({ title: 'Account export', type: 'object' });
    expect(doc.$schema).toMatch(/\/api\/account\/export-schema\.json$/);

    // Single use: the second download finds nothing, and the key is gone for good.
    expect((await client.get(`/api/account/export/${exportId}`)).status).toBe(404);
    const keys = await identity.service.deps.db.accountExportSecret.count({ where: { exportId } });
    expect(keys).toBe(0);
  });

  it('names the services that missed the deadline instead of waiting silently', async () => {
    const { client } = await signedUp();
    const { exportId, request } = await requestExport(client);
    await answer('billing', BillingExportPartReadyV1, exportId, request.publicKey, {});
    await waitFor(async () => {
      const s = await client.get<Json>(`/api/account/export/${exportId}/status`);
      return (s.body.received as string[]).length === 2 ? s : undefined;
    });
    identity.clock.advance(31 * 60_000);
    try {
      const status = await client.get<Json>(`/api/account/export/${exportId}/status`);
      expect(status.body).toMatchObject({
        status: 'late',
        received: ['identity', 'billing'],
        late: ['access', 'support'],
      });
      // A day later the late export can never complete: asking again shreds its key.
      identity.clock.advance(24 * 60 * 60_000);
      expect((await client.post('/api/account/export')).status).toBe(202);
      const keys = identity.service.deps.db.accountExportSecret;
      expect(await keys.count({ where: { exportId } })).toBe(0);
    } finally {
      identity.clock.reset();
    }
  });

  it('refuses a fourth export in a day with a clear 429', async () => {
    const { client } = await signedUp();
    for (let i = 0; i < 3; i++) expect((await client.post('/api/account/export')).status).toBe(202);
    const refused = await client.post<{ error: string }>('/api/account/export');
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toMatch(/Too many account exports/);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('asks for a session', async () => {
    expect((await identity.client().post('/api/account/export')).status).toBe(401);
  });
});
