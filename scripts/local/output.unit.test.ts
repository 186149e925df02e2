import { describe, expect, it } from 'vitest';
import { formatLogLine, tagged, type Output } from './output.js';

describe('formatLogLine', () => {
  it('shows a pino line as time, level, message and the remaining fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: '2026-11-21T10:00:01.234Z',
      pid: 1,
      hostname: 'h',
      service: 'identity',
      requestId: 'r1',
      port: 8081,
      msg: 'listening',
    });
    expect(formatLogLine(line, false)).toBe('10:00:01.234 INFO  listening requestId=r1 port=8081');
  });

  it('puts an error stack on the following lines, but not a one-line one', () => {
    const withStack = JSON.stringify({
      level: 50,
      time: '2026-11-21T10:00:01.234Z',
      msg: 'boom',
      err: { message: 'bad', stack: 'Error: bad\n    at x (y.js:1:1)' },
    });
    expect(formatLogLine(withStack, false)).toBe(
      '10:00:01.234 ERROR boom err="bad"\nError: bad\n    at x (y.js:1:1)',
    );
    const oneLine = JSON.stringify({ level: 40, msg: 'meh', err: { message: 'm', stack: 'E: m' } });
    expect(formatLogLine(oneLine, false)).toBe('WARN  meh err="m"');
  });

  it('passes other lines through', () => {
    expect(formatLogLine('plain text', false)).toBe('plain text');
    expect(formatLogLine('{not json', false)).toBe('{not json');
  });
});

describe('tagged', () => {
  it('prefixes every line with the process name', () => {
    const lines: string[] = [];
    const output: Output = {
      color: false,
      pretty: true,
      write: (l) => lines.push(l),
      close: async () => undefined,
    };
    tagged(output, 'billing', 1)(JSON.stringify({ level: 30, msg: 'a', err: { stack: 'E\n at' } }));
    expect(lines).toEqual(['[billing]  INFO  a err=""', '[billing]  E', '[billing]   at']);
  });
});
