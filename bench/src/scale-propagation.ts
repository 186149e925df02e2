// Event propagation on the scale benchmark's stack: UserRegistered appended to identity's store
// -> identity's relay (in the identity process) -> JetStream -> access's consumer (in the access
// process) -> access's directory row. Appends are sent at a fixed, modest rate (open loop: the
// next one does not wait for the last to arrive), and each is timed from the append's start to
// the moment the row commits: a trigger on the directory table NOTIFYs the benchmark on commit,
// so nothing polls.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventSubject, UserRegisteredV1 } from '@mia/contracts';
import type { TestNats } from '@mia/testing';
import { identityStore, registered } from './scale-customers.js';
import { latencies, type Latencies } from './scale-stats.js';

export interface PropagationFigures {
  rate: number;
  /** Append start -> access's projection row committed. */
  endToEnd: Latencies;
  /** Append start -> the append's own commit (the part before the relay). */
  append: Latencies;
  /** Append start -> the event seen on its NATS subject (the relay's part done). */
  published: Latencies;
  lost: number;
}

const WARM_UP = 20;

export async function benchScalePropagation(
  databaseUrl: string,
  nats: TestNats,
  count: number,
  rate: number,
): Promise<PropagationFigures> {
  // A plain subscriber on the event's subject sees each publish as JetStream stores it.
  const nc = await nats.connect();
  const seenOnNats = new Map<string, number>();
  const subscription = nc.subscribe(eventSubject(nats.prefix, UserRegisteredV1), {
    callback: (_err, msg) => {
      const userId = (msg.json<{ data?: { userId?: string } }>().data ?? {}).userId;
      if (userId) seenOnNats.set(userId, performance.now());
    },
  });
  const identity = identityStore(databaseUrl);
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  await listener.query(`
    CREATE OR REPLACE FUNCTION access.bench_scale_notify() RETURNS trigger AS $$
    BEGIN PERFORM pg_notify('bench_scale_directory', NEW.user_id::text); RETURN NEW; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER bench_scale_notify AFTER INSERT ON access.user_directory
      FOR EACH ROW EXECUTE FUNCTION access.bench_scale_notify();`);
  await listener.query('LISTEN bench_scale_directory');
  const arrived = new Map<string, () => void>();
  listener.on('notification', (n) => arrived.get(n.payload ?? '')?.());

  const endToEnd: number[] = [];
  const appends: number[] = [];
  const published: number[] = [];
  let lost = 0;
  const one = async (i: number) => {
    const userId = randomUUID();
    const seen = new Promise<boolean>((resolve) => {
      arrived.set(userId, () => resolve(true));
      // An event that never arrives is counted, not waited for forever.
      setTimeout(() => resolve(false), 10_000).unref();
    });
    const started = performance.now();
    await identity.store.append(`user-${userId}`, 'no-stream', [registered(userId, 900_000 + i)]);
    const committed = performance.now();
    const ok = await seen;
    arrived.delete(userId);
    if (i < WARM_UP) return;
    if (!ok) {
      lost++;
      return;
    }
    appends.push(committed - started);
    endToEnd.push(performance.now() - started);
    published.push((seenOnNats.get(userId) ?? NaN) - started);
  };
  try {
    const interval = 1000 / rate;
    const began = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < count + WARM_UP; i++) {
      const due = began + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(one(i));
    }
    await Promise.all(inFlight);
  } finally {
    await listener.query('DROP TRIGGER bench_scale_notify ON access.user_directory');
    await listener.end();
    await identity.pool.end();
    subscription.unsubscribe();
  }
  return {
    rate,
    endToEnd: latencies(endToEnd),
    append: latencies(appends),
    published: latencies(published.filter(Number.isFinite)),
    lost,
  };
}
