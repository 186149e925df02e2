import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import {
  findNatsBinary,
  findOrStartNats,
  launchNats,
  natsInfo,
  provisionLocalNats,
} from './nats.js';

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

describe('the nats-server npm start runs itself', () => {
  it('has a user per service, refuses anonymous clients, and is provisioned by the admin', async () => {
    const binary = findNatsBinary(process.env);
    if (!binary) throw new Error('nats-server is not installed');
    const dataDir = mkdtempSync(join(tmpdir(), 'mia-start-nats-'));
    const nats = await launchNats(binary, { dataDir, env: {}, log: () => {}, prefix: 'mia.' });
    try {
      expect(Object.keys(nats.passwords).sort()).toEqual(
        ['access', 'admin', 'billing', 'identity', 'support'].sort(),
      );
      await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(
        /authorization/i,
      );
      await provisionLocalNats(nats, 'mia.');
      const billing = await connect({
        servers: nats.url,
        user: 'billing',
        pass: nats.passwords.billing,
      });
      try {
        const info = await (await jetstreamManager(billing)).streams.info('MIA_EVENTS');
        expect(info.config.subjects).toEqual(['mia.events.>']);
      } finally {
        await billing.close();
      }
    } finally {
      await nats.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
