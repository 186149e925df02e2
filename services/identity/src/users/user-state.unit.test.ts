import type { StoredEvent } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { readUserEvent, versionOfUserEvent, type UserEvent } from './events.js';
import {
  after,
  decider,
  emailVerified,
  hours,
  loggedOut,
  registration,
  resetRequested,
  sessionId,
  sessionStarted,
  spec,
  TOKEN_A,
  TOKEN_B,
  USER_ID,
  verificationRequested,
} from './user-events.fixture.js';

describe('user state (what a snapshot holds)', () => {
  it('stays as small as the sessions alive at once, however many sign-ins the stream holds', () => {
    // A sign-in every hour for 50 days, each session lasting 12 hours.
    const signIns = Array.from({ length: 1200 }, (_, i) =>
      sessionStarted(sessionId(i + 2), after(hours(i + 1))),
    );
    const { state } = spec.given([...registration(), ...signIns]);
    expect(state.sessions).toHaveLength(12);
    expect(state.sessions.at(-1)?.id).toBe(sessionId(1201));
  });

  it('keeps only the newest reset link', () => {
    const { state } = spec.given([
      ...registration(),
      resetRequested(TOKEN_A),
      resetRequested(TOKEN_B, after(hours(1))),
    ]);
    expect(state.resetLink).toEqual({
      tokenHash: TOKEN_B,
      expiresAt: after(hours(2)),
      status: 'open',
    });
  });

  it('survives JSON unchanged, as the snapshot table stores it', () => {
    const { state } = spec.given([
      ...registration(),
      sessionStarted(sessionId(2), after(hours(1))),
      loggedOut(sessionId(1), after(hours(12))),
      resetRequested(TOKEN_A),
      verificationRequested(TOKEN_B),
      emailVerified(after(hours(2))),
    ]);
    expect(state).toMatchObject({ emailVerified: true, verificationLink: { status: 'used' } });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    // Version 3: the second factor; snapshots of version 2 lack it and are not read.
    expect(decider.snapshot).toEqual({ version: 3, every: 10 });
  });
});

const stored = (type: string, version: number, data: unknown): StoredEvent => ({
  id: '20000000-0000-4000-8000-000000000001',
  type,
  version,
  streamId: `user-${USER_ID}`,
  streamVersion: 3,
  globalPosition: 7,
  transactionId: '7',
  occurredAt: '2025-12-24T18:30:00.000Z',
  data,
  metadata: { correlationId: 'c', causationId: null, requestId: 'r' },
});

describe('reading the user stream', () => {
  it('upcasts SessionStarted v1 (no startedAt): the session started when it was stored', () => {
    const data = {
      userId: USER_ID,
      sessionId: sessionId(1),
      expiresAt: '2025-12-25T18:30:00.000Z',
    };
    expect(readUserEvent(stored('SessionStarted', 1, data))).toEqual({
      type: 'SessionStarted',
      data: { ...data, startedAt: '2025-12-24T18:30:00.000Z' },
    });
  });

  it('appends SessionStarted as v2 and the other events as v1', () => {
    const [registered, passwordSet, started] = registration() as [UserEvent, UserEvent, UserEvent];
    expect([registered, passwordSet, started].map(versionOfUserEvent)).toEqual([1, 1, 2]);
    expect(readUserEvent(stored('SessionStarted', 2, started.data))).toEqual(started);
  });

  it('skips events the user decider does not fold', () => {
    expect(readUserEvent(stored('SomethingElse', 1, {}))).toBeUndefined();
  });
});
