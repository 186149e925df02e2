import { readFileSync } from 'node:fs';

export interface ServiceLogSummary {
  path: string;
  /** Lines at warn (40) or above. */
  problems: number;
  /** The most frequent problems: message (the error's own when there is one) and count. */
  top: { message: string; count: number }[];
}

/** Counts the warnings and errors in a pino log file, by message; other lines are ignored. */
export function summariseServiceLog(path: string): ServiceLogSummary {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // No log file: the service never wrote a line.
  }
  const counts = new Map<string, number>();
  let problems = 0;
  for (const line of text.split('\n')) {
    let entry: { level?: number; msg?: string; err?: { message?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if ((entry.level ?? 0) < 40) continue;
    problems++;
    const message = [entry.msg, entry.err?.message?.trim().split('\n').at(-1)]
      .filter(Boolean)
      .join(': ');
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  const top = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([message, count]) => ({ message, count }));
  return { path, problems, top };
}
