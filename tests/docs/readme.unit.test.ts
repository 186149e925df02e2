import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { configSchema as accessConfig } from '../../services/access/src/config.js';
import { configSchema as billingConfig } from '../../services/billing/src/config.js';
import { gatewayConfigSchema } from '../../services/gateway/src/config.js';
import { identityConfigSchema } from '../../services/identity/src/config.js';
import { configSchema as supportConfig } from '../../services/support/src/config.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

const schemas: Record<string, z.ZodObject> = {
  identity: identityConfigSchema,
  billing: billingConfig,
  access: accessConfig,
  support: supportConfig,
  gateway: gatewayConfigSchema,
};

// The configuration table is how operators learn what a service reads; a variable added
// to a schema without a README line would be invisible to them.
describe('README configuration table', () => {
  for (const [service, schema] of Object.entries(schemas)) {
    it(`documents every variable ${service} reads`, () => {
      const missing = Object.keys(schema.shape).filter((name) => !readme.includes(`\`${name}\``));
      expect(missing).toEqual([]);
    });
  }

  it('names the test command that .ci/run runs', () => {
    const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    expect(readme).toContain('npm test');
    expect(ci).toMatch(/^npm test$/m);
  });

  it('runs the unit tests on the production Node too, as the README says', () => {
    const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    const nvmrc = readFileSync(new URL('../../.nvmrc', import.meta.url), 'utf8').trim();
    expect(ci).toMatch(new RegExp(`^npm i --prefix .* node@${nvmrc}$`, 'm'));
    expect(ci).toMatch(/node_modules\/vitest\/vitest\.mjs run --project unit$/m);
    expect(readme).toContain(
      `npm i --prefix "$HOME/.cache/mia-node${nvmrc}" --no-save node@${nvmrc}`,
    );
    // A `node` dependency would switch every npm script of the project to that binary.
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { dependencies?: object; devDependencies?: object };
    expect({ ...manifest.dependencies, ...manifest.devDependencies }).not.toHaveProperty('node');
  });
});
