import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client defaults (spec section 7)', () => {
  it('keeps data fresh for five minutes, never retries, refetches on focus or polls', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 300_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});
