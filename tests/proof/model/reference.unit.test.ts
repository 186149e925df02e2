import { describe, expect, it } from 'vitest';
import { answersOf, DAY_MS, usableAt, type Step, type TimedStep } from './reference.js';

// The reference model's own rules, each from COMMERCE.md / issue 20, on a timeline by hand.
const ALL = ['a', 'b', 'c'];
const T0 = Date.parse('2026-01-10T12:00:00.000Z');
const day = (d: number) => T0 + d * DAY_MS;
const timeline = (...steps: [number, Step][]): TimedStep[] =>
  steps.map(([d, step]) => ({ step, at: day(d) }));
/** The tools usable on day `d`, from the steps made by then. */
const usable = (steps: TimedStep[], d: number) =>
  [
    ...usableAt(
      steps.filter((s) => s.at <= day(d)),
      day(d),
      ALL,
    ),
  ].sort();

describe('the reference model', () => {
  it('a paid monthly plan opens every tool until its period ends, renewals paid keep it open', () => {
    const steps = timeline([0, { kind: 'subscribe', plan: 'monthly' }]);
    expect(usable(steps, 0.5)).toEqual(ALL);
    expect(usable(steps, 31.5)).toEqual(ALL); // renewed on Feb 10 with the card that pays
    expect(answersOf(steps)).toEqual([200]);
  });

  it('a failed renewal keeps the tools for the 3-day grace from the failed period start, then not', () => {
    const steps = timeline(
      [0, { kind: 'subscribe', plan: 'monthly' }],
      [1, { kind: 'card', card: 'fails' }],
    );
    // Renewal on Feb 10 (31 days) fails.
    expect(usable(steps, 31 + 2.9)).toEqual(ALL);
    expect(usable(steps, 31 + 3.1)).toEqual([]);
  });

  it('a card that pays, given while past due, pays at once and reopens the new period', () => {
    const steps = timeline(
      [0, { kind: 'subscribe', plan: 'monthly' }],
      [1, { kind: 'card', card: 'fails' }],
      [35, { kind: 'change', plan: 'annual' }],
      [35.5, { kind: 'card', card: 'fails' }],
      [35.6, { kind: 'card', card: 'pays' }],
    );
    expect(answersOf(steps)).toEqual([200, 200, 409, 402, 200]);
    expect(usable(steps, 35.7)).toEqual(ALL);
    expect(usable(steps, 58)).toEqual(ALL); // paid until Mar 10
  });

  it('after the last dunning retry the plan is over: a new card pays nothing, a new checkout is allowed', () => {
    const steps = timeline(
      [0, { kind: 'subscribe', plan: 'monthly' }],
      [1, { kind: 'card', card: 'fails' }],
      [31 + 5.5, { kind: 'card', card: 'pays' }],
      [31 + 5.6, { kind: 'change', plan: 'annual' }],
      [31 + 5.7, { kind: 'subscribe', plan: 'annual' }],
    );
    expect(answersOf(steps)).toEqual([200, 200, 200, 404, 200]);
    expect(usable(steps, 31 + 5.65)).toEqual([]);
    expect(usable(steps, 31 + 5.8)).toEqual(ALL);
  });

  it('an upgrade the card cannot pay is refused (402); a downgrade that owes nothing applies, and its credit pays the next renewals', () => {
    const upgrade = timeline(
      [0, { kind: 'subscribe', plan: 'monthly' }],
      [1, { kind: 'card', card: 'fails' }],
      [2, { kind: 'change', plan: 'annual' }],
    );
    expect(answersOf(upgrade)).toEqual([200, 200, 402]);
    expect(usable(upgrade, 33.5)).toEqual(ALL); // still monthly: its renewal failed, in grace
    expect(usable(upgrade, 34.5)).toEqual([]); // grace over
    const downgrade = timeline(
      [0, { kind: 'subscribe', plan: 'annual' }],
      [1, { kind: 'card', card: 'fails' }],
      [2, { kind: 'change', plan: 'monthly' }],
    );
    expect(answersOf(downgrade)).toEqual([200, 200, 200]);
    expect(usable(downgrade, 33.5)).toEqual(ALL); // the new month: Jan 12 to Feb 12
    // The annual plan's unused time (6464 of 6500 cents) less the month (2000) stays as a credit
    // with the provider (4464): it pays the renewals of Feb 12 and Mar 12 whatever the card...
    expect(usable(downgrade, 33 + 3.5)).toEqual(ALL);
    expect(usable(downgrade, 91.5)).toEqual(ALL);
    // ...and Apr 12's asks the failing card for the rest (1536): past due, grace, then nothing.
    expect(usable(downgrade, 92 + 3.5)).toEqual([]);
  });

  it('cancelled at period end: open until then, not after; resumed: renews', () => {
    const cancelled = timeline(
      [0, { kind: 'subscribe', plan: 'monthly' }],
      [5, { kind: 'cancel' }],
    );
    expect(usable(cancelled, 30.5)).toEqual(ALL);
    expect(usable(cancelled, 31.5)).toEqual([]);
    const resumed = timeline(
      ...cancelled.map((s) => [(s.at - T0) / DAY_MS, s.step] as [number, Step]),
      [6, { kind: 'resume' }],
    );
    expect(usable(resumed, 31.5)).toEqual(ALL);
  });

  it('trials and admin grants add up with the plan; a revoke takes back the admin grant only', () => {
    const steps = timeline(
      [0, { kind: 'trial' }],
      [1, { kind: 'grant', productId: 'b', days: null }],
      [1, { kind: 'grant', productId: 'c', days: 3 }],
      [2, { kind: 'trial' }],
      [5, { kind: 'revoke', productId: 'b' }],
    );
    expect(answersOf(steps)).toEqual([200, 200, 200, 409, 200]);
    expect(usable(steps, 2.5)).toEqual(ALL);
    expect(usable(steps, 3.5)).toEqual(['b', 'c']);
    expect(usable(steps, 4.5)).toEqual(['b']);
    expect(usable(steps, 5.5)).toEqual([]);
  });
  it('a tool is bought once; after an admin takes it back it can be bought again', () => {
    const steps = timeline(
      [0, { kind: 'buy', productId: 'a' }],
      [1, { kind: 'buy', productId: 'a' }],
      [2, { kind: 'revoke', productId: 'a' }],
      [3, { kind: 'buy', productId: 'a' }],
    );
    expect(answersOf(steps)).toEqual([200, 409, 200, 200]);
    expect(usable(steps, 1.5)).toEqual(['a']);
    expect(usable(steps, 2.5)).toEqual([]);
    expect(usable(steps, 400)).toEqual(['a']);
  });
});
