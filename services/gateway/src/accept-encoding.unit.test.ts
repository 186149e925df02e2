import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './accept-encoding.js';

describe('acceptedEncodings', () => {
  it.each([
    [undefined, { br: false, gzip: false }],
    ['', { br: false, gzip: false }],
    ['gzip, deflate, br, zstd', { br: true, gzip: true }],
    ['gzip', { br: false, gzip: true }],
    ['BR;q=0.5', { br: true, gzip: false }],
    ['br;q=0, gzip', { br: false, gzip: true }],
    ['*', { br: true, gzip: true }],
    ['gzip;q=0, *', { br: true, gzip: false }],
    ['identity', { br: false, gzip: false }],
  ])('%j -> %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
