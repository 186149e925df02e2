import type { BaseConfig } from '../config/base.js';
import type { ConfigProblem } from '../config/load.js';
import { offsetFileClock, systemClock, type Clock } from '../domain/clock.js';

type ClockConfig = Pick<BaseConfig, 'MIA_ENV' | 'MIA_TEST_CLOCK_FILE'>;

/**
 * A moved clock decides renewals, grace windows and expiries: anywhere but a test it would let
 * whoever writes that file hand out (or take away) access, so it is a configuration error there.
 */
export function testClockProblems(config: ClockConfig): ConfigProblem[] {
  if (config.MIA_TEST_CLOCK_FILE === undefined || config.MIA_ENV === 'test') return [];
  return [
    {
      variable: 'MIA_TEST_CLOCK_FILE',
      reason: `a test clock is only allowed with MIA_ENV=test (MIA_ENV is ${config.MIA_ENV})`,
    },
  ];
}

/** The service's clock: the system's, or in tests the shared one of MIA_TEST_CLOCK_FILE. */
export function serviceClock(config: ClockConfig): Clock {
  if (testClockProblems(config).length > 0) throw new Error('test clock outside MIA_ENV=test');
  return config.MIA_TEST_CLOCK_FILE === undefined
    ? systemClock
    : offsetFileClock(config.MIA_TEST_CLOCK_FILE);
}
