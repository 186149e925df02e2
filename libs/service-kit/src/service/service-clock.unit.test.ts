import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { offsetFileClock } from '../domain/clock.js';
import { serviceClock, testClockProblems } from './service-clock.js';

const dir = await mkdtemp(join(tmpdir(), 'mia-clock-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the test clock', () => {
  it('is refused unless MIA_ENV=test', () => {
    const file = join(dir, 'offset');
    for (const MIA_ENV of ['production', 'development'] as const) {
      expect(testClockProblems({ MIA_ENV, MIA_TEST_CLOCK_FILE: file })).toEqual([
        expect.objectContaining({ variable: 'MIA_TEST_CLOCK_FILE' }),
      ]);
      expect(() => serviceClock({ MIA_ENV, MIA_TEST_CLOCK_FILE: file })).toThrow(/MIA_ENV=test/);
    }
    expect(testClockProblems({ MIA_ENV: 'test', MIA_TEST_CLOCK_FILE: file })).toEqual([]);
    expect(testClockProblems({ MIA_ENV: 'production' })).toEqual([]);
  });

  it('runs ahead of the wall clock by the offset in its file, read at every call', async () => {
    const file = join(dir, 'moving');
    const wall = () => Date.parse('2026-01-01T00:00:00.000Z');
    const clock = offsetFileClock(file, wall);
    expect(clock().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await writeFile(file, String(3 * 86_400_000));
    expect(clock().toISOString()).toBe('2026-01-04T00:00:00.000Z');
    await writeFile(file, 'soon');
    expect(() => clock()).toThrow(/not a number/);
  });

  it('is the system clock when no file is configured', () => {
    const before = Date.now();
    const now = serviceClock({ MIA_ENV: 'test' })().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
