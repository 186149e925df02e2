import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import type { Log } from './core.js';

/** 1s, 2s, 4s ... 64s: eight attempts in all, about two minutes, per event. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000];

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error?: string;
  durationMs: number;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  objectId: string | null;
  state: 'pending' | 'delivered' | 'failed' | 'not_sent';
  attempts: DeliveryAttempt[];
  nextAttemptAt: string | null;
}

export interface WebhookDispatcherOptions {
  url: string | null;
  secret: string;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  log: Log;
}

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed by the secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const MAX_RECORDS = 1_000;

/**
 * Sends each event to the webhook URL, signed, retrying failures with backoff. An event's retries
 * never hold back other events; first attempts for the same object go out in creation order.
 */
export class WebhookDispatcher {
  private url: string | null;
  private readonly records: DeliveryRecord[] = [];
  private readonly chains = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private readonly waiters: Array<() => void> = [];
  private pendingCount = 0;
  private stopped = false;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.url = options.url;
  }

  setUrl(url: string | null): void {
    this.url = url;
  }

  getUrl(): string | null {
    return this.url;
  }

  enqueue(event: Stripe.Event): void {
    const objectId = (event.data.object as { id?: string }).id ?? null;
    const record: DeliveryRecord = {
      eventId: event.id,
      type: event.type,
      objectId,
      state: this.url ? 'pending' : 'not_sent',
      attempts: [],
      nextAttemptAt: null,
    };
    this.remember(record);
    const url = this.url;
    if (!url || this.stopped) return;

    event.pending_webhooks = 1;
    const payload = JSON.stringify(event, null, 2);
    this.pendingCount += 1;
    const key = objectId ?? event.id;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const first = previous.then(() => this.attempt(url, event, payload, record, 0));
    this.chains.set(key, first);
    void first.finally(() => {
      if (this.chains.get(key) === first) this.chains.delete(key);
    });
  }

  /** Every delivery, newest first, for `GET /_webhooks`. */
  deliveries(): DeliveryRecord[] {
    return [...this.records].reverse();
  }

  pending(): number {
    return this.pendingCount;
  }

  /** Resolves once no delivery is pending (sent, or given up after the last retry). */
  idle(): Promise<void> {
    if (this.pendingCount === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    for (const record of this.records) {
      if (record.state === 'pending') {
        record.state = 'failed';
        record.nextAttemptAt = null;
      }
    }
    this.pendingCount = 0;
    this.wake();
  }

  private remember(record: DeliveryRecord): void {
    this.records.push(record);
    if (this.records.length > MAX_RECORDS) {
      const index = this.records.findIndex((r) => r.state !== 'pending');
      if (index >= 0) this.records.splice(index, 1);
    }
  }

  private wake(): void {
    if (this.pendingCount > 0) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private finish(record: DeliveryRecord, event: Stripe.Event, state: 'delivered' | 'failed'): void {
    if (record.state !== 'pending') return;
    record.state = state;
    record.nextAttemptAt = null;
    event.pending_webhooks = 0;
    this.pendingCount -= 1;
    this.wake();
  }

  private async attempt(
    url: string,
    event: Stripe.Event,
    payload: string,
    record: DeliveryRecord,
    index: number,
  ): Promise<void> {
    if (this.stopped) return;
    const started = Date.now();
    const outcome = await this.post(url, payload);
    if (this.stopped) return;
    record.attempts.push({
      at: new Date(started).toISOString(),
      status: outcome.status,
      ...(outcome.error ? { error: outcome.error } : {}),
      durationMs: Date.now() - started,
    });
    if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
      this.finish(record, event, 'delivered');
      return;
    }
    const delay = this.options.retryDelaysMs[index];
    if (delay === undefined) {
      this.options.log('warn', 'webhook delivery failed for good', {
        eventId: event.id,
        type: event.type,
        attempts: record.attempts.length,
      });
      this.finish(record, event, 'failed');
      return;
    }
    record.nextAttemptAt = new Date(Date.now() + delay).toISOString();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(url, event, payload, record, index + 1);
    }, delay);
    this.timers.add(timer);
  }

  private async post(
    url: string,
    payload: string,
  ): Promise<{ status: number | null; error?: string }> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      // Signed with the wall clock at each attempt: the receiver checks a tolerance against its own.
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, this.options.secret, timestamp),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}
