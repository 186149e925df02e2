import { describe, expect, it } from 'vitest';
import { clientLabel, scopeLines } from './consent-copy';

const texts = {
  'tools:use': 'comprobar tu acceso y contar tus usos',
  offline_access: 'seguir conectada hasta que revoques el acceso',
};

describe('what the consent screen says a tool may do', () => {
  it('says each known scope in words, once, in the order asked', () => {
    expect(scopeLines(['offline_access', 'tools:use', 'tools:use'], texts)).toEqual([
      texts.offline_access,
      texts['tools:use'],
    ]);
  });

  it('leaves out openid, which grants nothing beyond the account shown', () => {
    expect(scopeLines(['openid', 'tools:use'], texts)).toEqual([texts['tools:use']]);
  });

  it('shows a scope it has no words for as it is, rather than hiding it', () => {
    expect(scopeLines(['tools:use', 'admin:all'], texts)).toEqual([
      texts['tools:use'],
      'admin:all',
    ]);
  });

  it('does not take an inherited property for a scope text', () => {
    expect(scopeLines(['toString'], texts)).toEqual(['toString']);
  });
});

describe('the name a tool is shown by', () => {
  it('is its registered name, or its id when it sent none', () => {
    expect(clientLabel({ id: 'c1', name: 'Claude' })).toBe('Claude');
    expect(clientLabel({ id: 'c1', name: '  ' })).toBe('c1');
  });
});
