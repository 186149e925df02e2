import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { configProblems, loadService, repoPath, serviceNames } from './support/repo.js';

// A process nobody configured (a `node dist/main.js` on a server, a demo on 0.0.0.0) runs as
// production: it must refuse to start and name, in one message, everything production needs.
describe.each(serviceNames())('service %s started with an empty environment', (name) => {
  it('refuses to start, naming every setting production requires at once', async () => {
    const service = await loadService(name);
    const problems = configProblems(service.schema, {});
    const named = new Set(problems.map((line) => line.split(':')[0]));
    expect(service.requirements.required.length).toBeGreaterThan(0);
    expect([...named].sort()).toEqual(expect.arrayContaining(service.requirements.required));
  });
});

describe('a service process started with an empty environment', () => {
  it('exits at once with one message listing every missing setting', () => {
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', repoPath('services/billing/src/main.ts')],
      // PATH only: no MIA_ENV, no NODE_ENV, nothing else.
      { env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.status).not.toBe(0);
    expect(run.signal).toBeNull();
    expect(Date.now() - started).toBeLessThan(30_000);
    const message = run.stderr;
    expect(message).toMatch(/Refusing to start: invalid configuration for production/);
    for (const variable of [
      'DATABASE_URL',
      'NATS_URL',
      'JWT_PUBLIC_KEY',
      'PUBLIC_ORIGIN',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
    ]) {
      expect(message).toContain(`- ${variable}: `);
    }
    // A whole service's sources compile (tsx) before it refuses: seconds on a busy machine.
  }, 30_000);
});
