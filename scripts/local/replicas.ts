import { SERVICES, type ServiceName } from './services.js';

export const MAX_REPLICAS = 8;

/** `REPLICAS_BILLING=2`: how many processes of each service to run (default 1). */
export function replicasOf(env: NodeJS.ProcessEnv): Record<ServiceName, number> {
  const counts = {} as Record<ServiceName, number>;
  for (const { name } of SERVICES) {
    const variable = `REPLICAS_${name.toUpperCase()}`;
    const raw = env[variable]?.trim();
    const count = raw ? Number(raw) : 1;
    if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS)
      throw new Error(`${variable} must be a whole number from 1 to ${MAX_REPLICAS}, not "${raw}"`);
    counts[name] = count;
  }
  return counts;
}

/** The key of a service's process in LocalSystem.services. */
export const processKey = (name: string, replica: number) =>
  replica === 1 ? name : `${name}-${replica}`;
