// An open-loop load generator at a fixed rate: request i is due at start + i/rate whatever the
// earlier ones are doing, so a slow answer never delays the next send (autocannon's overallRate
// sends each connection's share in a burst at the start of every second, which would measure
// its own queue). Latency counts from the moment a request is written.
import { Agent, request } from 'node:http';

export interface RateRequest {
  path: string;
  token: string;
  body: unknown;
}

export interface RateOptions {
  baseUrl: string;
  rate: number;
  seconds: number;
  /** The i-th request of the run. */
  request(i: number): RateRequest;
  /** Whether a 2xx answer's body is the expected one (counted apart when not). */
  verify?(body: string): boolean;
}

export interface RateFigures {
  sent: number;
  /** Requests per second actually sent (the schedule's, unless the generator fell behind). */
  achievedRate: number;
  ok: number;
  /** Non-2xx answers by status, and "network" for requests that got no answer in time. */
  failures: Record<string, number>;
  /** 2xx answers whose body `verify` refused. */
  unexpected: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How late the generator sent, p99: large values mean the figures include its own delay. */
  sendLagP99Ms: number;
}

/** Gives up on a request after this long, so a run always ends. */
const REQUEST_TIMEOUT_MS = 15_000;

export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

const round = (n: number) => Math.round(n * 10) / 10;

type Outcome = { status: number; body: string; ms: number } | { status: 'network' };

/** POSTs over kept-alive connections; resolves with the answer and its time, never rejects. */
function createSender(baseUrl: string) {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const send = ({ path, token, body }: RateRequest) =>
    new Promise<Outcome>((resolve) => {
      const payload = JSON.stringify(body);
      const started = performance.now();
      const req = request(
        {
          host: base.hostname,
          port: base.port,
          method: 'POST',
          path,
          agent,
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 'network' }));
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

interface Tally {
  latencies: number[];
  failures: Record<string, number>;
  unexpected: number;
}

function tally(outcomes: readonly Outcome[], verify?: (body: string) => boolean): Tally {
  const result: Tally = { latencies: [], failures: {}, unexpected: 0 };
  for (const o of outcomes) {
    if (o.status !== 'network' && o.status >= 200 && o.status < 300) {
      result.latencies.push(o.ms);
      if (verify && !verify(o.body)) result.unexpected++;
    } else {
      const key = String(o.status);
      result.failures[key] = (result.failures[key] ?? 0) + 1;
    }
  }
  result.latencies.sort((a, b) => a - b);
  return result;
}

export async function loadAtRate(options: RateOptions): Promise<RateFigures> {
  const { rate, seconds } = options;
  const total = Math.round(rate * seconds);
  const sender = createSender(options.baseUrl);
  const lags: number[] = [];
  const inFlight: Promise<Outcome>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1_000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lags.push(performance.now() - due);
    inFlight.push(sender.send(options.request(i)));
  }
  const sendingMs = performance.now() - start;
  const { latencies, failures, unexpected } = tally(await Promise.all(inFlight), options.verify);
  sender.close();
  lags.sort((a, b) => a - b);
  return {
    sent: total,
    // The last request is due at (total - 1)/rate, so that span holds total - 1 intervals.
    achievedRate: round(((total - 1) * 1_000) / sendingMs),
    ok: latencies.length,
    failures,
    unexpected,
    p50Ms: round(percentile(latencies, 50)),
    p90Ms: round(percentile(latencies, 90)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? NaN),
    sendLagP99Ms: round(percentile(lags, 99)),
  };
}

export interface SequentialFigures {
  requests: number;
  ok: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * The same requests one at a time: no queueing, so this is the service's own time for one
 * request, the floor under the figures at a rate.
 */
export async function oneAtATime(
  options: Omit<RateOptions, 'rate' | 'seconds'> & { count: number },
): Promise<SequentialFigures> {
  const sender = createSender(options.baseUrl);
  const outcomes: Outcome[] = [];
  for (let i = 0; i < options.count; i++) outcomes.push(await sender.send(options.request(i)));
  sender.close();
  const { latencies, unexpected } = tally(outcomes, options.verify);
  return {
    requests: options.count,
    ok: latencies.length - unexpected,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
  };
}
