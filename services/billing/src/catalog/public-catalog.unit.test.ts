import { describe, expect, it } from 'vitest';
import { matchesEtag } from './public-catalog.js';

describe('If-None-Match against the catalogue ETag', () => {
  const etag = '"abc"';

  it('matches the tag, a list holding it, its weak spelling and *', () => {
    for (const header of ['"abc"', '"x", "abc"', 'W/"abc"', '*']) {
      expect(matchesEtag(header, etag)).toBe(true);
    }
  });

  it('does not match another tag, nor no header', () => {
    for (const header of ['"abd"', 'abc', '', undefined]) {
      expect(matchesEtag(header, etag)).toBe(false);
    }
  });
});
