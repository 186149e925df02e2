/** The four services behind the gateway and the ports they use on a developer machine. */
export const SERVICES = [
  { name: 'identity', port: 8081 },
  { name: 'billing', port: 8082 },
  { name: 'access', port: 8083 },
  { name: 'support', port: 8084 },
] as const;

export type ServiceName = (typeof SERVICES)[number]['name'];

export const SERVICE_NAMES: readonly ServiceName[] = SERVICES.map((s) => s.name);

export const GATEWAY_PORT = 8080;

/** Each service's database role (`mia_<service>`), owner of the schema named after the service. */
export const roleOf = (service: string) => `mia_${service}`;

/**
 * A role's password: `<SERVICE>_DB_PASSWORD` when set, else a development value. These roles
 * exist on a developer's own server only; production provisions its database separately.
 */
export const passwordOf = (service: string, env: NodeJS.ProcessEnv = process.env) =>
  env[`${service.toUpperCase()}_DB_PASSWORD`] || `mia_${service}_dev`;
