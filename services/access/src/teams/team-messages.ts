import { DomainError } from '@mia/service-kit';

// The team routes' refusals in the caller's language (the decider's codes, es and en).
const MESSAGES: Record<string, { es: string; en: string }> = {
  team_not_found: { es: 'No encontramos ese equipo.', en: 'We could not find that team.' },
  invitation_not_found: {
    es: 'La invitación no existe o ya se usó.',
    en: 'The invitation does not exist or was already used.',
  },
  invitation_expired: {
    es: 'La invitación ha caducado. Pide a quien te invitó que te la envíe de nuevo.',
    en: 'The invitation has expired. Ask whoever invited you to send it again.',
  },
  email_not_verified: {
    es: 'Confirma tu correo electrónico antes de aceptar la invitación.',
    en: 'Confirm your e-mail address before accepting the invitation.',
  },
  invitation_for_another_email: {
    es: 'Esta invitación es para otra dirección de correo: entra con la cuenta de esa dirección.',
    en: 'This invitation is for another e-mail address: sign in with that address’s account.',
  },
  already_member: {
    es: 'Esa persona ya está en el equipo.',
    en: 'That person is already on the team.',
  },
  no_seats_left: {
    es: 'No quedan plazas libres en el equipo.',
    en: 'There are no free seats left on the team.',
  },
  team_plan_ended: { es: 'El plan del equipo ha terminado.', en: 'The team’s plan has ended.' },
  member_not_found: {
    es: 'Esa persona no está en el equipo.',
    en: 'That person is not on the team.',
  },
};

/** The same refusal with its message in `language`. */
export function inLanguage(error: unknown, language: 'es' | 'en'): unknown {
  if (!(error instanceof DomainError)) return error;
  const message = MESSAGES[error.code]?.[language];
  return message ? new DomainError(error.kind, error.code, message, error.details) : error;
}
