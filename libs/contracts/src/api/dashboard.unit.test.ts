import { describe, expect, it } from 'vitest';
import { dashboardResponseSchema } from './dashboard.js';
import { messages } from './messages.fixture.js';

describe('dashboard', () => {
  const spec = {
    user: { name: 'Ana' },
    availableProducts: [
      { id: 'apocalipsis', name: 'A', description: 'D', price: 9.99, purchased: false },
    ],
    purchasedGpts: [],
    payments: [],
  };

  it("parses the spec's four fields alone", () => {
    expect(dashboardResponseSchema.parse(spec)).toEqual(spec);
  });

  it('carries how each product is held and the access code, optionally', () => {
    const extended = {
      ...spec,
      availableProducts: [
        {
          ...spec.availableProducts[0]!,
          purchased: true,
          access: { source: 'trial', until: '2026-11-24T10:00:00.000Z' },
        },
      ],
      accessCode: 'MIA-7K2P-9QXD',
    };
    expect(dashboardResponseSchema.parse(extended)).toEqual(extended);
    const wrong = structuredClone(extended);
    wrong.availableProducts[0]!.access.source = 'loan' as never;
    expect(messages(dashboardResponseSchema, wrong)).toHaveLength(1);
  });
});
