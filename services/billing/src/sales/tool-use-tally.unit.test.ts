import { describe, expect, it } from 'vitest';
import { tallyToolUses } from './tool-use-tally.js';

const use = (productId: string, at: string) => ({
  type: 'ToolUseNoted',
  data: { userId: '3f2a1c4e-9b7d-4e2a-8c1f-0a1b2c3d4e5f', productId, via: 'dashboard', at },
});

describe('tallyToolUses', () => {
  it('given uses of two tools over a UTC midnight, when tallied, then counted per UTC day and tool', () => {
    expect(
      tallyToolUses([
        use('apocalipsis', '2026-03-01T23:59:59.999Z'),
        use('apocalipsis', '2026-03-01T10:00:00.000Z'),
        // 20:30 in Bogotá is already the next UTC day.
        use('apocalipsis', '2026-03-01T20:30:00.000-05:00'),
        use('manual-ceremonias', '2026-03-01T00:00:00.000Z'),
        { type: 'PaymentSucceeded', data: {} },
      ]),
    ).toEqual([
      { day: '2026-03-01', productId: 'apocalipsis', uses: 2 },
      { day: '2026-03-02', productId: 'apocalipsis', uses: 1 },
      { day: '2026-03-01', productId: 'manual-ceremonias', uses: 1 },
    ]);
  });

  it('nothing to add without uses', () => {
    expect(tallyToolUses([])).toEqual([]);
  });
});
