import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** Where finished lines go: the terminal for `npm start`, a file for tests. */
export interface Output {
  readonly color: boolean;
  readonly pretty: boolean;
  write(line: string): void;
  close(): Promise<void>;
}

export function terminalOutput(): Output {
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  return {
    color,
    pretty: true,
    write: (line) => process.stdout.write(`${line}\n`),
    close: async () => undefined,
  };
}

export function fileOutput(path: string): Output {
  const stream = createWriteStream(path, { flags: 'a' });
  let closed = false;
  return {
    color: false,
    pretty: false,
    // A child's last lines may still be read after the system stopped and closed the file:
    // they are dropped (writing to an ended stream throws outside any test).
    write: (line) => {
      if (!closed) stream.write(`${line}\n`);
    },
    close: () => {
      closed = true;
      return new Promise((resolve) => stream.end(resolve));
    },
  };
}

const PALETTE = [36, 35, 33, 32, 34, 96, 95, 93];
const paint = (on: boolean, code: number, text: string) =>
  on ? `\u001b[${code}m${text}\u001b[0m` : text;

const LEVELS: Record<number, [name: string, color: number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 90],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 31],
};
// Fields every line carries: shown by the tag and the prefix, or not worth the space.
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'service', 'msg']);

/**
 * One pino JSON line as `12:00:01.234 INFO  message key=value`, or the line as it came when
 * it is not JSON. Stack traces of logged errors follow on their own lines.
 */
export function formatLogLine(line: string, color: boolean): string {
  if (!line.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry.msg !== 'string' && typeof entry.level !== 'number') return line;
  const [levelName, levelColor] = LEVELS[Number(entry.level)] ?? [String(entry.level), 0];
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
  const fields: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (HIDDEN.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: string; stack?: string };
      fields.push(`err=${JSON.stringify(err.message ?? '')}`);
      // A one-line stack only repeats the message.
      if (err.stack?.includes('\n')) stack = `\n${err.stack}`;
      continue;
    }
    fields.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const parts = [
    time && paint(color, 90, time),
    paint(color, levelColor, levelName),
    String(entry.msg ?? ''),
    fields.length > 0 && paint(color, 90, fields.join(' ')),
  ];
  return `${parts.filter(Boolean).join(' ')}${stack}`;
}

/** A writer that prefixes each line with a coloured `[name]` tag. */
export function tagged(output: Output, name: string, index: number, width = 8) {
  const tag = paint(
    output.color,
    PALETTE[index % PALETTE.length] ?? 36,
    `[${name}]`.padEnd(width + 2),
  );
  return (line: string) => {
    const text = output.pretty ? formatLogLine(line, output.color) : line;
    for (const part of text.split('\n')) output.write(`${tag} ${part}`);
  };
}

/** Calls `onLine` for each line of a child's output stream. */
export function eachLine(stream: Readable | null, onLine: (line: string) => void): void {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}
