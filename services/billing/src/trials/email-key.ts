import { createHash } from 'node:crypto';

/**
 * The e-mail as the one-trial-per-address rule compares it: surrounding spaces and case are
 * ignored, and so is a `+tag` in the local part (ana+1@x.org is ana@x.org).
 */
export function normalizeTrialEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}@${domain}`;
}

/** The stream that claims an address for a trial; hashed, so stream ids hold no e-mail. */
export const trialEmailStreamId = (email: string): string =>
  `trial-email-${createHash('sha256').update(normalizeTrialEmail(email)).digest('hex')}`;
