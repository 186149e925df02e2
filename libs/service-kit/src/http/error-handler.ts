import type { ErrorRequestHandler, RequestHandler } from 'express';
import { API_ERROR_CODES, type ApiError } from '@mia/contracts';
import { DOMAIN_ERROR_STATUS, DomainError } from '../domain/errors.js';
import type { Logger } from '../logger.js';
import { HttpError } from './errors.js';

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' } satisfies ApiError);
};

// Errors raised by express.json (body-parser) carry `type`, `status` and `expose`.
interface BodyParserError {
  type: string;
  status: number;
}
const isBodyParserError = (error: unknown): error is BodyParserError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as BodyParserError).type === 'string' &&
  typeof (error as BodyParserError).status === 'number' &&
  (error as { expose?: unknown }).expose === true;

function bodyParserAnswer(error: BodyParserError): HttpError {
  switch (error.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'Malformed JSON in request body', API_ERROR_CODES.invalidJson);
    case 'entity.too.large':
      return new HttpError(413, 'Request body is too large', API_ERROR_CODES.payloadTooLarge);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(
        415,
        'Unsupported request body encoding',
        API_ERROR_CODES.unsupportedMediaType,
      );
    default:
      return new HttpError(error.status, 'Invalid request body');
  }
}

// Express's router decodes path parameters with decodeURIComponent; `/tickets/%zz` fails there
// with a URIError it marks 400. The client's mistake, not a bug: answered 400, not logged.
const isMalformedPath = (error: unknown): boolean =>
  error instanceof URIError && (error as { status?: unknown }).status === 400;

// A request that waited its whole allowance for a database connection (pg's pool checkout, or a
// Prisma transaction that could not start): the service is saturated, not broken. Answering 503
// with Retry-After tells clients and the gateway's callers to come back, instead of a 500 that
// reads like a bug.
const BUSY_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /unable to start a transaction in the given time/i,
];
function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && BUSY_MESSAGES.some((re) => re.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The one error shape `{ message, code?, details? }`. HttpErrors are answered as they are,
 * DomainErrors with their kind's status;
 * anything else is a bug: logged with its stack, answered 500 without detail.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    // Too late to answer: let Express close the connection.
    if (res.headersSent) return next(error);

    let answer: HttpError;
    if (error instanceof HttpError) answer = error;
    else if (error instanceof DomainError) {
      // A refused command: the rule's own message, with the status its kind stands for.
      answer = new HttpError(
        DOMAIN_ERROR_STATUS[error.kind],
        error.message,
        error.code,
        error.details,
      );
    } else if (isBodyParserError(error) && error.status < 500) answer = bodyParserAnswer(error);
    else if (isMalformedPath(error)) answer = new HttpError(400, 'Malformed request path');
    else if (isDatabaseBusy(error)) {
      logger.warn({ method: req.method, path: req.path }, 'database busy: answered 503');
      answer = new HttpError(503, 'Service busy, try again shortly', 'busy', undefined, {
        'retry-after': '1',
      });
    } else {
      logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
      answer = new HttpError(500, 'Internal server error');
    }
    res.status(answer.status).set(answer.headers).json(answer.toBody());
  };
}
