import { pino, type Logger, type LoggerOptions } from 'pino';
import { currentContext } from './context.js';

export type { Logger } from 'pino';

/** Paths never written to logs, whatever a caller passes. */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'confirmPassword',
  'token',
  'resetToken',
  'clientSecret',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.resetToken',
  '*.clientSecret',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * JSON logger stamped with the service name and, inside a request or event handler,
 * the request and correlation ids of the work in progress.
 */
export function createLogger(service: string, level = 'info', options: LoggerOptions = {}): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = currentContext();
      return ctx
        ? {
            requestId: ctx.requestId,
            correlationId: ctx.correlationId,
            causationId: ctx.causationId ?? undefined,
          }
        : {};
    },
    ...options,
  });
}
