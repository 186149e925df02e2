import type Stripe from 'stripe';
import type { SandboxClock } from './clock.js';
import { newId } from './ids.js';
import { render } from './render.js';
import type { SandboxState } from './state.js';

export const API_VERSION = '2026-10-28.endive';

export type LogLevel = 'info' | 'warn' | 'error';
export type Log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

export interface CoreOptions {
  secretKey: string;
  publishableKey: string;
  /** How long after a 0259 card's charge its dispute opens (wall-clock milliseconds). */
  disputeDelayMs: number;
  /** Days after a failed automatic charge at which it is retried; after the last, the subscription ends. */
  dunningRetryDays: readonly number[];
  /** Where receipts pretend to live (charge.receipt_url). */
  publicUrl: string;
}

/** The API request an event came from, as `event.request` reports it. */
export interface RequestInfo {
  id: string;
  idempotency_key: string | null;
}

/** What every resource handler and the scheduler share. */
export interface Core {
  readonly state: SandboxState;
  readonly clock: SandboxClock;
  readonly options: CoreOptions;
  readonly log: Log;
  /** Set by the server while a request runs; events made meanwhile name it. */
  request: RequestInfo | null;
  /** Records an event about `object` (a snapshot of it now) and hands it to the webhooks. */
  emit(type: string, object: object, previousAttributes?: Record<string, unknown>): Stripe.Event;
  /** Runs `task` after `ms` of wall time, counted as pending work by `idle()`. */
  later(ms: number, task: () => void): void;
}

export interface CoreHandle extends Core {
  pendingTasks(): number;
  onTasksDone(listener: () => void): void;
  stop(): void;
}

export function createCore(deps: {
  state: SandboxState;
  clock: SandboxClock;
  options: CoreOptions;
  log: Log;
  onEvent: (event: Stripe.Event) => void;
}): CoreHandle {
  const timers = new Set<NodeJS.Timeout>();
  const listeners: Array<() => void> = [];
  const notify = () => {
    if (timers.size === 0) for (const listener of listeners.splice(0)) listener();
  };

  const core: CoreHandle = {
    state: deps.state,
    clock: deps.clock,
    options: deps.options,
    log: deps.log,
    request: null,
    emit(type, object, previousAttributes) {
      const event = {
        id: newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: deps.clock.now(),
        data: {
          object: render(deps.state, object),
          ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
        },
        livemode: false,
        pending_webhooks: 0,
        request: core.request ? { ...core.request } : { id: null, idempotency_key: null },
        type,
      } as unknown as Stripe.Event;
      deps.state.events.set(event.id, event);
      deps.onEvent(event);
      return event;
    },
    later(ms, task) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        try {
          task();
        } catch (error) {
          deps.log('error', 'scheduled sandbox task failed', { error: String(error) });
        }
        notify();
      }, ms);
      timers.add(timer);
    },
    pendingTasks: () => timers.size,
    onTasksDone(listener) {
      listeners.push(listener);
      notify();
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      notify();
    },
  };
  return core;
}

/** A JSON snapshot of an object's top-level fields, to report what an update changed. */
export function snapshot(state: SandboxState, obj: object): Record<string, unknown> {
  return render(state, obj) as Record<string, unknown>;
}

/** `previous_attributes`: the earlier value of every top-level field that changed. */
export function changedFrom(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      previous[key] = before[key] ?? null;
  }
  return previous;
}
