import { fork } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface SupportProcess {
  url: string;
  /** CPU time the service process has used so far, in ms (NaN where /proc is missing). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every usual kernel). */
const TICKS_PER_SECOND = 100;

function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, may hold spaces): utime is the 14th field
    // of the line, stime the 15th, i.e. the 12th and 13th after ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

const STOP_TIMEOUT_MS = 15_000;

const script = fileURLToPath(new URL('./servers/support-service.ts', import.meta.url));

/**
 * Forks the real support service with `env` (from serviceTestEnv: its database, NATS prefix,
 * any free port), its logs appended to `logFile`, and resolves once it listens and its consumers
 * pull; rejects if it exits first.
 */
export async function startSupportProcess(
  env: Record<string, string>,
  logFile: string,
): Promise<SupportProcess> {
  const log = openSync(logFile, 'a');
  const child = fork(script, [], {
    env: { ...process.env, ...env },
    execArgv: [
      '--import',
      'tsx',
      // BENCH_PROFILE_DIR: a V8 CPU profile of each service process, written when it exits.
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
    ],
    // Logs at LOG_LEVEL (warn by default here) go to a file the report summarises: under
    // overload every failed request logs its error, which would bury the progress lines.
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  const exited = once(child, 'exit');
  const exitedEarly = exited.then(([code]) => {
    throw new Error(`support exited with code ${String(code)} before it was ready`);
  });
  // Once ready, the exit at stop() must not surface as an unhandled rejection.
  exitedEarly.catch(() => undefined);
  const url = await Promise.race([
    once(child, 'message').then(([message]) => (message as { url: string }).url),
    exitedEarly,
  ]);
  return {
    url,
    cpuMs: () => cpuMsOf(child.pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      // A stop that hangs (a drain waiting on a broker) must not keep the benchmark running.
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
