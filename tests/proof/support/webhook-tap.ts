import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureHeader } from '@mia/stripe-sandbox';
import type { ProofStack } from './proof-stack.js';

// Between the sandbox and billing: every webhook the sandbox sends is captured byte for byte
// with its signature, so a test can deliver a genuine one again (20 copies at once, or an old
// one minutes later), and while `hold` is on the sandbox hears 200 and billing hears nothing
// until the test delivers the held events in the order it chooses (Stripe promises no order).
// While `pause`d, webhooks wait at the tap with the sandbox's request still open and go on to
// billing at `resume`, billing's answer back to the sandbox: the provider's own attempt (and its
// retry of a refused one) arrives exactly when the test chooses.

/** The sandbox's signing secret (its development default, which billing verifies with too). */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_development_secret';

export interface CapturedWebhook {
  id: string;
  type: string;
  /** The event's object id (pi_, in_, sub_, ch_, du_ ...). */
  objectId: string;
  /** The object's metadata, when it has any (our userId on tools' and plans' objects). */
  metadata: Record<string, string>;
  /** The exact bytes and the signature header the sandbox sent. */
  body: string;
  signature: string;
  /** Billing's answer when the tap passed it on (unset while held, paused or in flight). */
  passedOn?: Delivery;
}

export interface Delivery {
  status: number;
  body: Record<string, unknown> | null;
}

export interface WebhookTap {
  url: string;
  /** While true, new webhooks are kept (the sandbox hears 200) and billing does not see them. */
  hold: boolean;
  readonly captured: readonly CapturedWebhook[];
  /** From now on, passed-on webhooks wait at the tap (the sandbox's request open) until `resume`. */
  pause(): void;
  /** Passes on every waiting webhook; billing's answer goes back to the sandbox. */
  resume(): void;
  /** Webhooks waiting at the paused tap. */
  readonly waiting: number;
  /** The held webhooks, removed from the held list (deliver them with `deliver`). */
  takeHeld(): CapturedWebhook[];
  /** Posts a captured webhook to billing (through the gateway by default), as it was signed. */
  deliver(
    hook: CapturedWebhook,
    options?: { signature?: string; direct?: boolean },
  ): Promise<Delivery>;
  close(): Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A Stripe signature header over `body`, at a chosen time and with a chosen secret. */
export const signAt = (body: string, unixSeconds: number, secret = SANDBOX_WEBHOOK_SECRET) =>
  signatureHeader(body, secret, unixSeconds);

/** Starts the tap and points the sandbox's webhook endpoint at it. */
export async function startWebhookTap(stack: ProofStack): Promise<WebhookTap> {
  const captured: CapturedWebhook[] = [];
  let held: CapturedWebhook[] = [];
  let gate: { opened: Promise<void>; open: () => void } | null = null;
  let waiting = 0;
  const billingHook = `${stack.billing.url}/api/webhooks/stripe`;
  const gatewayHook = `${stack.gateway.url}/api/webhooks/stripe`;

  const post = async (url: string, body: string, signature: string): Promise<Delivery> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body,
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | null;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  };

  const tap: WebhookTap = {
    url: '',
    hold: false,
    captured,
    pause() {
      if (gate) return;
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { opened, open };
    },
    resume() {
      const paused = gate;
      gate = null;
      paused?.open();
    },
    get waiting() {
      return waiting;
    },
    takeHeld() {
      const taken = held;
      held = [];
      return taken;
    },
    deliver: (hook, options = {}) =>
      post(
        options.direct ? billingHook : gatewayHook,
        hook.body,
        options.signature ?? hook.signature,
      ),
    close: async () => {
      tap.resume();
      await stack.sandboxControl('POST', '/_webhooks/endpoint', { url: billingHook });
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const event = JSON.parse(body) as {
        id: string;
        type: string;
        data: { object: { id: string; metadata?: Record<string, string> } };
      };
      const hook: CapturedWebhook = {
        id: event.id,
        type: event.type,
        objectId: event.data.object.id,
        metadata: event.data.object.metadata ?? {},
        body,
        signature: String(req.headers['stripe-signature'] ?? ''),
      };
      captured.push(hook);
      if (tap.hold) {
        held.push(hook);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"held":true}');
        return;
      }
      const paused = gate;
      if (paused) {
        waiting += 1;
        await paused.opened;
        waiting -= 1;
      }
      // Passed on as sent; billing's answer goes back to the sandbox (a 500 is retried).
      const answer = await post(billingHook, body, hook.signature).catch(() => null);
      hook.passedOn = answer ?? { status: 502, body: null };
      res
        .writeHead(answer?.status ?? 502, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer?.body ?? {}));
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tap.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const pointed = await stack.sandboxControl('POST', '/_webhooks/endpoint', { url: tap.url });
  if (!pointed.ok) throw new Error(`sandbox refused the tap: ${await pointed.text()}`);
  return tap;
}
