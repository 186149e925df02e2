import { describe, expect, it } from 'vitest';
import { proveOwnership, type ProofFacts } from './proof.js';

const ANA = { userId: 'u-ana', email: 'ana@example.com' };
const BEN = { userId: 'u-ben', email: 'ben@example.com' };

/** Given the facts the route gathered, when the rule runs, then this proof. */
const given = (facts: Partial<ProofFacts>) => ({
  then: (expected: ReturnType<typeof proveOwnership>) =>
    expect(
      proveOwnership({ caller: null, email: ANA.email, account: null, codeOwner: null, ...facts }),
    ).toEqual(expected),
});

describe('the access page proof rule', () => {
  it('a visitor without a session or code learns nothing, account or not', () => {
    given({ account: { userId: ANA.userId } }).then({ kind: 'none' });
    given({ email: 'nobody@example.com' }).then({ kind: 'none' });
  });

  it('a session for that e-mail proves its own account', () => {
    given({
      caller: { ...ANA, role: 'user' },
      account: { userId: ANA.userId },
    }).then({ kind: 'proven', userId: ANA.userId });
  });

  it("a session for another e-mail does not prove someone else's account", () => {
    given({ caller: { ...BEN, role: 'user' }, account: { userId: ANA.userId } }).then({
      kind: 'none',
    });
  });

  it('a session whose account e-mail is unknown proves nothing', () => {
    given({ caller: { userId: ANA.userId, role: 'user', email: null } }).then({ kind: 'none' });
  });

  it("the account's own access code proves it without a session", () => {
    given({ account: { userId: ANA.userId }, codeOwner: ANA }).then({
      kind: 'proven',
      userId: ANA.userId,
    });
  });

  it("another account's access code proves nothing about this e-mail", () => {
    given({ account: { userId: ANA.userId }, codeOwner: BEN }).then({ kind: 'none' });
  });

  it("a stranger's session with the owner's code still proves the owner", () => {
    given({
      caller: { ...BEN, role: 'user' },
      account: { userId: ANA.userId },
      codeOwner: ANA,
    }).then({ kind: 'proven', userId: ANA.userId });
  });

  it("an admin learns any account's access", () => {
    given({ caller: { ...BEN, role: 'admin' }, account: { userId: ANA.userId } }).then({
      kind: 'proven',
      userId: ANA.userId,
    });
  });

  it('an admin is told when no account has the e-mail; nobody else is', () => {
    given({ caller: { ...BEN, role: 'admin' } }).then({ kind: 'unknown_email' });
    given({ caller: { ...BEN, role: 'user' } }).then({ kind: 'none' });
  });
});
