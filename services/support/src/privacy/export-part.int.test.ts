import { randomUUID } from 'node:crypto';
import { AccountExportRequestedV1, SupportExportPartReadyV1 } from '@mia/contracts';
import { exportPartStreamId, generateSealingKeyPair, open } from '@mia/service-kit';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSupportHarness,
  type Person,
  type SupportHarness,
} from '../support-harness.fixture.js';

describe("support's part of an account export (real PostgreSQL and NATS)", () => {
  let h: SupportHarness;
  let ana: Person;
  let ben: Person;

  beforeAll(async () => {
    h = await startSupportHarness();
    [ana, ben] = await Promise.all([h.customer('Ana'), h.customer('Ben')]);
  });
  afterAll(() => h?.stop());

  const ticket = async (who: Person, title: string) => {
    const res = await h.call('POST', '/api/tickets', {
      token: who.token,
      body: { title, description: `${title}: detalle`, categoryId: 'access', priority: 'high' },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };

  it("answers a request with the person's tickets and replies, sealed for the export's key", async () => {
    const mine = await ticket(ana, 'No veo el botón Usar GPT');
    await h.call('POST', `/api/tickets/${mine.id}/messages`, {
      token: ana.token,
      body: { body: 'Sigo sin verlo después de pagar' },
    });
    await ticket(ben, 'Factura de Ben');
    const keys = generateSealingKeyPair();
    const exportId = randomUUID();
    await h.publish('identity', exportPartStreamId(exportId), AccountExportRequestedV1, {
      exportId,
      userId: ana.id,
      publicKey: keys.publicKey,
      deadline: '2026-05-10T13:00:00.000Z',
      requestedAt: '2026-05-10T12:00:00.000Z',
    });

    const [event] = await waitFor(
      async () => {
        const events = await h.support.ctx.events.readStream(exportPartStreamId(exportId));
        return events.length > 0 ? events : undefined;
      },
      { message: "support's export part" },
    );
    expect(event!.type).toBe(SupportExportPartReadyV1.type);
    const data = SupportExportPartReadyV1.schema.parse(event!.data);
    expect(data).toMatchObject({ exportId, service: 'support', schemaVersion: 1 });
    // Only ciphertext is stored and published.
    expect(JSON.stringify(event!.data)).not.toContain('Usar GPT');
    expect(JSON.stringify(event!.data)).not.toContain(ana.email);

    const part = JSON.parse(open(keys.privateKey, data.part)) as {
      customer: { email: string };
      tickets: { title: string; messages: { body: string }[] }[];
    };
    expect(part.customer.email).toBe(ana.email);
    expect(part.tickets.map((t) => t.title)).toEqual(['No veo el botón Usar GPT']);
    expect(part.tickets[0]!.messages.map((m) => m.body)).toContain(
      'Sigo sin verlo después de pagar',
    );
    expect(JSON.stringify(part)).not.toContain('Factura de Ben');
  });
});
