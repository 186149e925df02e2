import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ensureStreams } from '../events/streams.js';
import { sleep } from '../events/wakeup.js';
import type { Logger } from '../logger.js';

/**
 * Connects and keeps reconnecting forever: a broker outage delays events (they wait in the
 * event store) but never takes the service down.
 */
export async function connectNats(
  url: string,
  name: string,
  logger: Logger,
): Promise<NatsConnection> {
  const nc = await connect({
    servers: url,
    name,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') {
        logger.warn({ nats: status.type }, `NATS ${status.type}`);
      }
    }
  })();
  return nc;
}

/** Creates the JetStream streams, retrying while the broker is unreachable. */
export async function ensureStreamsWithRetry(
  nc: NatsConnection,
  prefix: string,
  logger: Logger,
  signal: AbortSignal,
): Promise<boolean> {
  for (let attempt = 1; !signal.aborted; attempt++) {
    try {
      await ensureStreams(await jetstreamManager(nc), prefix);
      return true;
    } catch (err) {
      logger.warn({ err, attempt }, 'JetStream not ready; retrying');
      await sleep(Math.min(500 * attempt, 5_000), signal).catch(() => undefined);
    }
  }
  return false;
}
