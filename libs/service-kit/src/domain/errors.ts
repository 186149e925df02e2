/**
 * Why a command was refused, in terms the HTTP layer maps to a status (see the kit's error
 * handler): `invalid` 400, `unauthorized` 401, `payment_required` 402, `forbidden` 403,
 * `not_found` 404, `conflict` 409, `gone` 410, `too_many` 429. `message` is shown to the user.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_many';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable machine-readable reason, e.g. `already_owned`. */
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_many: 429,
};
