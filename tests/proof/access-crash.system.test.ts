import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { streamNames } from '@mia/service-kit';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProofStack, type ProofStack } from './support/proof-stack.js';
import { BALANCED, ledgerSummary, settledLedger } from './support/settle.js';
import { buyTool } from './support/shop.js';

// Scenario 2: access killed after its effect and before the ack. access reaches NATS through a
// proxy that stops carrying access's bytes to the server: the payment's events are delivered,
// access grants the tool and commits, but its acks never arrive. access is then killed; NATS
// redelivers to the restarted access once the ack wait runs out (5 s here), and the inbox must make
// the second delivery a no-op: one payment record, one grant, one history line.
describe('access killed between its effect and the ack', () => {
  let stack: ProofStack;
  beforeAll(async () => {
    // NATS gives unacknowledged events back after 5 s instead of the default 30 s.
    stack = await startProofStack({ env: { access: { NATS_ACK_WAIT_MS: '5000' } } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * Over access's durable consumers: messages delivered and not acked, and deliveries so far
   * (the consumer sequence counts every delivery, redeliveries included, and never goes back,
   * unlike num_redelivered, which forgets a redelivery once it is acked).
   */
  async function consumers() {
    const nc = await connect({ servers: stack.nats.url });
    try {
      const jsm = await jetstreamManager(nc);
      let pending = 0;
      let deliveries = 0;
      for await (const info of jsm.consumers.list(streamNames(stack.prefix).events)) {
        if (!info.name.startsWith('access')) continue;
        pending += info.num_ack_pending;
        deliveries += info.delivered.consumer_seq;
      }
      return { pending, deliveries };
    } finally {
      await nc.close();
    }
  }

  async function granted(userId: string): Promise<boolean> {
    const client = new pg.Client({ connectionString: stack.db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT 1 FROM access.access_grants WHERE user_id = $1 AND status = 'active'`,
        [userId],
      );
      return rows.length > 0;
    } finally {
      await client.end();
    }
  }

  it('the redelivered payment has no second effect', async () => {
    expect((await buyTool(stack, 'manual-ceremonias')).outcome).toBe('succeeded');
    expect(ledgerSummary(await settledLedger(stack))).toEqual(BALANCED);

    stack.proxies.accessNats.setBlackholeUpstream(true);
    const purchase = await buyTool(stack, 'generador-sermones');
    expect(purchase.outcome).toBe('succeeded');
    await waitFor(() => granted(purchase.userId), { message: 'the grant committed in access' });
    // The effect is committed and its delivery is still unacknowledged.
    const before = await consumers();
    expect(before.pending).toBeGreaterThan(0);

    await stack.access.kill('SIGKILL');
    stack.proxies.accessNats.setBlackholeUpstream(false);
    await stack.access.start();

    // Acks from the dead process are impossible: pending reaches 0 only by redelivery to the
    // restarted access and its acks. Nothing new is published meanwhile, so every delivery
    // counted after the kill is a redelivery.
    const after = await waitFor(
      async () => {
        const c = await consumers();
        return c.pending === 0 ? c : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 250, message: 'the redeliveries acked' },
    );
    expect(after.deliveries - before.deliveries).toBeGreaterThanOrEqual(before.pending);
    expect(ledgerSummary(await settledLedger(stack))).toEqual(BALANCED);
  }, 180_000);
});
