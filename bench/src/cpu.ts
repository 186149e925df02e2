// CPU time spent per request by each part of a stack (front door, service, its PostgreSQL
// backends), read from /proc before and after a load run. Unlike req/s, it hardly moves with
// the machine's other load, so it tells what a busy shared machine hides: which stack does more
// work per request, and what throughput ratio the work alone would give on a machine of its own.
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SEC = 100;

/** CPU time (user + system) a process has used so far, in ms; NaN when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 (state) on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SEC;
  } catch {
    return NaN;
  }
}

export const PARTS = ['front', 'service', 'database'] as const;
export type Part = (typeof PARTS)[number];
export type PartPids = Record<Part, () => Promise<number[]>>;

/** CPU ms per part over one run. */
export type CpuUse = Record<Part, number>;

/** Starts counting; the returned function ends the count and gives each part's CPU ms. */
export async function countCpu(parts: PartPids): Promise<() => Promise<CpuUse>> {
  const before = new Map<number, number>();
  for (const part of PARTS) {
    for (const pid of await parts[part]()) before.set(pid, cpuMsOf(pid));
  }
  return async () => {
    const use = {} as CpuUse;
    for (const part of PARTS) {
      let ms = 0;
      for (const pid of await parts[part]()) {
        const now = cpuMsOf(pid);
        // A backend opened during the run started from nothing.
        if (Number.isFinite(now)) ms += now - (before.get(pid) ?? 0);
      }
      use[part] = ms;
    }
    return use;
  };
}

/** Backends of this database whose application name does (or does not) start with `prefix`. */
export function backendPids(sql: pg.Client, prefix: string, matching: boolean) {
  return async (): Promise<number[]> => {
    const { rows } = await sql.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND (application_name LIKE $1 || '%') = $2`,
      [prefix, matching],
    );
    return rows.map((r) => r.pid);
  };
}
