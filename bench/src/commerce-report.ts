// What every commerce report opens with: when, on what, and how busy the machine was, so a
// figure taken on a loaded machine is never read as the product's.
import { cpus, loadavg } from 'node:os';

export interface Conditions {
  at: string;
  loadBefore: number;
  loadAfter: number;
}

/** Call before a benchmark; `done()` after it. */
export function conditions(): { done(): Conditions } {
  const at = new Date().toISOString();
  const loadBefore = loadavg()[0] ?? NaN;
  return { done: () => ({ at, loadBefore, loadAfter: loadavg()[0] ?? NaN }) };
}

/**
 * Whether other work had the machine when a benchmark began. Judged on the load before the run:
 * the after figure mostly holds the benchmark's own last phase (a load run always ends with the
 * machine busy), so it is printed, not judged.
 */
export const machineBusy = (loadBefore: number): boolean => loadBefore > cpus().length / 2;

export function header(
  title: string,
  c: Conditions,
  rerun = 'npm run bench:commerce -w bench',
): string {
  const n = cpus().length;
  const busy = machineBusy(c.loadBefore);
  return `# ${title}

Measured ${c.at} on ${n} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.
Load average (1 min) ${c.loadBefore.toFixed(2)} before and ${c.loadAfter.toFixed(2)} after (this run's own load), on ${n} cpus.
${
  busy
    ? `\n> **The machine was busy (other work running): these figures are not the product's.** Take them again on a quiet machine (\`${rerun}\`).\n`
    : ''
}`;
}

export const aim = (met: boolean) => (met ? 'met' : '**not met**');
