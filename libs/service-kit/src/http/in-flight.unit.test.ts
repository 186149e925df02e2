import { request, type Server } from 'node:http';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { boundPort, listen } from '../lifecycle/listen.js';
import { createHttpApp } from './create-app.js';
import { inFlightOf } from './in-flight.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve).closeAllConnections())),
  );
});

/** An app whose one route waits for the test to let it finish. */
async function appWithGate() {
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const app = createHttpApp({
    service: 'test',
    logger: pino({ level: 'silent' }),
    routes(a) {
      a.get('/slow', async (_req, res) => {
        started();
        await gate;
        res.json({ done: true });
      });
    },
  });
  const server = await listen(app, 0, '127.0.0.1');
  servers.push(server);
  return { app, server, port: boundPort(server), handlerStarted, release };
}

describe('requests in flight', () => {
  it('a request whose client hung up stays in flight until its handler ends it', async () => {
    const { app, server, port, handlerStarted, release } = await appWithGate();
    const inFlight = inFlightOf(app);
    const req = request({ host: '127.0.0.1', port, path: '/slow' });
    req.on('error', () => undefined);
    req.end();
    await handlerStarted;
    expect(inFlight.count).toBe(1);

    // The client gives up; the server sees its connection close while the handler still runs.
    const closed = once(server, 'close');
    req.destroy();
    server.close();
    await closed;
    let idle = false;
    const waiting = inFlight.idle().then(() => (idle = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    expect(inFlight.count).toBe(1);

    release();
    await waiting;
    expect(inFlight.count).toBe(0);
  });

  it('is idle at once when nothing runs, and after answered requests', async () => {
    const { app, port, handlerStarted, release } = await appWithGate();
    await inFlightOf(app).idle();
    release();
    const answer = await fetch(`http://127.0.0.1:${port}/slow`);
    await handlerStarted;
    expect(await answer.json()).toEqual({ done: true });
    await inFlightOf(app).idle();
    expect(inFlightOf(app).count).toBe(0);
  });
});
