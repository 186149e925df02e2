/**
 * The card fields Stripe.js posts when it confirms a payment with a card typed into its form
 * (`payment_method_data[...]`), with an expiry far ahead and any CVC, as Stripe's test cards
 * take. Tests, benchmarks and the sandbox's own harness pay through the sandbox this way.
 */
export function cardFields(
  number: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2099',
    'payment_method_data[card][cvc]': '123',
    ...overrides,
  };
}

/** The whole form body of `POST /v1/payment_intents/:id/confirm` as the browser sends it. */
export const cardConfirmForm = (options: {
  publishableKey: string;
  clientSecret: string;
  number: string;
}): URLSearchParams =>
  new URLSearchParams({
    key: options.publishableKey,
    client_secret: options.clientSecret,
    ...cardFields(options.number),
  });
