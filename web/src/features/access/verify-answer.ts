/**
 * What the public access check said. Spec section 7: an ok answer means access is allowed.
 * A definite "no" needs proof (the user's access code, or a session for that e-mail); without
 * it access answers neutrally and the page asks the visitor to sign in.
 */
export type VerifyOutcome =
  | { kind: 'granted' }
  | { kind: 'denied' }
  | { kind: 'needsProof' }
  /** Refused before checking anything (too many attempts, a malformed request). */
  | { kind: 'refused'; message: string };

const PROOF_CODES = new Set(['proof_required', 'needs_proof', 'sign_in_required']);

function errorBody(raw: string): { message?: string; code?: string } {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    const { message, code } = parsed as Record<string, unknown>;
    return {
      message: typeof message === 'string' ? message : undefined,
      code: typeof code === 'string' ? code : undefined,
    };
  } catch {
    return {};
  }
}

/** Reads a failed answer: 401 (or a proof code) is the neutral one, 403/404 a definite no. */
export function readVerifyFailure(status: number, raw: string): VerifyOutcome {
  const body = errorBody(raw);
  if (status === 401 || (body.code && PROOF_CODES.has(body.code))) return { kind: 'needsProof' };
  if (status === 429 || status === 400) {
    return { kind: 'refused', message: body.message ?? `${status}` };
  }
  return { kind: 'denied' };
}
