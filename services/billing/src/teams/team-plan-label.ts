import type { MailLocale } from '../mail/templates/layout.js';

/** What a team plan's payments are called in the payment history and its receipts. */
export function teamPlanLabel(team: { name: string; seats: number }, locale: MailLocale): string {
  return locale === 'en'
    ? `Team plan “${team.name}” · ${team.seats} seats`
    : `Plan de equipo «${team.name}» · ${team.seats} asientos`;
}

const SPANISH_LABEL = /^Plan de equipo «(.+)» · (\d+) asientos$/u;

/**
 * A stored payment description in the reader's language: payments keep the Spanish label (as
 * plan names are kept), and a team plan's is told again in English for an English reader.
 */
export function describedIn(description: string, locale: MailLocale): string {
  const team = locale === 'en' ? SPANISH_LABEL.exec(description) : null;
  return team ? teamPlanLabel({ name: team[1]!, seats: Number(team[2]) }, 'en') : description;
}
