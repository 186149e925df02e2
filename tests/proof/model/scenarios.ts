// Seeded random scenarios: what a customer does next, picked from what the reference model says
// the customer has (a checkout when there is no plan, a card update most often when it is past
// due...), and the clock moves shared by every customer of a batch. Pure: the same seed gives the
// same steps wherever it runs.
import { PARTIAL_REFUND_CENTS, type CustomerModel, type PlanType, type Step } from './reference.js';

export type Random = () => number;

/** mulberry32: small, seeded. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: Random, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, weight] of weighted) {
    if ((r -= weight) < 0) return value;
  }
  return weighted.at(-1)![0];
}

const otherPlan = (plan: PlanType): PlanType => (plan === 'monthly' ? 'annual' : 'monthly');

/**
 * A clock move of a batch. Whole days plus 0.05 of a day each time: every rule counts whole days
 * (calendar months, the 3-day grace, the dunning retries at 1, 3 and 5 days) from some earlier
 * step, and 0.05 a move keeps every check at least 72 minutes away from any of those edges over
 * up to 19 moves, so no check lands on a boundary by the seconds a run takes.
 */
export const CLOCK_MOVES = [
  { label: 'within grace', days: 1.05, weight: 3 },
  { label: 'to the grace end', days: 2.05, weight: 2 },
  { label: 'past grace', days: 4.05, weight: 2 },
  { label: 'past dunning', days: 6.05, weight: 1 },
  { label: 'a renewal', days: 30.05, weight: 4 },
  { label: 'a long month', days: 31.05, weight: 1 },
  { label: 'a year', days: 365.05, weight: 1 },
] as const;
export const MAX_ROUNDS = 19;

export function nextClockMove(random: Random): number {
  return pick(
    random,
    CLOCK_MOVES.map((m) => [m.days, m.weight] as const),
  );
}

/** The tools an admin grants in scenarios (a few, so grants and revokes meet). */
export const GRANTABLE = ['apocalipsis', 'generador-sermones', 'diccionario-biblico'] as const;

/** The next step of a customer, or null (the customer does nothing this round). */
export function nextStep(model: CustomerModel, random: Random): Step | null {
  const plan = model.plan;
  const live = plan !== null && plan.status !== 'canceled';
  const granted = [...model.grants.keys()];
  const owned = [...model.owned];
  const admin: (readonly [Step, number])[] = [
    [{ kind: 'grant', productId: GRANTABLE[Math.floor(random() * 3)]!, days: null }, 1],
    [{ kind: 'grant', productId: GRANTABLE[Math.floor(random() * 3)]!, days: 3 }, 1],
    [{ kind: 'buy', productId: GRANTABLE[Math.floor(random() * 3)]! }, 1],
    ...(owned.length > 0
      ? [[{ kind: 'revoke', productId: owned[Math.floor(random() * owned.length)]! }, 1] as const]
      : []),
    ...(granted.length > 0
      ? [
          [
            { kind: 'revoke', productId: granted[Math.floor(random() * granted.length)]! },
            2,
          ] as const,
        ]
      : []),
  ];
  // Staff's refunds of the newest payment (one the bank is not disputing).
  const newest = model.payments.at(-1);
  const refunds: (readonly [Step, number])[] =
    newest && newest.kind === 'plan' && newest.card === 'pays'
      ? [
          [{ kind: 'refund', mode: 'cancel_now' }, 1],
          [{ kind: 'refund', mode: 'keep' }, 1],
          ...(newest.amountCents - newest.refundedCents > PARTIAL_REFUND_CENTS
            ? [[{ kind: 'refund', mode: 'partial' }, 1] as const]
            : []),
        ]
      : [];
  // The bank's verdicts on open disputes (chargebacks: won, lost, prevented; inquiries: closed
  // with a warning, or won).
  const verdicts: (readonly [Step, number])[] =
    plan && plan.chargebacks > 0
      ? [
          [{ kind: 'close-dispute', outcome: 'won' }, 2],
          [{ kind: 'close-dispute', outcome: 'lost' }, 2],
          [{ kind: 'close-dispute', outcome: 'prevented' }, 1],
        ]
      : plan && plan.inquiries > 0
        ? [
            [{ kind: 'close-dispute', outcome: 'warning_closed' }, 2],
            [{ kind: 'close-dispute', outcome: 'won' }, 1],
          ]
        : [];
  if (!live) {
    // A new plan only once the old one's disputes are decided (so every open dispute is the
    // current plan's).
    const checkouts: (readonly [Step | null, number])[] =
      verdicts.length > 0
        ? []
        : [
            [{ kind: 'subscribe', plan: 'monthly' }, 4],
            [{ kind: 'subscribe', plan: 'annual' }, 2],
            [{ kind: 'subscribe', plan: 'monthly', card: 'disputes' }, 1],
            [{ kind: 'subscribe', plan: 'annual', card: 'inquiry' }, 1],
          ];
    return pick<Step | null>(random, [
      [{ kind: 'trial' }, 2],
      ...checkouts,
      [{ kind: 'card', card: random() < 0.5 ? 'pays' : 'fails' }, 1],
      ...admin,
      ...verdicts,
      ...refunds,
      [null, 2],
    ]);
  }
  if (plan.status === 'past_due') {
    return pick<Step | null>(random, [
      [{ kind: 'card', card: 'pays' }, 4],
      [{ kind: 'card', card: 'fails' }, 1],
      [{ kind: 'change', plan: otherPlan(plan.type) }, 1],
      [{ kind: 'cancel' }, 1],
      [{ kind: 'subscribe', plan: 'monthly' }, 1],
      ...admin,
      ...verdicts,
      ...refunds,
      [null, 4],
    ]);
  }
  return pick<Step | null>(random, [
    [{ kind: 'card', card: 'fails' }, 3],
    [{ kind: 'card', card: 'pays' }, 1],
    [{ kind: 'change', plan: otherPlan(plan.type) }, 3],
    [plan.cancelAtPeriodEnd ? { kind: 'resume' } : { kind: 'cancel' }, 2],
    [{ kind: 'subscribe', plan: 'annual' }, 1],
    [{ kind: 'trial' }, 1],
    ...admin,
    ...verdicts,
    ...refunds,
    [null, 4],
  ]);
}

const CARD_LABELS = {
  pays: '4242 (pays)',
  fails: '0341 (fails)',
  disputes: '0259 (disputed)',
  inquiry: '1976 (inquiry)',
} as const;

export const describeStep = (step: Step): string => {
  switch (step.kind) {
    case 'subscribe':
      return `subscribe ${step.plan}${step.card && step.card !== 'pays' ? ` with card ${CARD_LABELS[step.card]}` : ''}`;
    case 'card':
      return `card ${CARD_LABELS[step.card]}`;
    case 'refund':
      return `admin refund of the newest payment (${step.mode})`;
    case 'close-dispute':
      return `bank closes a dispute: ${step.outcome}`;
    case 'change':
      return `change to ${step.plan}`;
    case 'grant':
      return `admin grant ${step.productId} ${step.days === null ? 'for life' : `${step.days} days`}`;
    case 'revoke':
      return `admin revoke ${step.productId}`;
    case 'buy':
      return `buy ${step.productId}`;
    case 'advance':
      return `clock +${step.days} days`;
    default:
      return step.kind;
  }
};
