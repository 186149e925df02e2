// `npm start`: the whole system on this machine at http://localhost:8080 (PORT to change).
import { join } from 'node:path';
import { gatewayHost, LOOPBACK_HOST } from './local/bind.js';
import { dataDir, REPO_ROOT } from './local/paths.js';
import { tagged, terminalOutput } from './local/output.js';
import { sandboxKeyFile, writeSandboxKey } from './local/sandbox-key.js';
import { GATEWAY_PORT } from './local/services.js';
import { startLocalSystem } from './local/system.js';

const env = process.env;
const output = terminalOutput();
const say = tagged(output, 'start', 7);
const data = dataDir(REPO_ROOT);
const databaseInUrl = env.DATABASE_URL
  ? decodeURIComponent(new URL(env.DATABASE_URL).pathname.slice(1))
  : '';

// Without Stripe keys the sandbox stands in for Stripe, with a secret key new for this run;
// developers read it from the file for the sandbox's controls (README: the clock).
const sandboxKeyPath = sandboxKeyFile(data);
const sandboxSecretKey = env.STRIPE_SECRET_KEY ? undefined : writeSandboxKey(sandboxKeyPath);

const starting = new AbortController();
const startup = startLocalSystem({
  root: REPO_ROOT,
  dataDir: data,
  output,
  port: Number(env.PORT || GATEWAY_PORT),
  database: databaseInUrl || 'mia',
  natsPrefix: env.NATS_PREFIX || 'mia.',
  mailDir: env.MAIL_DIR || join(data, 'mail'),
  // Every process runs as production unless told otherwise; `npm start` tells them development.
  miaEnv: 'development',
  logLevel: env.LOG_LEVEL || 'info',
  compile: 'always',
  env,
  signal: starting.signal,
  sandboxSecretKey,
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    say('stopping at once');
    process.exit(1);
  }
  stopping = true;
  say(`${signal}: stopping everything (Ctrl-C again to force)`);
  // A start still in progress gives up and stops what it had started; a finished one is stopped.
  starting.abort(new Error(`interrupted by ${signal}`));
  const system = await startup.catch(() => undefined);
  await system?.stop();
  say('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const system = await startup;
  if (!stopping) {
    for (const service of system.services.values()) {
      void service.process.exited.then(({ code, signal }) => {
        if (!stopping)
          say(`${service.name} stopped unexpectedly (${signal ?? `exit code ${code}`})`);
      });
    }
    say(`Ministerio IA está listo en ${system.baseUrl} — Ctrl-C para detener`);
    say(
      'Modo desarrollo (MIA_ENV=development): claves de desarrollo publicadas y tokens en las ' +
        'respuestas; un servidor real se arranca sin MIA_ENV (producción)',
    );
    // Development answers carry reset tokens: the network gets in only when HOST says so.
    if (gatewayHost(undefined, env) === LOOPBACK_HOST) {
      say('Solo accesible desde este equipo (127.0.0.1); HOST=0.0.0.0 lo abre a la red');
    } else {
      say(`Escuchando en ${gatewayHost(undefined, env)} (HOST): accesible desde la red`);
    }
    if (system.sandboxUrl) {
      say(
        'Pagos en modo sandbox (sin STRIPE_SECRET_KEY): tarjeta 4242 4242 4242 4242 paga, ' +
          '4000 0000 0000 0002 es rechazada; correos en ' +
          system.mailDir,
      );
      say(`Clave secreta del sandbox de este arranque: ${sandboxKeyPath}`);
    }
    // Each service prints its own slow traces (tracing/slow-traces.ts), tagged like its logs.
    if (env.TRACE_SLOW_MS) {
      say(`Trazas de más de ${env.TRACE_SLOW_MS} ms se muestran aquí ("slow trace <id>")`);
    }
  }
} catch (err) {
  if (!stopping) {
    say(`could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
