// Prints the package.json of the acceptance image (stage `acceptance` of service.Dockerfile):
// only what the suite imports, at the repository's versions (npm then installs what
// package-lock.json pins), and the repository's own `test:acceptance` script, so the image runs
// the suite exactly as `npm run test:acceptance` does in a checkout.
//   node deploy/docker/acceptance-package.mjs <repository root> > package.json
// tests/deploy/compose.unit.test.ts fails when tests/acceptance imports anything else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const SUITE_DEPENDENCIES = ['vitest', 'playwright-core', '@modelcontextprotocol/sdk'];

const root = process.argv[2] ?? '.';
const repo = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const versions = { ...repo.dependencies, ...repo.devDependencies };
const script = repo.scripts?.['test:acceptance'];
if (!script) throw new Error(`${root}/package.json has no test:acceptance script`);

const devDependencies = {};
for (const name of SUITE_DEPENDENCIES) {
  if (!versions[name]) throw new Error(`${root}/package.json does not depend on ${name}`);
  devDependencies[name] = versions[name];
}

const image = {
  name: 'mia-acceptance',
  private: true,
  type: 'module',
  scripts: { 'test:acceptance': script },
  devDependencies,
};
process.stdout.write(`${JSON.stringify(image, null, 2)}\n`);
