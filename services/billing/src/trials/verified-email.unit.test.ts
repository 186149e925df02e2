import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { verifiedEmailDecider, type NoteEmailVerified } from './verified-email.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const note = (email: string, verifiedAt: string): NoteEmailVerified => ({
  userId,
  email,
  verifiedAt,
});
const noted = (email: string, verifiedAt: string) => ({
  type: 'EmailVerificationNoted' as const,
  data: note(email, verifiedAt),
});

describe('verified e-mail (from identity)', () => {
  const spec = deciderSpec(verifiedEmailDecider);

  it('notes the first verification, and the same address again decides nothing', () => {
    spec
      .given([])
      .when(note('ana@iglesia.org', '2026-03-01T10:00:00.000Z'))
      .then([noted('ana@iglesia.org', '2026-03-01T10:00:00.000Z')]);
    spec
      .given([noted('ana@iglesia.org', '2026-03-01T10:00:00.000Z')])
      .when(note('ana@iglesia.org', '2026-03-02T10:00:00.000Z'))
      .thenNothing();
  });

  it('keeps the later of two addresses, whichever arrives first', () => {
    const given = spec.given([noted('nueva@iglesia.org', '2026-03-02T10:00:00.000Z')]);
    given.when(note('vieja@iglesia.org', '2026-03-01T10:00:00.000Z')).thenNothing();
    given
      .when(note('otra@iglesia.org', '2026-03-03T10:00:00.000Z'))
      .then([noted('otra@iglesia.org', '2026-03-03T10:00:00.000Z')]);
  });
});
