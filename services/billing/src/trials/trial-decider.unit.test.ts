import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { normalizeTrialEmail, trialEmailStreamId } from './email-key.js';
import { trialDecider, trialEmailDecider } from './trial-decider.js';
import type { TrialEvent } from './trial-events.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const otherUser = '00000000-0000-4000-8000-0000000000bb';
const trialId = '00000000-0000-4000-8000-0000000000e1';
const start = {
  kind: 'start',
  trialId,
  userId,
  startedAt: '2026-03-01T10:00:00.000Z',
  endsAt: '2026-03-04T10:00:00.000Z',
  email: 'ana@iglesia.org',
  verifiedEmail: 'ana@iglesia.org',
} as const;
const started: TrialEvent = {
  type: 'TrialStarted',
  data: {
    trialId,
    userId,
    startedAt: '2026-03-01T10:00:00.000Z',
    endsAt: '2026-03-04T10:00:00.000Z',
  },
};

describe('trial decider', () => {
  const spec = deciderSpec(trialDecider);

  it('starts a trial once per account; the second attempt is a 409 the toast can show', () => {
    spec.given([]).when(start).then([started]);
    spec
      .given([started])
      .when({ ...start, trialId: '00000000-0000-4000-8000-0000000000e2' })
      .thenRefused({ kind: 'conflict', code: 'trial_already_used', message: /prueba gratuita/ });
  });

  it('needs the verified address: unverified is a 403 that says how to verify', () => {
    spec
      .given([])
      .when({ ...start, verifiedEmail: null })
      .thenRefused({
        kind: 'forbidden',
        code: 'email_not_verified',
        message: /Confirma tu correo/,
      });
  });

  it('the verified address must be the one the trial is for (case aside)', () => {
    spec
      .given([])
      .when({ ...start, verifiedEmail: 'otra@iglesia.org' })
      .thenRefused({ kind: 'forbidden', code: 'email_not_verified' });
    spec
      .given([])
      .when({ ...start, email: ' Ana@Iglesia.ORG', verifiedEmail: 'ana@iglesia.org' })
      .then([started]);
  });

  it('an account that already had its trial hears that first, verified or not', () => {
    spec
      .given([started])
      .when({ ...start, verifiedEmail: null })
      .thenRefused({ kind: 'conflict', code: 'trial_already_used' });
  });

  it('sends the ends-tomorrow reminder once, only for a started trial', () => {
    spec.given([]).when({ kind: 'remind', userId }).thenNothing();
    const sent = spec
      .given([started])
      .when({ kind: 'remind', userId })
      .then([{ type: 'TrialReminderSent', data: { trialId, userId } }]);
    spec
      .given([started, ...sent])
      .when({ kind: 'remind', userId })
      .thenNothing();
  });

  it('skips the reminder for good when notifications are off', () => {
    spec.given([]).when({ kind: 'skip-reminder', userId }).thenNothing();
    const skipped = spec
      .given([started])
      .when({ kind: 'skip-reminder', userId })
      .then([{ type: 'TrialReminderSkipped', data: { trialId, userId } }]);
    spec
      .given([started, ...skipped])
      .when({ kind: 'remind', userId })
      .thenNothing();
  });
});

describe('one trial per e-mail address', () => {
  const spec = deciderSpec(trialEmailDecider);
  const claimed = { type: 'TrialEmailClaimed', data: { trialId, userId } } as const;

  it('an address claimed by one account refuses another', () => {
    spec.given([]).when({ kind: 'claim', trialId, userId }).then([claimed]);
    spec
      .given([claimed])
      .when({ kind: 'claim', trialId, userId: otherUser })
      .thenRefused({ kind: 'conflict', code: 'trial_email_used', message: /correo/ });
  });

  it.each([
    'ana@iglesia.org',
    ' Ana@Iglesia.org ',
    'ANA@IGLESIA.ORG',
    'ana+trial@iglesia.org',
    '  Ana+Otra.Vez@Iglesia.ORG',
  ])('%j is the same address as ana@iglesia.org', (variant) => {
    expect(normalizeTrialEmail(variant)).toBe('ana@iglesia.org');
    expect(trialEmailStreamId(variant)).toBe(trialEmailStreamId('ana@iglesia.org'));
  });

  it.each([
    'ab@gmail.com',
    'a.b@gmail.com',
    'A.B+x@googlemail.com',
    'a.b+x@googlemail.com',
    ' AB+trial@Gmail.com ',
    'a..b.@googlemail.com',
  ])('%j is the same Gmail mailbox as ab@gmail.com', (variant) => {
    expect(normalizeTrialEmail(variant)).toBe('ab@gmail.com');
    expect(trialEmailStreamId(variant)).toBe(trialEmailStreamId('ab@gmail.com'));
  });

  it('a claimed Gmail address refuses its dotted, tagged googlemail.com form', () => {
    const claimedAb = {
      type: 'TrialEmailClaimed',
      data: { trialId, userId },
    } as const;
    // Both forms are the same claim stream, so the second account meets the first's claim.
    expect(trialEmailStreamId('a.b+x@googlemail.com')).toBe(trialEmailStreamId('ab@gmail.com'));
    spec
      .given([claimedAb])
      .when({ kind: 'claim', trialId, userId: otherUser })
      .thenRefused({ kind: 'conflict', code: 'trial_email_used' });
  });

  it('other addresses stay apart (dots and other domains count)', () => {
    // Dots matter outside Gmail.
    expect(normalizeTrialEmail('a.b@outlook.com')).not.toBe('ab@outlook.com');
    expect(normalizeTrialEmail('ab@gmail.co')).toBe('ab@gmail.co');
    expect(normalizeTrialEmail('a.na@iglesia.org')).not.toBe('ana@iglesia.org');
    expect(normalizeTrialEmail('ana@iglesia.com')).not.toBe('ana@iglesia.org');
    // A "+" that starts the local part is the address itself, not a tag.
    expect(normalizeTrialEmail('+ana@iglesia.org')).toBe('+ana@iglesia.org');
  });
});
