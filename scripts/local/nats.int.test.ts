import { describe, expect, it } from 'vitest';
import { findOrStartNats, natsInfo } from './nats.js';

const LOCAL = new URL(process.env.NATS_URL || 'nats://127.0.0.1:4222');

describe('NATS discovery', () => {
  it('reads the INFO greeting and sees JetStream', async () => {
    const info = await natsInfo(LOCAL.hostname, Number(LOCAL.port || 4222));
    expect(info?.jetstream).toBe(true);
  });

  it('answers nothing where no NATS listens', async () => {
    expect(await natsInfo('127.0.0.1', 1)).toBeUndefined();
  });

  it('prefers NATS_URL over anything it could find or start', async () => {
    const nats = await findOrStartNats({
      dataDir: '/nonexistent',
      env: { NATS_URL: 'nats://example.invalid:4222' },
      log: () => {},
    });
    expect(nats).toMatchObject({ url: 'nats://example.invalid:4222', source: 'NATS_URL' });
  });
});
