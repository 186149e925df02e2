/** Stripe's error body: `{ error: { type, code?, decline_code?, message, param?, ... } }`. */
export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  setup_intent?: unknown;
  request_log_url?: string;
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`;

/** Thrown by handlers; the server turns it into Stripe's status and body. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

/** A missing object: 404 when its id is in the URL, 400 when it was named by a parameter. */
export function resourceMissing(kind: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : { param: 'id' }),
  });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function unexpectedState(message: string, code: string): StripeApiError {
  return invalidRequest(message, undefined, code);
}

export function authenticationError(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message });
}

export function idempotencyError(key: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'idempotency_error',
    message:
      'Keys for idempotent requests can only be used with the same parameters they were first ' +
      `used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });
}

export interface CardFailure {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export function cardError(
  failure: CardFailure,
  extra: Pick<StripeErrorBody, 'charge' | 'payment_intent' | 'payment_method' | 'setup_intent'>,
): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: failure.code,
    ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
    doc_url: docUrl(failure.code),
    message: failure.message,
    ...(failure.param ? { param: failure.param } : {}),
    ...extra,
  });
}

export { docUrl };
