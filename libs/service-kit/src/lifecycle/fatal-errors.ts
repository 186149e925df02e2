import type { Logger } from '../logger.js';

/**
 * Logs an uncaught exception or unhandled rejection as one JSON `fatal` line (with the stack)
 * and exits 1: the process state is unknown, so the orchestrator should start a fresh one.
 */
export function exitOnFatalErrors(
  logger: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    exit(1);
  });
}
