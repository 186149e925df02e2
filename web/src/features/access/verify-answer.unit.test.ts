import { describe, expect, it } from 'vitest';
import { readVerifyFailure } from './verify-answer';

describe('the access check’s refusals', () => {
  it('take a 401, or a proof code, as the neutral answer', () => {
    expect(readVerifyFailure(401, '{"message":"Sign in","code":"unauthorized"}')).toEqual({
      kind: 'needsProof',
    });
    expect(readVerifyFailure(403, '{"message":"x","code":"proof_required"}')).toEqual({
      kind: 'needsProof',
    });
  });

  it('take a 403 or 404 as a definite no', () => {
    expect(readVerifyFailure(403, '{"message":"No access","code":"no_access"}')).toEqual({
      kind: 'denied',
    });
    expect(readVerifyFailure(404, '')).toEqual({ kind: 'denied' });
  });

  it('pass on why a request was refused before any check', () => {
    expect(readVerifyFailure(429, '{"message":"Too many attempts"}')).toEqual({
      kind: 'refused',
      message: 'Too many attempts',
    });
    expect(readVerifyFailure(400, 'not json')).toEqual({ kind: 'refused', message: '400' });
  });
});
