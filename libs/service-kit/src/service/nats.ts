import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { checkStreams, StreamsMissingError } from '../events/provision.js';
import { sleep } from '../events/wakeup.js';
import type { Logger } from '../logger.js';

/** The service's own NATS identity (NATS_USER, default the service's name, and NATS_PASSWORD). */
export interface NatsCredentials {
  user: string;
  password: string;
}

/** Credentials from the configuration: none (anonymous, development only) without a password. */
export const natsCredentialsOf = (
  config: { NATS_USER?: string; NATS_PASSWORD?: string },
  service: string,
): NatsCredentials | undefined =>
  config.NATS_PASSWORD
    ? { user: config.NATS_USER ?? service, password: config.NATS_PASSWORD }
    : undefined;

/**
 * Connects and keeps reconnecting forever: a broker outage delays events (they wait in the
 * event store) but never takes the service down. Wrong credentials are no outage: the first
 * connection fails at once with the server's answer.
 */
export async function connectNats(
  url: string,
  name: string,
  logger: Logger,
  credentials?: NatsCredentials,
): Promise<NatsConnection> {
  const nc = await connect({
    servers: url,
    name,
    ...(credentials ? { user: credentials.user, pass: credentials.password } : {}),
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') {
        logger.warn({ nats: status.type }, `NATS ${status.type}`);
      } else if (status.type === 'error') {
        // Permission violations land here (the server refuses the subject, not the connection).
        logger.error({ nats: status.type, err: status.error }, 'NATS error');
      }
    }
  })();
  return nc;
}

/**
 * Waits until the JetStream streams exist: they are made by provisioning, never by a service.
 * Missing streams are logged as an error saying what to run; an unreachable broker as a
 * warning; both are retried, so the service starts consuming once provisioning has run.
 */
export async function awaitStreams(
  nc: NatsConnection,
  prefix: string,
  logger: Logger,
  signal: AbortSignal,
): Promise<boolean> {
  for (let attempt = 1; !signal.aborted; attempt++) {
    try {
      await checkStreams(await jetstreamManager(nc), prefix);
      return true;
    } catch (err) {
      if (err instanceof StreamsMissingError) logger.error({ attempt }, err.message);
      else logger.warn({ err, attempt }, 'JetStream not ready; retrying');
      await sleep(Math.min(500 * attempt, 5_000), signal).catch(() => undefined);
    }
  }
  return false;
}
