import { createHash } from 'node:crypto';

/** Domains whose mailboxes ignore dots in the local part, and each other's names (Gmail). */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The e-mail as the one-trial-per-address rule compares it: surrounding spaces and case are
 * ignored, and so is a `+tag` in the local part (ana+1@x.org is ana@x.org). Gmail delivers
 * a.n.a@gmail.com and ana@googlemail.com to ana@gmail.com too, so for gmail.com and
 * googlemail.com the dots go and both domains are gmail.com.
 */
export function normalizeTrialEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The stream that claims an address for a trial; hashed, so stream ids hold no e-mail. */
export const trialEmailStreamId = (email: string): string =>
  `trial-email-${createHash('sha256').update(normalizeTrialEmail(email)).digest('hex')}`;
