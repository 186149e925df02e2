import type Stripe from 'stripe';
import { setupOutcome } from '../cards.js';
import type { Core } from '../core.js';
import {
  cardError,
  docUrl,
  invalidRequest,
  resourceMissing,
  unexpectedState,
  type CardFailure,
} from '../errors.js';
import { attachPaymentMethod, paymentMethodFromParams } from '../domain/payment-methods.js';
import type { FormObject } from '../form.js';
import { paginate } from '../list.js';
import { setupIntentObject } from '../objects/setup-intent.js';
import {
  boolParam,
  enumParam,
  mergeMetadata,
  objParam,
  strArrayParam,
  strParam,
} from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';
import { getCustomer } from './customers.js';

function getSetupIntent(core: Core, id: string): Stripe.SetupIntent {
  const si = core.state.setupIntents.get(id);
  if (!si) throw resourceMissing('setup_intent', id);
  return si;
}

function setupFailed(
  core: Core,
  si: Stripe.SetupIntent,
  failure: CardFailure,
  paymentMethod: Stripe.PaymentMethod | null,
  emit: boolean,
): never {
  si.status = 'requires_payment_method';
  si.payment_method = null;
  si.last_setup_error = {
    type: 'card_error',
    code: failure.code as Stripe.SetupIntent.LastSetupError.Code,
    ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
    doc_url: docUrl(failure.code),
    message: failure.message,
    ...(failure.param ? { param: failure.param } : {}),
    ...(paymentMethod
      ? { payment_method: structuredClone(paymentMethod), payment_method_type: 'card' }
      : {}),
  };
  if (emit) core.emit('setup_intent.setup_failed', si);
  throw cardError(failure, {
    setup_intent: render(core.state, si),
    ...(paymentMethod ? { payment_method: render(core.state, paymentMethod) } : {}),
  });
}

/**
 * Saves a card for later: checked with the issuer (0002 is refused, 0341 and 9995 are saved and
 * fail only when charged), then attached to the SetupIntent's customer. Making it the default is
 * billing's call (customer or subscription update), as with Stripe.
 */
function confirmSetupIntent(
  core: Core,
  si: Stripe.SetupIntent,
  params: FormObject,
): Stripe.SetupIntent {
  if (si.status === 'succeeded' || si.status === 'canceled') {
    throw unexpectedState(
      `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
      'setup_intent_unexpected_state',
    );
  }
  const chosen =
    paymentMethodFromParams(core, params) ??
    (typeof si.payment_method === 'string'
      ? { ok: true as const, paymentMethod: core.state.paymentMethods.get(si.payment_method)! }
      : null);
  if (!chosen) {
    throw invalidRequest(
      "You cannot confirm this SetupIntent because it's missing a payment method.",
      'payment_method',
      'setup_intent_unexpected_state',
    );
  }
  if (!chosen.ok) setupFailed(core, si, chosen.failure, null, false);
  const paymentMethod = chosen.paymentMethod;
  const card = core.state.cards.get(paymentMethod.id);
  const outcome = card ? setupOutcome(card, core.clock.now()) : ({ ok: true } as const);
  if (!outcome.ok) setupFailed(core, si, outcome.failure, paymentMethod, true);
  const customer = typeof si.customer === 'string' ? si.customer : (si.customer?.id ?? null);
  if (customer) {
    const attached = attachPaymentMethod(core, paymentMethod, customer);
    if (!attached.ok) setupFailed(core, si, attached.failure, paymentMethod, true);
  }
  si.status = 'succeeded';
  si.payment_method = paymentMethod.id;
  si.last_setup_error = null;
  core.emit('setup_intent.succeeded', si);
  return si;
}

const clientSecret = (core: Core, path: Record<string, string>) =>
  core.state.setupIntents.get(path.id!)?.client_secret;

export const setupIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/setup_intents',
    handle({ core, params, expand }) {
      const customer = strParam(params, 'customer');
      if (customer) getCustomer(core, customer, 'customer');
      const automatic = objParam(params, 'automatic_payment_methods');
      const types = strArrayParam(params, 'payment_method_types');
      const si = setupIntentObject({
        created: core.clock.now(),
        customer: customer || null,
        description: strParam(params, 'description') || null,
        metadata: mergeMetadata({}, params),
        usage: enumParam(params, 'usage', ['on_session', 'off_session'] as const) ?? 'off_session',
        automatic_payment_methods: automatic ? automatic.enabled === 'true' : !types,
      });
      core.state.setupIntents.set(si.id, si);
      if (boolParam(params, 'confirm'))
        return render(core.state, confirmSetupIntent(core, si, params), expand);
      const pm = strParam(params, 'payment_method');
      if (pm) {
        si.payment_method = pm;
        si.status = 'requires_confirmation';
      }
      return render(core.state, si, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    clientSecret,
    handle: ({ core, path, expand }) => render(core.state, getSetupIntent(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/confirm',
    clientSecret,
    handle({ core, path, params, expand }) {
      return render(
        core.state,
        confirmSetupIntent(core, getSetupIntent(core, path.id!), params),
        expand,
      );
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/cancel',
    handle({ core, path, expand }) {
      const si = getSetupIntent(core, path.id!);
      if (si.status === 'succeeded' || si.status === 'canceled') {
        throw unexpectedState(
          `You cannot cancel this SetupIntent because it has a status of ${si.status}.`,
          'setup_intent_unexpected_state',
        );
      }
      si.status = 'canceled';
      si.cancellation_reason = 'requested_by_customer';
      core.emit('setup_intent.canceled', si);
      return render(core.state, si, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents',
    handle({ core, params, expand }) {
      const customer = strParam(params, 'customer');
      const items = newestFirst(
        core.state.setupIntents,
        (si) => !customer || si.customer === customer,
      );
      return render(core.state, paginate(items, params, '/v1/setup_intents'), expand);
    },
  },
];
