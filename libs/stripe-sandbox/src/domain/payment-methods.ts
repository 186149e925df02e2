import type Stripe from 'stripe';
import { checkCard, setupOutcome, TEST_PAYMENT_METHODS, type CardInput } from '../cards.js';
import type { Core } from '../core.js';
import { invalidRequest, resourceMissing, type CardFailure } from '../errors.js';
import type { FormObject } from '../form.js';
import { paymentMethodObject } from '../objects/payment-method.js';
import { objParam, strParam } from '../params.js';

export type PaymentMethodResult =
  { ok: true; paymentMethod: Stripe.PaymentMethod } | { ok: false; failure: CardFailure };

function fromCard(core: Core, input: CardInput, paramPrefix: string): PaymentMethodResult {
  const checked = checkCard(input, core.clock.now(), paramPrefix);
  if (!checked.ok) return checked;
  const paymentMethod = paymentMethodObject(checked.card, core.clock.now(), null);
  core.state.paymentMethods.set(paymentMethod.id, paymentMethod);
  core.state.cards.set(paymentMethod.id, checked.card);
  return { ok: true, paymentMethod };
}

function cardInput(card: FormObject): CardInput {
  const field = (name: string) => {
    const value = card[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    number: field('number'),
    exp_month: field('exp_month'),
    exp_year: field('exp_year'),
    cvc: field('cvc'),
  };
}

/** An existing PaymentMethod, or a new one for Stripe's test ids (`pm_card_visa`). */
export function findPaymentMethod(core: Core, id: string, param: string): Stripe.PaymentMethod {
  const testCard = TEST_PAYMENT_METHODS[id];
  if (testCard) {
    const made = fromCard(
      core,
      { number: testCard, exp_month: 12, exp_year: 2099, cvc: '123' },
      param,
    );
    if (made.ok) return made.paymentMethod;
  }
  const found = core.state.paymentMethods.get(id);
  if (!found) throw resourceMissing('PaymentMethod', id, param);
  return found;
}

/**
 * The payment method a confirm names: `payment_method` (an id) or `payment_method_data` (a card
 * typed in the browser). Null when the request names none. Card data that fails validation is
 * reported as a card failure, the way Stripe declines it.
 */
export function paymentMethodFromParams(
  core: Core,
  params: FormObject,
): PaymentMethodResult | null {
  const id = strParam(params, 'payment_method');
  if (id) return { ok: true, paymentMethod: findPaymentMethod(core, id, 'payment_method') };
  const data = objParam(params, 'payment_method_data');
  if (!data) return null;
  if (data.type !== 'card') {
    throw invalidRequest(
      'The sandbox accepts only card payment methods.',
      'payment_method_data[type]',
      'payment_method_invalid_parameter',
    );
  }
  const card = data.card;
  if (typeof card !== 'object' || Array.isArray(card)) {
    throw invalidRequest(
      'Missing required param: payment_method_data[card].',
      'payment_method_data[card]',
      'parameter_missing',
    );
  }
  return fromCard(core, cardInput(card), 'payment_method_data[card]');
}

/** `POST /v1/payment_methods` with `card[...]`: test mode accepts raw card data. */
export function paymentMethodFromCardParams(core: Core, params: FormObject): PaymentMethodResult {
  const card = objParam(params, 'card');
  if (!card) throw invalidRequest('Missing required param: card.', 'card', 'parameter_missing');
  return fromCard(core, cardInput(card), 'card');
}

export function customerId(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === 'string' ? value : value.id;
}

/** Attaches a card to a customer; like Stripe, a card the issuer refuses cannot be saved. */
export function attachPaymentMethod(
  core: Core,
  paymentMethod: Stripe.PaymentMethod,
  customer: string,
): { ok: true } | { ok: false; failure: CardFailure } {
  const current = customerId(paymentMethod.customer);
  if (current === customer) return { ok: true };
  if (current !== null) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
    );
  }
  const card = core.state.cards.get(paymentMethod.id);
  if (card) {
    const outcome = setupOutcome(card, core.clock.now());
    if (!outcome.ok) return outcome;
  }
  paymentMethod.customer = customer;
  return { ok: true };
}
