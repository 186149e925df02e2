import { loadSandboxConfig, SandboxConfigError } from './config.js';
import type { Log } from './core.js';
import { createStripeSandbox } from './sandbox.js';

const log: Log = (level, message, fields = {}) => {
  const line = JSON.stringify({
    level,
    time: new Date().toISOString(),
    name: 'stripe-sandbox',
    msg: message,
    ...fields,
  });
  if (level === 'error') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

let config;
try {
  config = loadSandboxConfig(process.env);
} catch (error) {
  log('error', error instanceof SandboxConfigError ? error.message : String(error));
  process.exit(1);
}

const sandbox = createStripeSandbox({ ...config.options, log });
const { url } = await sandbox.start(config.port);
log('info', 'stripe sandbox ready', { url, webhookUrl: config.options.webhookUrl ?? null });

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log('info', 'stripe sandbox stopping', { signal });
  sandbox.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      log('error', 'stripe sandbox failed to stop', { error: String(error) });
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
