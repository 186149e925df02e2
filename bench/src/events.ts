import { randomUUID } from 'node:crypto';
import { UserRegisteredV1 } from '@mia/contracts';
import { startService } from '@mia/service-kit';
import {
  createTestDatabase,
  createTestNats,
  serviceTestEnv,
  startEventPublisher,
} from '@mia/testing';
import pg from 'pg';
// The benchmark drives the real access service, as `npm start` runs it.
import { accessService } from '../../services/access/dist/service.js';

export interface PropagationFigures {
  events: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Append in one service's store -> relay -> JetStream -> access's consumer -> projection row.
 * A trigger on the projection table notifies the benchmark on commit, so it measures the
 * moment the row becomes visible without polling the database.
 */
export async function benchPropagation(count: number): Promise<PropagationFigures> {
  const db = await createTestDatabase();
  const nats = await createTestNats();
  const access = await startService(accessService, { env: serviceTestEnv(db, nats) });
  await access.eventsReady;
  const identity = await startEventPublisher(db, nats, 'identity');
  const listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  await listener.query(`
    CREATE FUNCTION access.bench_notify() RETURNS trigger AS $$
    BEGIN PERFORM pg_notify('bench_directory', NEW.user_id::text); RETURN NEW; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER bench_notify AFTER INSERT ON access.user_directory
      FOR EACH ROW EXECUTE FUNCTION access.bench_notify();`);
  await listener.query('LISTEN bench_directory');
  const waiting = new Map<string, () => void>();
  listener.on('notification', (n) => waiting.get(n.payload ?? '')?.());

  const { store } = identity;
  const samples: number[] = [];
  try {
    for (let i = 0; i < count + 20; i++) {
      const userId = randomUUID();
      const seen = new Promise<void>((resolve) => waiting.set(userId, resolve));
      const started = performance.now();
      await store.append(`user-${userId}`, 'no-stream', [
        {
          type: UserRegisteredV1.type,
          data: {
            userId,
            email: `u${i}-${userId}@bench.test`,
            name: 'Bench',
            username: `u${i}`,
            role: 'user',
          },
        },
      ]);
      await seen;
      waiting.delete(userId);
      // The first events warm up JIT, connections and the consumer's pull loop.
      if (i >= 20) samples.push(performance.now() - started);
    }
  } finally {
    await listener.end();
    await identity.stop();
    await access.stop();
    await nats.cleanup();
    await db.drop();
  }
  samples.sort((a, b) => a - b);
  return {
    events: samples.length,
    p50Ms: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    maxMs: samples.at(-1) ?? NaN,
  };
}
