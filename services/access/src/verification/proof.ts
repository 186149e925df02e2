// The access page's proof rule, as a pure function: the route gathers the facts (who is
// calling, which account the e-mail names, whose access code was typed) and this decides whose
// access, if anyone's, the caller may learn. Keeping it free of I/O lets every case be stated
// given/when/then, and keeps the route from growing a second, slightly different rule.

export interface ProofFacts {
  /** The signed-in caller, if any, with the e-mail of their account. */
  caller: { userId: string; role: 'user' | 'admin'; email: string | null } | null;
  /** The e-mail typed on the page, normalised (trimmed, lower case). */
  email: string;
  /** The account that e-mail names, when there is one. */
  account: { userId: string } | null;
  /** The owner of the access code typed on the page, when one was typed and it is valid. */
  codeOwner: { userId: string; email: string } | null;
}

export type Proof =
  /** The caller may learn this account's access. */
  | { kind: 'proven'; userId: string }
  /** An admin asked about an e-mail no account has: only admins are told so. */
  | { kind: 'unknown_email' }
  /** No proof: the same neutral answer whether or not the account exists. */
  | { kind: 'none' };

export function proveOwnership(facts: ProofFacts): Proof {
  const { caller, email, account, codeOwner } = facts;
  if (caller?.role === 'admin') {
    return account ? { kind: 'proven', userId: account.userId } : { kind: 'unknown_email' };
  }
  if (caller && caller.email === email) return { kind: 'proven', userId: caller.userId };
  if (codeOwner && codeOwner.email === email) return { kind: 'proven', userId: codeOwner.userId };
  return { kind: 'none' };
}
