import { spawn, type SpawnOptions } from 'node:child_process';
import { eachLine } from './output.js';

/**
 * A child process in its own process group: Ctrl-C in the terminal reaches only the launcher,
 * which then stops the children in order (gateway, services, then NATS and PostgreSQL).
 */
export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly running: boolean;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines it wrote, for error messages. */
  recentOutput(): string;
  /** Sends `signal` (SIGTERM by default), escalates to SIGKILL after `timeoutMs`, waits for exit. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
}

const live = new Set<ManagedProcess>();

// If the launcher dies without stopping its children (an uncaught error), take them along.
process.once('exit', () => {
  for (const child of live) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: SpawnOptions & { onLine?: (line: string) => void; keepLines?: number },
): ManagedProcess {
  const { onLine, keepLines = 40, ...spawnOptions } = options;
  const child = spawn(command, args, {
    ...spawnOptions,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const pid = child.pid;
  const recent: string[] = [];
  const take = (line: string) => {
    recent.push(line);
    if (recent.length > keepLines) recent.shift();
    onLine?.(line);
  };
  eachLine(child.stdout, take);
  eachLine(child.stderr, take);

  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', (err) => {
      take(`${name}: ${err.message}`);
      running = false;
      live.delete(managed);
      resolve({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => {
      running = false;
      live.delete(managed);
      resolve({ code, signal });
    });
  });

  const managed: ManagedProcess = {
    name,
    pid,
    get running() {
      return running;
    },
    exited,
    recentOutput: () => recent.join('\n'),
    async stop(signal = 'SIGTERM', timeoutMs = 15_000) {
      if (!running) return;
      const kill = (sig: NodeJS.Signals) => {
        try {
          process.kill(-pid, sig);
        } catch {
          // exited meanwhile
        }
      };
      kill(signal);
      const timer = setTimeout(() => kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
  live.add(managed);
  return managed;
}
