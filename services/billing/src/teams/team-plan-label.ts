import type { MailLocale } from '../mail/templates/layout.js';

/** What a team plan's payments are called in the payment history and its receipts. */
export function teamPlanLabel(team: { name: string; seats: number }, locale: MailLocale): string {
  return locale === 'en'
    ? `Team plan “${team.name}” · ${team.seats} seats`
    : `Plan de equipo «${team.name}» · ${team.seats} asientos`;
}
