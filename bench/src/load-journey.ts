// One virtual user's whole journey through the gateway, as the web app makes it: register, sign
// in, buy a tool in the sandbox (intent, Stripe.js's card confirm, confirm-payment), wait until
// access has granted it (the event path's lag), open it, read the dashboard, ask the support
// chat, open a ticket. Each step is timed; a failed step ends the journey.
import { randomUUID } from 'node:crypto';
import { products } from '@mia/catalog';
import { cardConfirmForm } from '@mia/stripe-sandbox';

export const STEPS = [
  'register',
  'sign in',
  'payment intent',
  'card (sandbox)',
  'confirm payment',
  'granted (event lag)',
  'open tool',
  'dashboard',
  'chat',
  'ticket',
] as const;
export type Step = (typeof STEPS)[number];

export interface JourneyResult {
  /** Milliseconds per completed step. */
  steps: Partial<Record<Step, number>>;
  /**
   * The step that failed and how (`503`, `network`, `timeout`, `not granted`), or `cut` when
   * the level ended while the step was waiting.
   */
  failure?: { step: Step; status: string; detail: string; retryAfterSeconds?: number };
}

const forSale = products.filter((p) => p.checkout).map((p) => p.id);
const PASSWORD = 'Gracia-y-Paz-2026';
const SANDBOX_KEY = 'pk_test_sandbox';
// Past the gateway's own 30 s proxy timeout, so a slow service shows as the gateway's 504.
const STEP_TIMEOUT_MS = 35_000;
const GRANT_TIMEOUT_MS = 30_000;

class StepError extends Error {
  constructor(
    readonly status: string,
    detail: string,
    /** A 503's Retry-After: the answer asks the user to come back after this long. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }
}

/** `stop` aborts the step in flight (the level's end): the journey ends as `cut`. */
export async function journey(gateway: string, stop: AbortSignal): Promise<JourneyResult> {
  const steps: JourneyResult['steps'] = {};
  let cookie = '';
  let current: Step = 'register';

  const call = async (
    path: string,
    init: { method?: string; body?: unknown; form?: URLSearchParams } = {},
  ) => {
    let res: Response;
    try {
      res = await fetch(`${gateway}${path}`, {
        method: init.method ?? (init.body || init.form ? 'POST' : 'GET'),
        headers: {
          origin: gateway,
          ...(cookie ? { cookie } : {}),
          ...(init.form
            ? { 'content-type': 'application/x-www-form-urlencoded' }
            : init.body
              ? { 'content-type': 'application/json' }
              : {}),
        },
        body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
        signal: AbortSignal.any([AbortSignal.timeout(STEP_TIMEOUT_MS), stop]),
      });
    } catch (err) {
      if (stop.aborted) throw new StepError('cut', 'the level ended');
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new StepError(timedOut ? 'timeout' : 'network', String(err));
    }
    const text = await res.text();
    if (!res.ok) {
      const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
      throw new StepError(
        String(res.status),
        text.slice(0, 200),
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
    return { res, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const timed = async <T>(step: Step, run: () => Promise<T>): Promise<T> => {
    current = step;
    const t0 = performance.now();
    const value = await run();
    steps[step] = performance.now() - t0;
    return value;
  };
  const sessionOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  try {
    const id = randomUUID().slice(0, 12);
    const email = `carga.${id}@iglesia.org`;
    await timed('register', async () => {
      const { res } = await call('/api/register', {
        body: { name: 'Pastor Carga', username: `carga_${id}`, email, password: PASSWORD },
      });
      cookie = sessionOf(res);
    });
    await timed('sign in', async () => {
      const { res } = await call('/api/login', { body: { username: email, password: PASSWORD } });
      cookie = sessionOf(res);
    });
    const productId = forSale[Math.floor(Math.random() * forSale.length)]!;
    const intent = await timed('payment intent', () =>
      call('/api/create-payment-intent', { body: { productId } }),
    );
    const clientSecret = String(intent.body.clientSecret);
    const intentId = clientSecret.split('_secret_')[0]!;
    await timed('card (sandbox)', () =>
      call(`/sandbox/stripe/v1/payment_intents/${intentId}/confirm`, {
        form: cardConfirmForm({
          publishableKey: SANDBOX_KEY,
          clientSecret,
          number: '4242424242424242',
        }),
      }),
    );
    await timed('confirm payment', async () => {
      const { body } = await call('/api/confirm-payment', { body: { paymentIntentId: intentId } });
      if (body.status !== 'succeeded') throw new StepError('not succeeded', JSON.stringify(body));
    });
    // The dashboard as the page polls it after paying, until access has the grant.
    await timed('granted (event lag)', async () => {
      const deadline = performance.now() + GRANT_TIMEOUT_MS;
      for (;;) {
        const { body } = await call('/api/dashboard');
        const owned = (body.availableProducts as Array<{ id: string; purchased: boolean }>).some(
          (p) => p.id === productId && p.purchased,
        );
        if (owned) return;
        if (performance.now() > deadline) throw new StepError('not granted', productId);
        if (stop.aborted) throw new StepError('cut', 'the level ended');
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    await timed('open tool', () => call('/api/access-gpt', { body: { productId } }));
    await timed('dashboard', () => call('/api/dashboard'));
    await timed('chat', () =>
      call('/api/support/chat', { body: { message: 'No puedo abrir la herramienta que compré' } }),
    );
    await timed('ticket', () =>
      call('/api/tickets', {
        body: {
          title: 'No puedo abrir la herramienta',
          description: 'Compré la herramienta y el enlace no abre.',
          categoryId: 'access',
        },
      }),
    );
    return { steps };
  } catch (err) {
    const status = err instanceof StepError ? err.status : 'error';
    const retryAfterSeconds = err instanceof StepError ? err.retryAfterSeconds : undefined;
    return {
      steps,
      failure: { step: current, status, detail: String((err as Error).message), retryAfterSeconds },
    };
  }
}
