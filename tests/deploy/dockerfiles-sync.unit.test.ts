import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dockerfilePath,
  renderDockerfile,
  SERVICE_PORTS,
  type ServiceName,
} from '../../scripts/dockerfiles.js';

describe('per-service Dockerfiles', () => {
  for (const service of Object.keys(SERVICE_PORTS) as ServiceName[]) {
    it(`services/${service}/Dockerfile is the recipe rendered for ${service} (npm run dockerfiles)`, () => {
      expect(readFileSync(dockerfilePath(service), 'utf8')).toBe(renderDockerfile(service));
    });
  }

  it('defaults each file to its service, port and image', () => {
    const identity = renderDockerfile('identity');
    expect(identity).toMatch(/^ARG SERVICE=identity$/m);
    expect(identity).toMatch(/^ARG PORT=8081$/m);
    expect(
      identity
        .trimEnd()
        .split('\n')
        .filter((l) => l.startsWith('FROM '))
        .at(-1),
    ).toBe('FROM runtime AS service');
    const gateway = renderDockerfile('gateway');
    expect(gateway).toMatch(/^ARG PORT=8080$/m);
    expect(
      gateway
        .trimEnd()
        .split('\n')
        .filter((l) => l.startsWith('FROM '))
        .at(-1),
    ).toBe('FROM runtime AS gateway');
  });
});
