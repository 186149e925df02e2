/**
 * The address `npm start`'s gateway listens on. Loopback unless HOST says otherwise: the local
 * system runs in development mode, whose forgot-password answer carries the reset token, so it
 * must not be reachable from the network by default. HOST=0.0.0.0 opens it on purpose.
 */
export const LOOPBACK_HOST = '127.0.0.1';

export function gatewayHost(explicit: string | undefined, env: NodeJS.ProcessEnv): string {
  return explicit || env.HOST?.trim() || LOOPBACK_HOST;
}
