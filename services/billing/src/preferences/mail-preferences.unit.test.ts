import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { mailPreferencesDecider, type NoteOptionalMails } from './mail-preferences.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const spec = deciderSpec(mailPreferencesDecider);
const note = (allowed: boolean, changedAt: string): NoteOptionalMails => ({
  userId,
  allowed,
  changedAt,
});
const noted = (allowed: boolean, changedAt: string) => ({
  type: 'OptionalMailsNoted' as const,
  data: note(allowed, changedAt),
});

describe('mail preferences', () => {
  it('allow optional mails until access reports the switch off', () => {
    expect(spec.given([]).state.allowed).toBe(true);
    spec
      .given([])
      .when(note(false, '2026-03-01T10:00:00.000Z'))
      .then([noted(false, '2026-03-01T10:00:00.000Z')]);
    expect(spec.given([noted(false, '2026-03-01T10:00:00.000Z')]).state.allowed).toBe(false);
  });

  it('ignore a change older than (or as old as) the one noted', () => {
    const given = spec.given([noted(false, '2026-03-01T10:00:00.000Z')]);
    given.when(note(true, '2026-03-01T09:00:00.000Z')).then([]);
    given.when(note(true, '2026-03-01T10:00:00.000Z')).then([]);
    given
      .when(note(true, '2026-03-01T11:00:00.000Z'))
      .then([noted(true, '2026-03-01T11:00:00.000Z')]);
  });
});
