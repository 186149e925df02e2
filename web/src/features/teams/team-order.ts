import { TEAM_MAX_SEATS, TEAM_MIN_SEATS } from '@mia/contracts';

/** Whether the typed seats are not a whole number of 2–200 (the contract's bounds). */
export function seatsProblem(text: string): boolean {
  if (!/^\d+$/.test(text.trim())) return true;
  const seats = Number(text);
  return seats < TEAM_MIN_SEATS || seats > TEAM_MAX_SEATS;
}

/**
 * What the first invoice shows: seats × the plan's price. Undefined while the typed seats are not
 * a valid count, so the page never shows a total it would not charge.
 */
export function teamTotalCents(priceCents: number, seats: number): number | undefined {
  if (!Number.isInteger(seats) || seats < TEAM_MIN_SEATS || seats > TEAM_MAX_SEATS)
    return undefined;
  return priceCents * seats;
}
