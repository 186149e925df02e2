import { describe, expect, it } from 'vitest';
import { TASK_TIME_WEIGHT, TaskTimeAverage } from './task-time.js';

describe('TaskTimeAverage', () => {
  it('uses the guess until a measurement, then the first measurement whole', () => {
    const average = new TaskTimeAverage(125);
    expect(average.ms).toBe(125);
    average.add(300);
    expect(average.ms).toBe(300);
  });

  it('moves a fixed share towards each further measurement', () => {
    const average = new TaskTimeAverage(125);
    average.add(100);
    average.add(200);
    expect(average.ms).toBeCloseTo(100 + TASK_TIME_WEIGHT * 100);
    for (let i = 0; i < 50; i++) average.add(200);
    expect(average.ms).toBeCloseTo(200, 1);
  });

  it('ignores a measurement that is no time', () => {
    const average = new TaskTimeAverage(125);
    average.add(Number.NaN);
    average.add(-1);
    expect(average.ms).toBe(125);
  });
});
