import { z } from 'zod';
import { DAY } from './clock.js';
import type { Core } from './core.js';
import { closeDispute } from './domain/disputes.js';
import { runUntil } from './scheduler.js';
import type { WebhookDispatcher } from './webhooks.js';

/**
 * The sandbox's own endpoints (not Stripe's), under `/_`: health, the clock, disputes' verdicts
 * and the webhook log. JSON in and out, no API key: they exist only in development and tests.
 */
export interface ControlAnswer {
  status: number;
  body: unknown;
}

const advanceSchema = z
  .object({
    days: z.number().nonnegative().optional(),
    seconds: z.number().int().nonnegative().optional(),
  })
  .strict()
  .refine((value) => value.days !== undefined || value.seconds !== undefined, {
    message: 'Give days or seconds',
  });

const closeSchema = z
  .object({ outcome: z.enum(['won', 'lost', 'warning_closed', 'prevented']) })
  .strict();
const endpointSchema = z.object({ url: z.url().nullable() }).strict();

const clockBody = (core: Core) => ({
  now: core.clock.now(),
  iso: new Date(core.clock.now() * 1000).toISOString(),
});

function invalid(message: string): ControlAnswer {
  return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
}

export function createControl(core: Core, webhooks: WebhookDispatcher) {
  return async function control(
    method: string,
    pathname: string,
    body: unknown,
    query: URLSearchParams,
  ): Promise<ControlAnswer | null> {
    if (method === 'GET' && pathname === '/_health') return { status: 200, body: { status: 'ok' } };
    if (method === 'GET' && pathname === '/_clock') return { status: 200, body: clockBody(core) };
    if (method === 'POST' && pathname === '/_clock/advance') {
      const parsed = advanceSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error.issues.map((i) => i.message).join('; '));
      const by = Math.round((parsed.data.days ?? 0) * DAY) + (parsed.data.seconds ?? 0);
      const processed = runUntil(core, core.clock.now() + by);
      return { status: 200, body: { ...clockBody(core), advanced_by: by, processed } };
    }
    const dispute = /^\/_dispute\/([^/]+)\/close$/.exec(pathname);
    if (method === 'POST' && dispute) {
      const found = core.state.disputes.get(decodeURIComponent(dispute[1]!));
      if (!found)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such dispute' } },
        };
      const parsed = closeSchema.safeParse(body);
      if (!parsed.success) return invalid('outcome must be won, lost, warning_closed or prevented');
      if (['won', 'lost', 'warning_closed', 'prevented'].includes(found.status))
        return invalid(`The dispute is already ${found.status}.`);
      closeDispute(core, found, parsed.data.outcome);
      return { status: 200, body: found };
    }
    if (method === 'GET' && pathname === '/_webhooks') {
      return {
        status: 200,
        body: {
          url: webhooks.getUrl(),
          pending: webhooks.pending(),
          deliveries: webhooks.deliveries(),
        },
      };
    }
    if (method === 'GET' && pathname === '/_webhooks/idle') {
      const timeoutMs = Math.min(Number(query.get('timeout_ms') ?? 10_000) || 10_000, 60_000);
      const idle = await Promise.race([
        webhooks.idle().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
      ]);
      return { status: idle ? 200 : 504, body: { idle, pending: webhooks.pending() } };
    }
    if (method === 'POST' && pathname === '/_webhooks/endpoint') {
      const parsed = endpointSchema.safeParse(body);
      if (!parsed.success) return invalid('url must be a URL or null');
      webhooks.setUrl(parsed.data.url);
      return { status: 200, body: { url: webhooks.getUrl() } };
    }
    return null;
  };
}
