import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './next-path';

describe('the path a sign-in returns to', () => {
  it.each([
    ['/oauth/consent/abc123', '/oauth/consent/abc123'],
    ['/dashboard', '/dashboard'],
    ['/support/tickets?status=open#top', '/support/tickets?status=open#top'],
    ['/a/../dashboard', '/dashboard'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['dashboard'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    [' /dashboard'],
    ['/auth'],
    ['/auth?next=/auth'],
    ['/login'],
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('builds a sign-in link that comes back to the page, read back as the same path', () => {
    const link = signInPath('/oauth/consent/a b?x=1&y=2');
    expect(link).toBe('/auth?next=%2Foauth%2Fconsent%2Fa%20b%3Fx%3D1%26y%3D2');
    const next = new URL(link, 'http://x').searchParams.get('next');
    expect(next).toBe('/oauth/consent/a b?x=1&y=2');
    expect(safeNextPath(next)).toBe('/oauth/consent/a%20b?x=1&y=2');
  });
});
