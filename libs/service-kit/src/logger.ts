import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { redactSecrets } from './config/redact.js';
import { currentContext } from './context.js';
import { activeSpanIds } from './tracing/propagation.js';

export type { Logger } from 'pino';

/**
 * Paths censored before a line is written, so objects (not only strings) under these names
 * never reach a log. Every line then goes through `redactSecrets`, which catches secret-like
 * names at any depth and tokens, links with tokens, cookies and hashes by their form.
 */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'tokenHash',
  'resetToken',
  'clientSecret',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.tokenHash',
  '*.resetToken',
  '*.clientSecret',
  '*.authorization',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
];

let stdout: DestinationStream | undefined;
const captures = new Set<string[]>();

/** Every logger's output: each line redacted, then written to stdout (or to a capture). */
const redactingOutput: DestinationStream = {
  write(line: string) {
    const safe = redactSecrets(line);
    if (captures.size > 0) {
      for (const lines of captures) lines.push(safe);
      return;
    }
    stdout ??= pino.destination({ fd: 1, sync: true });
    stdout.write(safe);
  },
};

/**
 * For tests: from now on, log lines (as they would be written, after redaction) are collected
 * instead of written to stdout, until `stop()`.
 */
export function captureLogLines(): { lines: string[]; stop(): void } {
  const lines: string[] = [];
  captures.add(lines);
  return { lines, stop: () => void captures.delete(lines) };
}

/**
 * JSON logger stamped with the service name and, inside a request or event handler,
 * the request and correlation ids of the work in progress.
 */
export function createLogger(service: string, level = 'info', options: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin() {
        const ctx = currentContext();
        // traceId/spanId of the active span (none with tracing off): a log line opens its trace.
        const span = activeSpanIds();
        return ctx
          ? {
              requestId: ctx.requestId,
              correlationId: ctx.correlationId,
              causationId: ctx.causationId ?? undefined,
              ...span,
            }
          : span;
      },
      ...options,
    },
    redactingOutput,
  );
}
