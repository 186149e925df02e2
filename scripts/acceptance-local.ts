// `npm run test:acceptance:local`: the acceptance suite (tests/acceptance) against the whole
// system started here as `npm start` starts it, isolated like a system test (its own database,
// NATS prefix and port, MIA_ENV=test, the Stripe sandbox), with an admin account, so that
// every journey runs and none is skipped. This is how CI exercises the suite on every change.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { run } from './local/build.js';
import { REPO_ROOT } from './local/paths.js';

const say = (line: string) => console.log(`[acceptance] ${line}`);

const admin = {
  email: `acceptance.admin.${randomBytes(4).toString('hex')}@example.org`,
  password: randomBytes(12).toString('hex'),
};
const resultsDir = resolve(REPO_ROOT, process.env.ACCEPTANCE_RESULTS_DIR || 'acceptance-results');

// tests/support/system.ts loads @mia/testing, which tsx takes from its compiled output (vitest
// maps it to the sources instead): bring that up to date first; `tsc -b` does nothing when it is.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
await run(process.execPath, [tsc, '-b', 'libs/testing'], REPO_ROOT);
const { startSystem } = await import('../tests/support/system.js');
const { verificationTokenIn } = await import('../tests/support/verification-mail.js');

say('starting the system (as npm start, isolated)...');
const started = Date.now();
// A paid gift is mailed by access's sweep of due gifts, 10 s apart by default: every 2 s
// here, so the gift journey waits about a second for the mail rather than up to ten.
const system = await startSystem({ env: { ADMIN_EMAILS: admin.email, GIFT_SWEEP_MS: '2000' } });
say(`system ready at ${system.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

/**
 * The system's address under its other loopback name (127.0.0.1 <-> localhost). The suite is
 * pointed there, as a tester of `npm start` (which advertises http://localhost:8080) may type
 * http://127.0.0.1:8080: it must learn the deployment's own origin from the deployment and
 * follow its links (a tool's stand-in tab) there.
 */
function otherLoopbackName(url: string): string {
  const other = new URL(url);
  other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return other.origin;
}

/**
 * Runs the suite as a tester would, against the URL alone; resolves with its exit code. Extra
 * arguments go to vitest (`npm run test:acceptance:local -- tests/acceptance/purchase`).
 */
function runSuite(): Promise<number> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', 'test:acceptance', '--', ...process.argv.slice(2)], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        BASE_URL: otherLoopbackName(system.baseUrl),
        ACCEPTANCE_ADMIN_EMAIL: admin.email,
        ACCEPTANCE_ADMIN_PASSWORD: admin.password,
        ACCEPTANCE_RESULTS_DIR: resultsDir,
        // The mailbox a tester would open (verification links of the journeys' own users).
        ACCEPTANCE_MAIL_DIR: system.mailDir,
      },
    });
    child.once('error', (err) => {
      console.error(err);
      done(1);
    });
    child.once('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** Opens the verification link mailed to the admin, as a tester would from the mailbox. */
async function verifyAdmin(baseUrl: string, mailDir: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let token = await verificationTokenIn(mailDir, admin.email);
  while (!token && Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, 100));
    token = await verificationTokenIn(mailDir, admin.email);
  }
  if (!token) throw new Error(`no verification mail reached ${mailDir} for ${admin.email}`);
  const verified = await fetch(`${baseUrl}/api/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) {
    throw new Error(`verifying the admin answered ${verified.status}: ${await verified.text()}`);
  }
}

// Ctrl-C reaches the suite too (same terminal): let it end, then stop the system below.
const ignore = () => undefined;
process.on('SIGINT', ignore);
process.on('SIGTERM', ignore);

let code = 1;
try {
  // The admin account, registered as a tester registers it on a deployment, and verified with
  // the link mailed to it (MIA_ENV=test does not hand the token back): ADMIN_EMAILS above
  // makes a verified address an admin.
  const registered = await fetch(`${system.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: system.baseUrl },
    body: JSON.stringify({
      name: 'Acceptance Admin',
      username: `acc-admin-${randomBytes(4).toString('hex')}`,
      email: admin.email,
      password: admin.password,
    }),
  });
  if (registered.status !== 201) {
    throw new Error(
      `registering the admin answered ${registered.status}: ${await registered.text()}`,
    );
  }
  await verifyAdmin(system.baseUrl, system.mailDir);
  code = await runSuite();
} catch (err) {
  console.error(err);
} finally {
  // The services' output, next to the results: what a failed journey did on the other side.
  await mkdir(resultsDir, { recursive: true });
  await copyFile(system.logFile, join(resultsDir, 'system.log')).catch(() => undefined);
  await system.stop();
  say(`stopped; ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
}
process.exit(code);
