// Writes services/<name>/Dockerfile from the one recipe in deploy/docker/service.Dockerfile, so
// each service has its own Dockerfile (`docker build -f services/identity/Dockerfile .`) while
// the build logic lives in one place. tests/deploy/dockerfiles-sync.unit.test.ts fails when a
// generated file is stale: run `npm run dockerfiles` after editing the recipe.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './local/paths.js';

export const SERVICE_PORTS = {
  identity: 8081,
  billing: 8082,
  access: 8083,
  support: 8084,
  gateway: 8080,
} as const;

export type ServiceName = keyof typeof SERVICE_PORTS;

export const recipePath = join(REPO_ROOT, 'deploy/docker/service.Dockerfile');
export const dockerfilePath = (service: ServiceName) =>
  join(REPO_ROOT, 'services', service, 'Dockerfile');

/**
 * The recipe with this service's name and port as defaults and its image as the last stage,
 * without the acceptance suite's stage.
 */
export function renderDockerfile(service: ServiceName, recipe = readFileSync(recipePath, 'utf8')) {
  let text = recipe
    .replace(/^ARG SERVICE=.*$/m, `ARG SERVICE=${service}`)
    .replace(/^ARG PORT=.*$/m, `ARG PORT=${SERVICE_PORTS[service]}`);
  // The acceptance image is the test suite's, not a service's: its stage (and the comment
  // above it) stays in the recipe only.
  text = text.replace(
    /\n(?:# [^\n]*\n)*FROM base AS acceptance\n[\s\S]*?(?=\n(?:# [^\n]*\n)*FROM |\s*$)/,
    '',
  );
  if (service === 'gateway') {
    // The default target is the last stage: move the gateway's after the domain services'.
    const gateway = /\nFROM runtime AS gateway\n[\s\S]*?(?=\n(?:# [^\n]*\n)*FROM |\s*$)/.exec(
      text,
    )?.[0];
    if (!gateway) throw new Error('gateway stage not found in the recipe');
    text = `${text.replace(gateway, '').trimEnd()}\n${gateway}\n`;
  }
  const header = [
    '# GENERATED from deploy/docker/service.Dockerfile by `npm run dockerfiles`; edit the recipe.',
    `# Build this service alone from the repository root: docker build -f services/${service}/Dockerfile -t mia/${service} .`,
  ].join('\n');
  return text.replace(/^(# syntax=[^\n]*\n)/, `$1${header}\n`);
}

if (process.argv[1]?.endsWith('dockerfiles.ts')) {
  for (const service of Object.keys(SERVICE_PORTS) as ServiceName[]) {
    writeFileSync(dockerfilePath(service), renderDockerfile(service));
    console.log(`wrote services/${service}/Dockerfile`);
  }
}
