import { waitFor } from '@mia/testing';
import { expect } from 'vitest';
import type { OtlpReceiver, ReceivedSpan } from './otlp-receiver.js';

const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;

/**
 * The trace of one paid purchase, as the services exported it: the browser's call through the
 * gateway, billing's handler, its queries and the append of PaymentSucceeded, the relay's
 * publish, access's reaction and its append of the grant. One trace id, each span under its
 * cause. Answers the spans found, for further checks.
 */
export async function expectPurchaseTrace(
  receiver: OtlpReceiver,
  paymentIntentId: string,
): Promise<ReceivedSpan[]> {
  const isGrant = (s: ReceivedSpan) =>
    s.service === 'access' &&
    s.name === 'eventstore.append' &&
    (s.attributes['mia.event_types'] as string[]).includes('AccessGranted') &&
    spansOf(s.traceId).some((c) => c.name === 'consume PaymentSucceeded');
  const spansOf = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
  // The grant's span is the last of the trace to end; the batch exporter sends it soon after.
  const grant = await waitFor(async () => receiver.spans.find(isGrant), {
    message: "access's grant append in the purchase's trace",
    timeoutMs: 15_000,
  });
  // The spans that end later (the handlers' own, the gateway's) come in later batches, each
  // process exporting on its own schedule: wait until every span's parent has arrived too.
  const trace = await waitFor(
    async () => {
      const spans = spansOf(grant.traceId);
      const ids = new Set(spans.map((s) => s.spanId));
      const orphans = spans.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId));
      return orphans.length === 1 && orphans[0]!.service === 'gateway' ? spans : undefined;
    },
    { message: "every span of the purchase's trace, up to the gateway's", timeoutMs: 10_000 },
  );
  const byId = new Map(trace.map((s) => [s.spanId, s]));
  const parentOf = (s: ReceivedSpan) => (s.parentSpanId ? byId.get(s.parentSpanId) : undefined);
  const ancestors = (s: ReceivedSpan): ReceivedSpan[] => {
    const chain: ReceivedSpan[] = [];
    for (let p = parentOf(s); p; p = parentOf(p)) chain.push(p);
    return chain;
  };
  const describe = () =>
    trace
      .map((s) => `${s.service}: ${s.name} <- ${parentOf(s)?.name ?? s.parentSpanId ?? 'root'}`)
      .join('\n');
  const one = (what: string, test: (s: ReceivedSpan) => boolean): ReceivedSpan => {
    const found = trace.find(test);
    if (!found) throw new Error(`No ${what} in the purchase's trace:\n${describe()}`);
    return found;
  };

  // Every span hangs under another of the same trace, up to the gateway's route span.
  const roots = trace.filter((s) => !parentOf(s));
  expect(roots.map((s) => `${s.service}: ${s.name}`)).toEqual(['gateway: POST /api → billing']);
  const gateway = roots[0]!;

  // The service's handler: its server span, named by the route Express matched.
  const handler = one(
    "billing's POST /api/confirm-payment",
    (s) =>
      s.service === 'billing' &&
      s.kind === SERVER &&
      s.attributes['http.route'] === '/api/confirm-payment',
  );
  expect(ancestors(handler)).toContain(gateway);
  const append = one(
    "billing's append of PaymentSucceeded",
    (s) =>
      s.service === 'billing' &&
      s.name === 'eventstore.append' &&
      (s.attributes['mia.event_types'] as string[]).includes('PaymentSucceeded'),
  );
  expect(ancestors(append)).toContain(handler);
  one(
    "billing's queries",
    (s) =>
      s.service === 'billing' && s.name.startsWith('pg.query') && ancestors(s).includes(handler),
  );
  const publish = one(
    'the relay publishing PaymentSucceeded',
    (s) =>
      s.service === 'billing' &&
      s.name === 'relay.publish' &&
      s.kind === PRODUCER &&
      s.attributes['mia.event_type'] === 'PaymentSucceeded',
  );
  expect(parentOf(publish)).toBe(append);
  // Access reacts to PaymentSucceeded more than once (grants, its directory...): the grant's.
  const consume = one(
    "access's reaction to PaymentSucceeded that granted the tool",
    (s) =>
      s.service === 'access' &&
      s.name === 'consume PaymentSucceeded' &&
      s.kind === CONSUMER &&
      ancestors(grant).includes(s),
  );
  expect(parentOf(consume)).toBe(publish);
  one(
    "access's queries",
    (s) =>
      s.service === 'access' && s.name.startsWith('pg.query') && ancestors(s).includes(consume),
  );
  expect(paymentIntentId).toMatch(/^pi_/);
  return trace;
}
