import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (lib: string) => fileURLToPath(new URL(`./libs/${lib}/src/index.ts`, import.meta.url));

// Tests run against the libraries' sources, so no build is needed before `vitest`. Exact
// matches, so subpath entries (`@mia/catalog/node`) resolve to their own sources.
const alias = [
  { find: /^@mia\/contracts$/, replacement: src('contracts') },
  { find: /^@mia\/catalog$/, replacement: src('catalog') },
  {
    find: /^@mia\/catalog\/node$/,
    replacement: fileURLToPath(new URL('./libs/catalog/src/node.ts', import.meta.url)),
  },
  { find: /^@mia\/service-kit$/, replacement: src('service-kit') },
  { find: /^@mia\/testing$/, replacement: src('testing') },
  { find: /^@mia\/stripe-sandbox$/, replacement: src('stripe-sandbox') },
  // The web app's own alias (web/src), as in web/vite.config.ts.
  { find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) },
];

const exclude = ['**/node_modules/**', '**/dist/**'];

// `npm test` at the root runs each project once (CI). One service's team runs
// `npm test -w services/<name>`: these projects (unit, integration, system), filtered to its folder
// by path (`vitest --dir` does not narrow projects that set their own include patterns).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.unit.test.{ts,tsx}'],
          exclude,
          // Files share a worker's module cache: a fresh process per file cost more than the
          // tests themselves (about half of this layer's time). So a unit test resets what it
          // sets (stubbed globals, module state) and never mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['**/*.int.test.{ts,tsx}'],
          exclude,
          // One nats-server for the run with the deployments' NATS users (libs/testing).
          globalSetup: ['libs/testing/src/nats-global-setup.ts'],
          // As the unit layer: a worker keeps the services' modules loaded between files
          // (importing them afresh per file was a third of this layer's CPU time).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['**/*.system.test.ts'],
          exclude,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['**/*.browser.test.ts'],
          exclude,
          globalSetup: ['web/tests/support/global-build.ts'],
          // expect.poll gives a page 1 s by default: a busy 2-core machine renders slower.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at once (a Chromium each, against in-process stand-ins): a page mostly
          // waits on the browser, so two share the 2 cores well.
          maxWorkers: 2,
        },
      },
      {
        // Journeys against a running deployment (BASE_URL), never started here: `npm run
        // test:acceptance`, which also asks for the JUnit report (reporters are run-wide, not
        // per project). Only this project matches *.acceptance.test.ts.
        extends: true,
        test: {
          name: 'acceptance',
          include: ['tests/acceptance/**/*.acceptance.test.ts'],
          exclude,
          globalSetup: ['tests/acceptance/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Files in parallel: a journey mostly waits on the target, and each makes its own users.
          maxWorkers: 3,
        },
      },
    ],
  },
});
