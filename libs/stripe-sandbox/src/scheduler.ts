import type { Core } from './core.js';
import { collectInvoice } from './domain/invoices.js';
import { endSubscription } from './domain/subscription-status.js';
import { renewSubscription } from './domain/subscriptions.js';

interface Due {
  at: number;
  run: () => void;
}

const RUNNING = new Set(['active', 'past_due', 'trialing']);
// A runaway loop (a bug, or a day-long interval advanced by decades) stops here.
const MAX_STEPS = 10_000;

/** The earliest thing the sandbox owes at or before `limit`: a period end, a cancellation, a retry. */
function nextDue(core: Core, limit: number): Due | null {
  let next: Due | null = null;
  const consider = (due: Due) => {
    if (due.at <= limit && (next === null || due.at < next.at)) next = due;
  };
  for (const sub of core.state.subscriptions.values()) {
    if (!RUNNING.has(sub.status)) continue;
    const periodEnd = Math.min(...sub.items.data.map((item) => item.current_period_end));
    if (sub.cancel_at !== null && sub.cancel_at <= periodEnd) {
      const at = sub.cancel_at;
      consider({ at, run: () => endSubscription(core, sub, 'cancellation_requested', at) });
    } else {
      consider({ at: periodEnd, run: () => renewSubscription(core, sub) });
    }
  }
  for (const invoice of core.state.invoices.values()) {
    const at = invoice.next_payment_attempt;
    if (invoice.status === 'open' && at !== null)
      consider({ at, run: () => collectInvoice(core, invoice) });
  }
  return next;
}

/**
 * Moves the sandbox clock to `target`, doing on the way, in time order, everything that falls
 * due: renewals, retries of failed renewals, cancellations at period end. Returns how many.
 */
export function runUntil(core: Core, target: number): number {
  let steps = 0;
  for (let due = nextDue(core, target); due !== null; due = nextDue(core, target)) {
    if (steps >= MAX_STEPS) {
      core.log('warn', 'sandbox clock stopped after too many steps', { steps });
      break;
    }
    core.clock.moveTo(due.at);
    due.run();
    steps += 1;
  }
  core.clock.moveTo(target);
  return steps;
}
