import { randomUUID } from 'node:crypto';
import { AccountExportRequestedV1, BillingExportPartReadyV1 } from '@mia/contracts';
import { exportPartStreamId, generateSealingKeyPair, open } from '@mia/service-kit';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTool,
  startBillingHarness,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

describe("billing's part of an account export (real PostgreSQL, NATS and the sandbox)", () => {
  let h: BillingHarness;
  let identity: EventPublisher;
  let buyer: Caller;
  let other: Caller;

  beforeAll(async () => {
    h = await startBillingHarness();
    identity = await startEventPublisher(h.db, h.nats, 'identity');
    buyer = await h.signIn({ name: 'Ana' });
    other = await h.signIn({ name: 'Ben' });
    await buyTool(h, buyer, 'manual-ceremonias', TEST_CARDS.visa);
    await buyTool(h, other, 'apocalipsis', TEST_CARDS.visa);
    await h.waitForEvent('PaymentSucceeded', (d) => d.userId === buyer.userId);
  });
  afterAll(async () => {
    await identity?.stop();
    await h?.stop();
  });

  it("answers with the person's payments and customer record, sealed, without card numbers", async () => {
    const keys = generateSealingKeyPair();
    const exportId = randomUUID();
    await identity.store.append(exportPartStreamId(exportId), 'any', [
      {
        type: AccountExportRequestedV1.type,
        data: {
          exportId,
          userId: buyer.userId,
          publicKey: keys.publicKey,
          deadline: '2030-01-01T00:00:00.000Z',
          requestedAt: '2026-05-10T12:00:00.000Z',
        },
      },
    ]);
    const [event] = await waitFor(
      async () => {
        const events = await h.service.ctx.events.readStream(exportPartStreamId(exportId));
        return events.length > 0 ? events : undefined;
      },
      { message: "billing's export part" },
    );
    expect(event!.type).toBe(BillingExportPartReadyV1.type);
    const data = BillingExportPartReadyV1.schema.parse(event!.data);
    expect(data).toMatchObject({ exportId, service: 'billing', schemaVersion: 1 });
    expect(JSON.stringify(data)).not.toContain('manual-ceremonias');

    const text = open(keys.privateKey, data.part);
    const part = JSON.parse(text) as {
      payments: { productId: string; status: string; amountCents: number }[];
      ownedProducts: { productId: string }[];
    };
    expect(part.payments).toEqual([
      expect.objectContaining({ productId: 'manual-ceremonias', status: 'succeeded' }),
    ]);
    expect(part.ownedProducts.map((o) => o.productId)).toEqual(['manual-ceremonias']);
    expect(text).not.toContain('apocalipsis');
    expect(text).not.toContain(TEST_CARDS.visa);
  });
});
