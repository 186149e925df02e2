import type { TicketStatus } from '@mia/contracts';

/** Who causes a move: a staff member's choice, a customer's reply, or the 7-day sweep. */
export type TransitionCause = 'staff' | 'customer_reply' | 'auto_close';

/**
 * Every status change a ticket may make, and who may make it. Anything not listed is refused
 * (409). `closed` is final: a customer who writes on a closed ticket gets a new ticket that
 * links the old one.
 */
export const TICKET_TRANSITIONS: readonly (readonly [
  from: TicketStatus,
  to: TicketStatus,
  by: readonly TransitionCause[],
])[] = [
  ['open', 'in_progress', ['staff']],
  ['open', 'on_hold', ['staff']],
  ['open', 'resolved', ['staff']],
  ['open', 'closed', ['staff']],
  ['in_progress', 'open', ['staff']],
  ['in_progress', 'on_hold', ['staff']],
  ['in_progress', 'resolved', ['staff']],
  ['in_progress', 'closed', ['staff']],
  ['on_hold', 'open', ['staff']],
  ['on_hold', 'in_progress', ['staff']],
  ['on_hold', 'resolved', ['staff']],
  ['on_hold', 'closed', ['staff']],
  ['resolved', 'open', ['staff', 'customer_reply']],
  ['resolved', 'in_progress', ['staff']],
  ['resolved', 'closed', ['staff', 'auto_close']],
];

export const canMove = (from: TicketStatus, to: TicketStatus, by: TransitionCause): boolean =>
  TICKET_TRANSITIONS.some(([f, t, causes]) => f === from && t === to && causes.includes(by));

/** The statuses staff may move a ticket to from `from` (for the console's buttons). */
export const staffMovesFrom = (from: TicketStatus): TicketStatus[] =>
  TICKET_TRANSITIONS.filter(([f, , by]) => f === from && by.includes('staff')).map(([, t]) => t);

/** A resolved ticket closes itself after this long without a reply. */
export const AUTO_CLOSE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
