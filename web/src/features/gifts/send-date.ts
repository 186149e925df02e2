import { GIFT_SEND_AT_MAX_DAYS } from '@mia/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a moment in the visitor's own calendar (what a date input shows). */
export const localDay = (at: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
};

/** The date input's bounds: today to the contract's furthest day ahead. */
export const sendDateBounds = (now: Date) => ({
  min: localDay(now),
  max: localDay(new Date(now.getTime() + (GIFT_SEND_AT_MAX_DAYS - 1) * DAY_MS)),
});

/**
 * The gift's `sendAt` for a chosen day: nothing for no day or today (the mail goes out once paid),
 * 9:00 in the buyer's time zone on a later day (a morning mail rather than one at midnight), and
 * 'invalid' for a day in the past or beyond the limit.
 */
export function sendAtFor(day: string, now: Date): string | undefined | 'invalid' {
  if (!day) return undefined;
  const { min, max } = sendDateBounds(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < min || day > max) return 'invalid';
  if (day === min) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 9, 0, 0).toISOString();
}
