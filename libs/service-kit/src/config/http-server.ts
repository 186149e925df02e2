import { z } from 'zod';
import { portSchema } from './env-schemas.js';
import type { ConfigProblem } from './load.js';

/** Where the metrics listener goes when METRICS_PORT is unset: beside the public port. */
export const METRICS_PORT_OFFSET = 1000;

const ms = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

/**
 * How a process's HTTP listeners treat clients (the gateway's and every service's): limits that
 * keep a slow or greedy client from holding sockets, and the separate metrics listener.
 */
export const httpServerConfigShape = {
  // Unset: PORT + 1000 (PORT 0: any free port), so `npm start`'s processes on one machine
  // never collide (gateway 9080, services 9081-9084).
  METRICS_PORT: portSchema.optional(),
  // Unset: the same interface as HOST.
  METRICS_HOST: z.string().min(1).optional(),
  // Time a client has to send its request headers, then its whole request (body included).
  HTTP_HEADERS_TIMEOUT_MS: ms(100, 10_000),
  HTTP_REQUEST_TIMEOUT_MS: ms(100, 30_000),
  // Longer than the idle timeouts of common proxies and load balancers (60 s), so the proxy,
  // not this process, closes an idle connection and never reuses one it just dropped.
  HTTP_KEEP_ALIVE_TIMEOUT_MS: ms(100, 65_000),
  // Open client connections per process; further ones are closed at once.
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1024),
};

type HttpServerConfig = z.output<z.ZodObject<typeof httpServerConfigShape>> & {
  PORT: number;
  HOST?: string | undefined;
};

/**
 * What the shape cannot check alone (it relates variables). Objects that services extend
 * cannot carry refinements, so startService (and the gateway's schema) ask for these.
 */
export function httpServerConfigProblems(config: HttpServerConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push({
      variable: 'HTTP_HEADERS_TIMEOUT_MS',
      reason: 'must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
    });
  }
  const metricsPort = metricsAddressOf(config).port;
  if (metricsPort > 65535)
    problems.push({
      variable: 'METRICS_PORT',
      reason: `must be set when PORT + ${METRICS_PORT_OFFSET} is no port`,
    });
  else if (metricsPort !== 0 && metricsPort === config.PORT)
    problems.push({ variable: 'METRICS_PORT', reason: 'must differ from PORT' });
  return problems;
}

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

export const serverLimitsOf = (config: HttpServerConfig): ServerLimits => ({
  headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
  requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  maxConnections: config.HTTP_MAX_CONNECTIONS,
});

/** The metrics listener's address: METRICS_PORT/METRICS_HOST, else beside PORT on HOST. */
export function metricsAddressOf(config: HttpServerConfig): { port: number; host?: string } {
  const port = config.METRICS_PORT ?? (config.PORT === 0 ? 0 : config.PORT + METRICS_PORT_OFFSET);
  const host = config.METRICS_HOST ?? config.HOST;
  return host === undefined ? { port } : { port, host };
}
