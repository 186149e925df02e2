import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { verifiedEmailDecider } from './verified-email.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const spec = deciderSpec(verifiedEmailDecider);
const noted = (email: string, verifiedAt: string) => ({
  type: 'EmailVerificationNoted' as const,
  data: { userId, email, verifiedAt },
});

describe('a verified address', () => {
  it('is noted once, lower-cased', () => {
    spec
      .given([])
      .when({ userId, email: 'Ana@Iglesia.org', verifiedAt: '2026-03-01T09:00:00.000Z' })
      .then([noted('ana@iglesia.org', '2026-03-01T09:00:00.000Z')]);
    spec
      .given([noted('ana@iglesia.org', '2026-03-01T09:00:00.000Z')])
      .when({ userId, email: 'ana@iglesia.org', verifiedAt: '2026-03-01T09:00:00.000Z' })
      .thenNothing();
  });

  it('follows the later verification, whichever arrives first', () => {
    spec
      .given([noted('nueva@iglesia.org', '2026-03-05T09:00:00.000Z')])
      .when({ userId, email: 'vieja@iglesia.org', verifiedAt: '2026-03-01T09:00:00.000Z' })
      .thenNothing();
    spec
      .given([noted('vieja@iglesia.org', '2026-03-01T09:00:00.000Z')])
      .when({ userId, email: 'nueva@iglesia.org', verifiedAt: '2026-03-05T09:00:00.000Z' })
      .then([noted('nueva@iglesia.org', '2026-03-05T09:00:00.000Z')]);
  });
});
